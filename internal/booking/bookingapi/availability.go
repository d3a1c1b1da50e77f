package bookingapi

// Free times: /api/mechmate/departments/closestAvailable (a stream of the
// nearest workshops that can do the services) and timeslots.

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"time"

	"forecourt/internal/booking"
	"forecourt/internal/httpguard"
	"forecourt/internal/vehicles"
)

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
// every chosen service, and why: the first message of a
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
	// The opening hours as the workshops keep them in the store today.
	ids := make([]string, 0, end-start)
	for _, c := range cands[start:end] {
		ids = append(ids, c.w.DepartmentID)
	}
	today := booking.DateOf(a.Engine.Now())
	weeks, err := a.Engine.Operating(ctx, ids, today, today)
	if err != nil {
		a.log().Error("closestAvailable failed", "err", err)
		send(map[string]string{"error": msgOther})
		send(map[string]bool{"end": true, "more": false})
		return nil
	}
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
		if ow := weeks[c.w.DepartmentID]; ow != nil {
			site.OpeningHours = ow.OpeningHours()
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
	ws, err := a.workshop(r.PathValue("dep"))
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
