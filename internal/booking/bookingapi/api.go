// Package bookingapi is the HTTP adapter of the service booking
// (/api/mechmate/…, /api/places) and of the booking page
// (/api/bookings/manage/…): it decodes requests, converts them for the
// booking use case (booking.Service) and the engine's reads, and maps
// errors to the contract's shape. The rules (offerings, prices, job
// minutes, horizons) and the steps after a change (mails, text messages,
// reminders) live in internal/booking. One file per route family:
// vehicle.go, availability.go, book.go, manage.go, places.go.
package bookingapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"forecourt/internal/booking"
	"forecourt/internal/errs"
	"forecourt/internal/httpguard"
	"forecourt/internal/places"
	"forecourt/internal/vehicles"
	"forecourt/internal/web"
)

// Limits of the public endpoints.
const (
	MaxBody        = 16 << 10 // bytes of a booking request
	MaxServices    = 10       // offerings in one request
	MaxMileage     = 100_000  // Swedish mil
	FirstSlotWeeks = 8        // firstTimeSlot looks this far ahead
	TimeslotDays   = 7        // days of one timeslots answer
)

// HorizonWeeks is how far ahead the calendar offers times and books
// (booking.HorizonWeeks).
const HorizonWeeks = booking.HorizonWeeks

// Limiter counts hits per key in a window (internal/ratelimit).
type Limiter interface {
	Allow(ctx context.Context, key string, limit int, window time.Duration) (ok bool, retryAfter time.Duration, err error)
}

// API holds what the handlers need.
type API struct {
	// Engine answers the reads (availability); Bookings makes every change
	// (book, move, cancel) with its steps. Mount makes Bookings over Engine
	// and Links when it is nil.
	Engine   *booking.Engine
	Bookings *booking.Service
	Vehicles vehicles.Provider
	Places   *places.Gazetteer
	Limiter  Limiter
	// PublicURL is the site's public origin for links in mails ("" = the
	// request's origin).
	PublicURL string
	Log       *slog.Logger
	// SiteOf names the forecourt site of a request (whose workshops are
	// listed); nil: every workshop.
	SiteOf func(r *http.Request) string
	// SiteHosts are the hosts the request's site answers on (links in
	// mails use only these, or loopback, when PublicURL is empty).
	SiteHosts func(r *http.Request) []string
	// StreamTimeout bounds one closestAvailable stream (default 15 s).
	StreamTimeout time.Duration
	// BookLimit bookings per client address per BookWindow (default 20 per 10 min).
	BookLimit  int
	BookWindow time.Duration
	// StreamLimit streams per client address a minute (default 60).
	StreamLimit int
	// Guard is the defence of the state-changing calls (book, cancel):
	// same-origin Origin, JSON only, the body bound (MaxBody when unset).
	// Its zero value admits loopback origins only.
	Guard httpguard.Mutation
	// Links signs and checks the links to a booking's page
	// (booking.ManagePath); Bookings.Links when nil.
	Links *booking.Links
}

// Mount mounts the routes (for web.Deps.Extra).
func (a *API) Mount(mux *http.ServeMux, srv *web.Server) {
	if a.Bookings == nil {
		a.Bookings = booking.NewService(a.Engine, a.Links)
	}
	if a.Links == nil {
		a.Links = a.Bookings.Links
	}
	route := func(pattern, name string, h func(w http.ResponseWriter, r *http.Request) error) {
		srv.Route(mux, pattern, name, func(w http.ResponseWriter, r *http.Request) error {
			if err := h(w, r); err != nil {
				writeError(w, r, a.log(), err)
			}
			return nil
		})
	}
	route("GET /api/mechmate/car/{reg}", "mechmate-car", a.handleCar)
	route("GET /api/mechmate/authorized-workshop/{brand}", "mechmate-authorized", a.handleAuthorized)
	route("GET /api/mechmate/services/{reg}", "mechmate-services", a.handleOfferings(false))
	route("GET /api/mechmate/addons/{reg}", "mechmate-addons", a.handleOfferings(true))
	route("GET /api/mechmate/prices/{reg}/{mileage}/{dep}", "mechmate-prices", a.handlePrices)
	route("GET /api/mechmate/departments/closestAvailable", "mechmate-closest", a.handleClosest)
	route("GET /api/mechmate/timeslots/from/{reg}/{dep}/{date}", "mechmate-timeslots", a.handleTimeslots)
	route("GET /api/mechmate/timeslots/from/{reg}/{dep}/{date}/{$}", "mechmate-timeslots", a.handleTimeslots)
	guard := a.Guard
	if guard.MaxBody == 0 {
		guard.MaxBody = MaxBody
	}
	route("POST /api/mechmate/book", "mechmate-book", guard.Wrap(a.handleBook))
	route("GET /api/mechmate/bookings/{id}", "mechmate-booking", a.handleGetBooking)
	route("POST /api/mechmate/bookings/{id}/cancel", "mechmate-cancel", guard.Wrap(a.handleCancel))
	route("POST /api/bookings/manage", "booking-manage", guard.Wrap(a.handleManage))
	route("POST /api/bookings/manage/days", "booking-manage-days", guard.Wrap(a.handleManageDays))
	route("POST /api/bookings/manage/move", "booking-manage-move", guard.Wrap(a.handleManageMove))
	route("POST /api/bookings/manage/cancel", "booking-manage-cancel", guard.Wrap(a.handleManageCancel))
	route("GET /api/bookings/manage/calendar", "booking-manage-calendar", a.handleManageCalendar)
	route("GET /api/places", "places", a.handlePlaces)
	route("GET /api/places/nearest", "places-nearest", a.handleNearest)
}

func (a *API) log() *slog.Logger {
	if a.Log != nil {
		return a.Log
	}
	return slog.Default()
}

func writeJSON(w http.ResponseWriter, v any) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false) // cancelUrl keeps its "&"
	if err := enc.Encode(v); err != nil {
		return errs.Wrap(err, "encode answer")
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Write(b.Bytes())
	return nil
}

// workshops are the workshops of the request's site.
func (a *API) workshops(r *http.Request) []*booking.Workshop {
	site := ""
	if a.SiteOf != nil {
		site = a.SiteOf(r)
	}
	return a.Engine.Directory().All(site)
}

// lookup parses and looks up a plate.
func (a *API) lookup(ctx context.Context, raw string) (vehicles.Vehicle, error) {
	reg, err := vehicles.ParseReg(raw)
	if err != nil {
		return vehicles.Vehicle{}, err
	}
	return a.Vehicles.Lookup(ctx, reg)
}

// authorised reports whether a workshop of the site is authorised for brand.
func (a *API) authorised(r *http.Request, brand string) bool {
	for _, w := range a.workshops(r) {
		if w.HasBrand(brand) {
			return true
		}
	}
	return false
}

type carAnswer struct {
	IsSupported bool             `json:"isSupported"`
	Brand       string           `json:"brand"`
	Car         vehicles.Vehicle `json:"car"`
}

// handleCar serves "GET /api/mechmate/car/{reg}".
func (a *API) handleCar(w http.ResponseWriter, r *http.Request) error {
	// The register is personal data and a paid service: no bulk look-ups.
	if err := a.allow(r, "booking:car:ip:"+httpguard.ClientAddr(r), 120, 10*time.Minute); err != nil {
		return err
	}
	v, err := a.lookup(r.Context(), r.PathValue("reg"))
	if err != nil {
		return err
	}
	return writeJSON(w, carAnswer{IsSupported: vehicles.IsSupported(v.Brand), Brand: v.Brand, Car: v})
}

// handleAuthorized serves "GET /api/mechmate/authorized-workshop/{brand}"
// (spaces in the brand written as dashes).
func (a *API) handleAuthorized(w http.ResponseWriter, r *http.Request) error {
	brand := r.PathValue("brand")
	if brand == "" || utf8.RuneCountInString(brand) > 40 {
		return errInvalid("brand", "ogiltigt märke")
	}
	return writeJSON(w, map[string]bool{"hasBrand": a.authorised(r, brand)})
}

// coords reads optional lat/lng query values; ok false when absent or bad.
func coords(q map[string][]string, latKey, lngKey string) (lat, lng float64, ok bool) {
	get := func(k string) string {
		if v := q[k]; len(v) > 0 {
			return v[0]
		}
		return ""
	}
	la, err1 := strconv.ParseFloat(get(latKey), 64)
	lo, err2 := strconv.ParseFloat(get(lngKey), 64)
	if err1 != nil || err2 != nil || la < -90 || la > 90 || lo < -180 || lo > 180 {
		return 0, 0, false
	}
	return la, lo, true
}

// nearest is the nearest workshop of the site to the point (nil if none).
func (a *API) nearest(r *http.Request, lat, lng float64) *booking.Workshop {
	var best *booking.Workshop
	bestD := 0.0
	for _, w := range a.workshops(r) {
		if d := w.DistanceKm(lat, lng); best == nil || d < bestD {
			best, bestD = w, d
		}
	}
	return best
}

// handleOfferings serves "GET /api/mechmate/services/{reg}?lat&lng" and
// "GET /api/mechmate/addons/{reg}?lat&lng": prices at the workshop nearest
// to the place (list prices without one), for the car's typical mileage.
func (a *API) handleOfferings(addons bool) func(w http.ResponseWriter, r *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		v, err := a.lookup(r.Context(), r.PathValue("reg"))
		if err != nil {
			return err
		}
		cats := []booking.Category{}
		if vehicles.IsSupported(v.Brand) {
			var ws *booking.Workshop
			if lat, lng, ok := coords(r.URL.Query(), "lat", "lng"); ok {
				ws = a.nearest(r, lat, lng)
			}
			mileage := booking.TypicalMileage(v, a.Engine.Now().Year())
			cats = booking.Offerings(v, mileage, ws, a.authorised(r, v.Brand), addons)
		}
		return writeJSON(w, map[string]any{"serviceOfferingCategories": cats})
	}
}

var codePattern = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,39}$`)

// parseCodes reads a comma list of offering codes: 1..MaxServices known
// codes, no repeats.
func parseCodes(s string) ([]string, error) {
	if len(s) > 1000 {
		return nil, errInvalid("serviceOfferings", "för många tjänster")
	}
	var out []string
	seen := map[string]bool{}
	parts := strings.Split(s, ",")
	if len(parts) > MaxServices {
		return nil, errInvalid("serviceOfferings", fmt.Sprintf("högst %d tjänster", MaxServices))
	}
	for _, c := range parts {
		c = strings.TrimSpace(c)
		if c == "" {
			continue
		}
		if known, _ := booking.KnownOffering(c); !known || !codePattern.MatchString(c) {
			return nil, errUnknownService(c)
		}
		if !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		return nil, errInvalid("serviceOfferings", "välj minst en tjänst")
	}
	if len(out) > MaxServices {
		return nil, errInvalid("serviceOfferings", fmt.Sprintf("högst %d tjänster", MaxServices))
	}
	return out, nil
}

// handlePrices serves "GET /api/mechmate/prices/{reg}/{mileage}/{dep}?serviceOfferings=a,b".
func (a *API) handlePrices(w http.ResponseWriter, r *http.Request) error {
	v, err := a.lookup(r.Context(), r.PathValue("reg"))
	if err != nil {
		return err
	}
	mileage, err := strconv.Atoi(r.PathValue("mileage"))
	if err != nil || mileage < 1 || mileage > MaxMileage {
		return errInvalid("mileage", "Ange miltal")
	}
	ws, err := a.Engine.Workshop(r.PathValue("dep"))
	if err != nil {
		return err
	}
	codes, err := parseCodes(r.URL.Query().Get("serviceOfferings"))
	if err != nil {
		return err
	}
	offers := make([]booking.Offer, 0, len(codes))
	for _, c := range codes {
		o, _ := booking.PriceOf(c, v, mileage, ws)
		offers = append(offers, o)
	}
	return writeJSON(w, map[string]any{"offers": offers})
}

// WorkshopSite is one message of the closestAvailable stream.
type WorkshopSite struct {
	DepartmentID  string   `json:"departmentId"`
	SiteID        string   `json:"siteId"`
	SiteName      string   `json:"siteName"`
	Address       string   `json:"address"`
	Latitude      float64  `json:"latitude"`
	Longitude     float64  `json:"longitude"`
	DistanceKm    float64  `json:"distanceKm"`
	Brands        []string `json:"brands"`
	FirstTimeSlot *string  `json:"firstTimeSlot"`
	// OpeningHours are the workshop's week ("Måndag–Fredag 07:00–17:00").
	OpeningHours []string `json:"openingHours"`
}

// NearerSite is a workshop nearer than the first one listed that cannot do
// every chosen service, and why (issue 21.16): the first message of a
// closestAvailable stream, {"nearer": [...]}, when there are such.
type NearerSite struct {
	DepartmentID string          `json:"departmentId"`
	SiteName     string          `json:"siteName"`
	DistanceKm   float64         `json:"distanceKm"`
	Missing      []MissingReason `json:"missing"`
}

// MissingReason is a chosen service a nearer workshop cannot do.
type MissingReason struct {
	Code   string `json:"code"`
	Name   string `json:"name"`
	Reason string `json:"reason"`
}

// MaxNearer is how many nearer workshops a stream explains.
const MaxNearer = 3

// nearer explains the workshops nearer than the first capable one (or the
// nearest, when none is capable) that cannot do every service in codes.
func nearer(all []*booking.Workshop, v vehicles.Vehicle, codes []string, lat, lng, firstKm float64) []NearerSite {
	var out []NearerSite
	sorted := append([]*booking.Workshop(nil), all...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].DistanceKm(lat, lng) < sorted[j].DistanceKm(lat, lng) })
	for _, w := range sorted {
		d := w.DistanceKm(lat, lng)
		if len(out) == MaxNearer || (firstKm >= 0 && d >= firstKm) {
			break
		}
		miss := booking.Missing(w, v, codes)
		if len(miss) == 0 {
			continue
		}
		n := NearerSite{DepartmentID: w.DepartmentID, SiteName: w.SiteName, DistanceKm: float64(int(d*10+0.5)) / 10}
		for _, m := range miss {
			name := booking.OfferingName(m[0])
			why := name + " kräver utrustning som verkstaden saknar"
			switch m[1] {
			case booking.NeedsAuthorised:
				why = name + " kräver en verkstad auktoriserad för " + v.Brand
			case booking.NeedsCombustion:
				why = name + " görs inte på elbilar"
			}
			n.Missing = append(n.Missing, MissingReason{Code: m[0], Name: name, Reason: why})
		}
		out = append(out, n)
	}
	return out
}

const localLayout = "2006-01-02T15:04:05"

func (a *API) allow(r *http.Request, key string, limit int, window time.Duration) error {
	if a.Limiter == nil {
		return nil
	}
	ok, retry, err := a.Limiter.Allow(r.Context(), key, limit, window)
	if err != nil {
		return err
	}
	if !ok {
		return &apiError{Code: "RateLimited", Status: http.StatusTooManyRequests, Message: msgOther, RetryAfter: retry}
	}
	return nil
}

// handleClosest serves "GET /api/mechmate/departments/closestAvailable":
// a text/event-stream of the site's workshops that can do every chosen
// service, nearest first, each with its first free time, flushed one by
// one; then {"end": true, "more": …}. Bad parameters are answered before
// the stream starts, with a 4xx in the contract's error shape.
func (a *API) handleClosest(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	v, err := a.lookup(r.Context(), q.Get("regNo"))
	if err != nil {
		return err
	}
	codes, err := parseCodes(q.Get("serviceOfferings"))
	if err != nil {
		return err
	}
	lat, lng, ok := coords(q, "latitude", "longitude")
	if !ok {
		return errInvalid("latitude", "ogiltig position")
	}
	limit := 5
	if s := q.Get("limit"); s != "" {
		if limit, err = strconv.Atoi(s); err != nil || limit < 1 || limit > 20 {
			return errInvalid("limit", "limit är 1–20")
		}
	}
	sl := a.StreamLimit
	if sl == 0 {
		sl = 60
	}
	if err := a.allow(r, "booking:stream:ip:"+httpguard.ClientAddr(r), sl, time.Minute); err != nil {
		return err
	}
	type cand struct {
		w *booking.Workshop
		d float64
	}
	var cands []cand
	for _, ws := range a.workshops(r) {
		if booking.CanDo(ws, v, codes) {
			cands = append(cands, cand{ws, ws.DistanceKm(lat, lng)})
		}
	}
	sort.SliceStable(cands, func(i, j int) bool {
		if cands[i].d != cands[j].d {
			return cands[i].d < cands[j].d
		}
		return cands[i].w.SiteID < cands[j].w.SiteID
	})
	start := 0
	if cur := q.Get("cursor"); cur != "" {
		start = -1
		for i, c := range cands {
			if c.w.DepartmentID == cur {
				start = i + 1
				break
			}
		}
		if start < 0 {
			return booking.ErrUnknownDepartment
		}
	}
	timeout := a.StreamTimeout
	if timeout <= 0 {
		timeout = 15 * time.Second
	}
	ctx, cancel := context.WithTimeout(r.Context(), timeout)
	defer cancel()

	rc := http.NewResponseController(w)
	h := w.Header()
	h.Set("Content-Type", "text/event-stream; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	send := func(v any) bool {
		b, _ := json.Marshal(v)
		if _, err := fmt.Fprintf(w, "data: %s\n\n", b); err != nil {
			return false
		}
		rc.Flush()
		return true
	}
	if q.Get("cursor") == "" {
		firstKm := -1.0
		if len(cands) > 0 {
			firstKm = cands[0].d
		}
		if why := nearer(a.workshops(r), v, codes, lat, lng, firstKm); len(why) > 0 {
			send(map[string]any{"nearer": why})
		}
	}
	if len(cands) == 0 {
		send(map[string]bool{"nosites": true})
		send(map[string]bool{"end": true, "more": false})
		return nil
	}
	job := booking.Job{Minutes: booking.JobMinutes(codes, nil)}
	end := min(start+limit, len(cands))
	for _, c := range cands[start:end] {
		t, ok, err := a.Engine.FirstFree(ctx, c.w, FirstSlotWeeks*7, job)
		if err != nil {
			a.log().Error("closestAvailable failed", "department", c.w.DepartmentID, "err", err)
			send(map[string]string{"error": msgOther})
			send(map[string]bool{"end": true, "more": false})
			return nil
		}
		site := WorkshopSite{
			DepartmentID: c.w.DepartmentID, SiteID: strconv.FormatInt(c.w.SiteID, 10), SiteName: c.w.SiteName,
			Address: c.w.Address(), Latitude: c.w.Latitude, Longitude: c.w.Longitude,
			DistanceKm: float64(int(c.d*10+0.5)) / 10, Brands: c.w.BrandCodes(), OpeningHours: c.w.OpeningHours(),
		}
		if ok {
			s := t.In(c.w.Zone).Format(localLayout)
			site.FirstTimeSlot = &s
		}
		if !send(site) {
			return nil
		}
	}
	send(map[string]bool{"end": true, "more": end < len(cands)})
	return nil
}

type weekDay struct {
	Date                string   `json:"date"`
	AvailableSlots      []string `json:"availableSlots"`
	AllDaySlotAvailable bool     `json:"allDaySlotAvailable"`
	// Closed: the workshop takes nothing that day (its week, a public
	// holiday or a deviation day), as against a day that is fully booked.
	Closed bool `json:"closed,omitempty"`
	// ClosedName names the holiday or deviation day ("Juldagen"); empty on
	// a day the week keeps closed.
	ClosedName string `json:"closedName,omitempty"`
}

// handleTimeslots serves "GET /api/mechmate/timeslots/from/{reg}/{dep}/{YYYY-MM-DD}T00:00:00/?serviceOfferings=a,b":
// seven days of starts; on any problem an empty list (the spec).
func (a *API) handleTimeslots(w http.ResponseWriter, r *http.Request) error {
	empty := func(reason string, err error) error {
		a.log().Info("timeslots answered empty", "reason", reason, "err", err)
		return writeJSON(w, []weekDay{})
	}
	v, err := a.lookup(r.Context(), r.PathValue("reg"))
	if err != nil {
		return empty("vehicle", err)
	}
	ws, err := a.Engine.Workshop(r.PathValue("dep"))
	if err != nil {
		return empty("department", err)
	}
	ds, _, _ := strings.Cut(r.PathValue("date"), "T")
	from, err := booking.ParseDate(ds)
	if err != nil {
		return empty("date", err)
	}
	if from.Before(booking.DateOf(a.Engine.Now().In(ws.Zone))) {
		return empty("date in the past", nil)
	}
	codes, err := parseCodes(r.URL.Query().Get("serviceOfferings"))
	if err != nil || !booking.CanDo(ws, v, codes) {
		return empty("services", err)
	}
	to, last := from.AddDays(TimeslotDays-1), a.Bookings.LastBookable(ws)
	if last.Before(from) {
		return empty("beyond the horizon", nil)
	}
	if last.Before(to) {
		to = last
	}
	days, err := a.Engine.Days(r.Context(), ws.DepartmentID, from, to, booking.Job{Minutes: booking.JobMinutes(codes, nil)})
	if err != nil {
		return empty("days", err)
	}
	out := make([]weekDay, len(days))
	for i, d := range days {
		out[i] = weekDay{Date: d.Date.String(), AvailableSlots: d.Times(ws.Zone), AllDaySlotAvailable: d.FullDay, Closed: d.Closed != ""}
		if d.Closed != booking.ClosedWeekday {
			out[i].ClosedName = d.Closed
		}
	}
	return writeJSON(w, out)
}

// readBody reads at most MaxBody bytes.
func readBody(w http.ResponseWriter, r *http.Request, limit int64) ([]byte, error) {
	b, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		return nil, errTooLarge
	}
	if err != nil {
		return nil, errInvalid("body", "kunde inte läsa förfrågan")
	}
	return b, nil
}
