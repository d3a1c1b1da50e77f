package tirehotel

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"forecourt/internal/booking"
	"forecourt/internal/errs"
	"forecourt/internal/httpguard"
	"forecourt/internal/mail"
	"forecourt/internal/phone"
	"forecourt/internal/ratelimit"
)

// Wheel-change constants.
const (
	ServiceName      = "Hjulskifte med däckhotell"
	ServiceCode      = "wheelchange"
	WheelJobMinutes  = 30
	WindowStartDays  = 3 // the first bookable day is today + 3 (Europe/Stockholm)
	WindowMonths     = 3 // the last is today + 3 months
	maxFreeText      = 500
	maxReviewComment = 500
	localLayout      = "2006-01-02T15:04:05"
)

// errSlotTaken is the booking engine's answer for a start taken meanwhile.
var errSlotTaken = booking.ErrTimeslotNotAvailable

// WheelChange books wheel changes for signed-in customers through the
// booking use case (the engine's capacity transaction, idempotency and
// calendar files, and the steps after a booking: text messages, owner
// reminders) and keeps the portal's confirmations and reviews.
type WheelChange struct {
	Store *Store
	// Engine answers the reads; Bookings books, with the steps after it,
	// and takes the wheel change's Flow (moves, cancellations).
	Engine   *booking.Engine
	Bookings *booking.Service
	Log      *slog.Logger
	Now      func() time.Time
	// Limiter bounds each customer's calls: Reads (days, slots) and
	// Writes (bookings, reviews) per agreement; nil turns it off.
	Limiter Limiter
	Reads   ratelimit.Limit
	Writes  ratelimit.Limit
}

// Flow is the wheel change's part in moves and cancellations made through
// the booking use case: the portal's window, its record kept in step and
// the agreement's number for the text messages.
func (wc *WheelChange) Flow() *booking.Flow {
	return &booking.Flow{Name: booking.FlowWheelChange, Service: ServiceName, RebookPath: "/dackhotell",
		Window:  func(w *booking.Workshop) (booking.Date, booking.Date) { return wc.Window(w.Zone) },
		MovedTx: wc.MovedTx,
		PhoneTx: func(ctx context.Context, tx *sql.Tx, b booking.Booking) (string, error) {
			return wc.Store.PhoneOfBookingTx(ctx, tx, b.ID)
		}}
}

// DefaultReads and DefaultWrites are the per-customer bounds of the
// booking calls: browsing months of a calendar, and a few bookings.
var (
	DefaultReads  = ratelimit.Limit{N: 300, Window: 10 * time.Minute}
	DefaultWrites = ratelimit.Limit{N: 20, Window: time.Hour}
)

// allow counts a call of the session's customer. Errors: RateLimited.
func (wc *WheelChange) allow(ctx context.Context, s Session, kind string, l ratelimit.Limit) error {
	if wc.Limiter == nil || l.N <= 0 {
		return nil
	}
	ok, retry, err := wc.Limiter.Allow(ctx, fmt.Sprintf("tirehotel:%s:%d", kind, s.AgreementID), l.N, l.Window)
	if err != nil {
		return errs.Wrap(err, "rate limit")
	}
	if !ok {
		return rateLimited("För många förfrågningar. Försök igen om "+minutesText(retry)+".", retry)
	}
	return nil
}

func (wc *WheelChange) now() time.Time {
	if wc.Now != nil {
		return wc.Now()
	}
	return time.Now()
}

// Window returns the bookable days for a workshop zone: today+3 days to
// today+3 months (inclusive), local days.
func (wc *WheelChange) Window(loc *time.Location) (from, to booking.Date) {
	today := booking.DateOf(wc.now().In(loc))
	from = today.AddDays(WindowStartDays)
	t := time.Date(today.Year, today.Month+WindowMonths, today.Day, 12, 0, 0, 0, time.UTC)
	if t.Day() != today.Day { // 30 November + 3 months: the end of February
		t = time.Date(t.Year(), t.Month(), 0, 12, 0, 0, 0, time.UTC)
	}
	return from, booking.DateOf(t)
}

// vehicleOf returns the session's vehicle with the plate. Errors: Invalid
// for a malformed plate, Forbidden for a plate that is not the session's.
func (wc *WheelChange) vehicleOf(ctx context.Context, s Session, rawPlate string) (Agreement, Vehicle, error) {
	plate, ok := NormalizePlate(rawPlate)
	if !ok {
		return Agreement{}, Vehicle{}, errBadPlate
	}
	ag, err := wc.Store.Agreement(ctx, s.AgreementID)
	if err != nil {
		if errs.Is(err, errs.NotFound) {
			return ag, Vehicle{}, errNoSession
		}
		return ag, Vehicle{}, err
	}
	for _, v := range ag.Vehicles {
		if v.RegNo == plate {
			return ag, v, nil
		}
	}
	return ag, Vehicle{}, errs.E(errs.Forbidden, "Fordonet finns inte bland dina fordon.")
}

// workshopOf checks that erpID is the vehicle's workshop and returns it.
// Errors: Invalid for another workshop.
func (wc *WheelChange) workshopOf(v Vehicle, erpID string) (*booking.Workshop, error) {
	if erpID != v.Location.ErpID {
		return nil, &errs.Error{Code: errs.Invalid, Message: "Verkstaden hör inte till ditt däckhotellsavtal.",
			Fields: map[string]string{"workshopIdentifier": "fordonets verkstad är " + v.Location.ErpID}}
	}
	w, err := wc.Engine.Workshop(erpID)
	if err != nil {
		return nil, errs.E(errs.NotFound, "Verkstaden finns inte.")
	}
	return w, nil
}

// RangeRequest is the body of GetTimeslotDays and GetTimeslots.
type RangeRequest struct {
	StartDate string `json:"startDate"`
	EndDate   string `json:"endDate"`
	RegNo     string `json:"regNo"`
}

// parseRange checks a date range against the window. Errors: Invalid with fields.
func (wc *WheelChange) parseRange(r RangeRequest, loc *time.Location) (booking.Date, booking.Date, error) {
	fe := errs.FieldErrors{}
	first, last := wc.Window(loc)
	parse := func(field, s string) booking.Date {
		d, err := booking.ParseDate(s)
		if err != nil || len(s) != 10 {
			fe.Add(field, "ett datum som ÅÅÅÅ-MM-DD")
			return d
		}
		if d.Before(first) || last.Before(d) {
			fe.Add(field, fmt.Sprintf("mellan %s och %s", first, last))
		}
		return d
	}
	from, to := parse("startDate", r.StartDate), parse("endDate", r.EndDate)
	if len(fe) == 0 && to.Before(from) {
		fe.Add("endDate", "samma dag som startDate eller senare")
	}
	if err := fe.Err(fmt.Sprintf("Välj ett datum mellan %s och %s.", first, last)); err != nil {
		return from, to, err
	}
	return from, to, nil
}

// AvailableDate is one entry of GetTimeslotDays.
type AvailableDate struct {
	Date string `json:"date"`
}

// rangeAt is the workshop and the days of a Days or Slots call, once the
// session may read and the vehicle is the session's.
func (wc *WheelChange) rangeAt(ctx context.Context, s Session, erpID string, req RangeRequest) (*booking.Workshop, booking.Date, booking.Date, error) {
	if err := wc.allow(ctx, s, "read", wc.Reads); err != nil {
		return nil, booking.Date{}, booking.Date{}, err
	}
	_, v, err := wc.vehicleOf(ctx, s, req.RegNo)
	if err != nil {
		return nil, booking.Date{}, booking.Date{}, err
	}
	w, err := wc.workshopOf(v, erpID)
	if err != nil {
		return nil, booking.Date{}, booking.Date{}, err
	}
	from, to, err := wc.parseRange(req, w.Zone)
	return w, from, to, err
}

// Days returns the days of the range on which a wheel change can be left
// at the vehicle's workshop. Errors: Invalid, Forbidden, NotFound.
func (wc *WheelChange) Days(ctx context.Context, s Session, erpID string, req RangeRequest) ([]AvailableDate, error) {
	w, from, to, err := wc.rangeAt(ctx, s, erpID, req)
	if err != nil {
		return nil, err
	}
	days, err := wc.Engine.Days(ctx, w.DepartmentID, from, to, booking.Job{Minutes: WheelJobMinutes})
	if err != nil {
		return nil, err
	}
	out := []AvailableDate{}
	for _, d := range days {
		if d.Any() {
			out = append(out, AvailableDate{Date: d.Date.String()})
		}
	}
	return out, nil
}

// TimeSlotDate is one entry of GetTimeslots: the free local starts of a day.
type TimeSlotDate struct {
	StartTime []string `json:"startTime"`
}

// Slots returns the free starts of each day of the range (local times,
// sorted); days with only the full-day drop-off are left out, so an empty
// list means the workshop sets the time. Errors: as Days.
func (wc *WheelChange) Slots(ctx context.Context, s Session, erpID string, req RangeRequest) ([]TimeSlotDate, error) {
	w, from, to, err := wc.rangeAt(ctx, s, erpID, req)
	if err != nil {
		return nil, err
	}
	if from.AddDays(6).Before(to) {
		return nil, &errs.Error{Code: errs.Invalid, Message: "Tider hämtas för högst en vecka åt gången.", Fields: map[string]string{"endDate": "högst 7 dagar efter startDate"}}
	}
	days, err := wc.Engine.Days(ctx, w.DepartmentID, from, to, booking.Job{Minutes: WheelJobMinutes})
	if err != nil {
		return nil, err
	}
	out := []TimeSlotDate{}
	for _, d := range days {
		if len(d.Starts) == 0 {
			continue
		}
		ts := TimeSlotDate{StartTime: make([]string, len(d.Starts))}
		for i, t := range d.Starts {
			ts.StartTime[i] = t.In(w.Zone).Format(localLayout)
		}
		out = append(out, ts)
	}
	return out, nil
}

var (
	emailPattern = regexp.MustCompile(`^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$`)
)

// parseCreate validates the create body (spec §5 wheel-change form) and
// returns the drop-off and whether it is a full-day booking.
func (wc *WheelChange) parseCreate(r *CreateRequest, w *booking.Workshop) (time.Time, bool, error) {
	fe := errs.FieldErrors{}
	c := &r.Customer
	c.FirstName, c.LastName = strings.TrimSpace(c.FirstName), strings.TrimSpace(c.LastName)
	c.Email = strings.TrimSpace(c.Email)
	// One-line fields refuse line breaks and control characters (the
	// forms' rule): they reach mail lines and the calendar file.
	oneLine := []struct{ field, value string }{{"customer.firstName", c.FirstName}, {"customer.lastName", c.LastName},
		{"customer.email", c.Email}, {"customer.phoneMobile", c.PhoneMobile}, {"regNo", r.RegNo}, {"bookingDate", r.BookingDate}}
	if r.BookingStart != nil {
		oneLine = append(oneLine, struct{ field, value string }{"bookingStart", *r.BookingStart})
	}
	for _, x := range oneLine {
		if !mail.IsOneLine(x.value) {
			fe.Add(x.field, "får inte innehålla radbrytningar eller styrtecken")
		}
	}
	if e164, err := phone.Normalize(c.PhoneMobile, w.Country); err != nil {
		fe.Add("customer.phoneMobile", "ett giltigt mobilnummer")
	} else {
		c.PhoneMobile = e164
	}
	if c.FirstName == "" || utf8.RuneCountInString(c.FirstName) > 100 {
		fe.Add("customer.firstName", "förnamn (högst 100 tecken)")
	}
	if c.LastName == "" || utf8.RuneCountInString(c.LastName) > 100 {
		fe.Add("customer.lastName", "efternamn (högst 100 tecken)")
	}
	if len(c.Email) > 254 || !emailPattern.MatchString(c.Email) || !mail.ValidAddress(c.Email) {
		fe.Add("customer.email", "en giltig e-postadress")
	}
	r.FreeText = strings.TrimSpace(r.FreeText)
	if utf8.RuneCountInString(r.FreeText) > maxFreeText || strings.ContainsRune(r.FreeText, 0) {
		fe.Add("freeText", fmt.Sprintf("högst %d tecken", maxFreeText))
	}
	fullDay := r.BookingStart == nil
	var start time.Time
	at, err := time.ParseInLocation(localLayout, strings.TrimSuffix(strings.TrimSuffix(r.BookingDate, ".00"), ".000"), w.Zone)
	if err != nil {
		fe.Add("bookingDate", "en tid som ÅÅÅÅ-MM-DDTTT:MM:SS")
	} else {
		start = at
		first, last := wc.Window(w.Zone)
		if d := booking.DateOf(at); d.Before(first) || last.Before(d) {
			fe.Add("bookingDate", fmt.Sprintf("mellan %s och %s", first, last))
		}
		if !fullDay && strings.TrimSuffix(strings.TrimSuffix(*r.BookingStart, ".00"), ".000") != at.Format(localLayout) {
			fe.Add("bookingStart", "samma tid som bookingDate, eller null")
		}
	}
	if err := fe.Err("Kontrollera uppgifterna i formuläret."); err != nil {
		return start, fullDay, err
	}
	return start, fullDay, nil
}

// Create books a wheel change for the session's vehicle at its workshop in
// the booking engine's one capacity transaction; the portal's record and
// the confirmation mail (with a calendar file) are written in that same
// transaction. The same idempotency key answers the first confirmation
// again. Errors: Invalid, Forbidden, NotFound, Conflict wrapping
// errSlotTaken (taken meanwhile).
func (wc *WheelChange) Create(ctx context.Context, s Session, erpID, idemKey string, req CreateRequest) (Confirmation, error) {
	ag, v, err := wc.vehicleOf(ctx, s, req.RegNo)
	if err != nil {
		return Confirmation{}, err
	}
	w, err := wc.workshopOf(v, erpID)
	if err != nil {
		return Confirmation{}, err
	}
	start, fullDay, err := wc.parseCreate(&req, w)
	if err != nil {
		return Confirmation{}, err
	}
	if err := wc.allow(ctx, s, "write", wc.Writes); err != nil {
		return Confirmation{}, err
	}
	if len(idemKey) > 100 {
		return Confirmation{}, errs.E(errs.Invalid, "Idempotency-Key är för lång.")
	}
	key := ""
	if idemKey != "" {
		// Keys are the customer's own: another agreement never replays them.
		key = fmt.Sprintf("wheelchange:%d:%s", s.AgreementID, idemKey)
	}
	var conf Confirmation
	b, err := wc.Bookings.Book(ctx, booking.Request{
		Flow: booking.FlowWheelChange, DepartmentID: w.DepartmentID, Start: start, FullDay: fullDay, Minutes: WheelJobMinutes,
		IdempotencyKey: key, Reg: v.RegNo, Car: booking.Car{Brand: v.Brand, Model: v.Model}, FreeText: req.FreeText,
		Customer: booking.Customer{FirstName: req.Customer.FirstName, LastName: req.Customer.LastName, Phone: req.Customer.PhoneMobile, Email: req.Customer.Email},
		Items:    []booking.Item{{Code: ServiceCode, Name: ServiceName, Units: 1, PriceKnown: true}},
		InTx: func(ctx context.Context, tx *sql.Tx, b booking.Booking) error {
			// A second wheel change for the car in the same season is
			// booked only when the customer confirms it:
			// checked here, after a replay or a taken time has answered.
			if !req.ConfirmSecond {
				if up, err := wc.Upcoming(ctx, s); err != nil {
					return err
				} else if other, ok := sameSeason(up, v.RegNo, start, w.Zone); ok {
					msg := fmt.Sprintf("Du har redan ett hjulskifte bokat för %s den %s (%s). Vill du boka ett till?", v.RegNo, other.AppointmentTime[:10], other.BookingConfirmationID)
					return &errs.Error{Code: errs.Conflict, Message: msg, Fields: map[string]string{"confirmSecond": other.BookingConfirmationID}}
				}
			}
			conf = confirmationOf(b, w, v.RegNo, req)
			link := ""
			if links := wc.Bookings.Links; links != nil {
				tok, err := links.Token(b)
				if err != nil {
					return err
				}
				q := url.QueryEscape(tok)
				conf.ManageURL, conf.CalendarURL = booking.ManagePath+"?token="+q, "/api/bookings/manage/calendar?token="+q
				link = req.Origin + conf.ManageURL
			}
			return wc.recordTx(ctx, tx, s, b, w, conf, link)
		},
	}, booking.After{Origin: req.Origin, Lang: req.Lang, Phone: ag.Phone, Remind: req.Reminder})
	if err != nil {
		return Confirmation{}, err
	}
	if b.Replayed {
		return wc.Store.confirmation(ctx, s.AgreementID, confirmationID(b.ID))
	}
	return conf, nil
}

func confirmationID(bookingID string) string {
	_, rest, ok := strings.Cut(bookingID, "-")
	if !ok {
		rest = bookingID
	}
	return "WC-" + rest
}

func confirmationOf(b booking.Booking, w *booking.Workshop, regNo string, req CreateRequest) Confirmation {
	return Confirmation{
		BookingConfirmationID: confirmationID(b.ID), CustomerBase: req.Customer,
		Services:        []Service{{Name: ServiceName}},
		AppointmentTime: b.Start.In(w.Zone).Format(localLayout), IsFullDay: b.FullDay,
		Workshop: ConfirmWorkshop{Name: w.SiteName, Address: w.Address(), Email: w.Email, PhoneNumber: w.Phone,
			Latitude: w.Latitude, Longitude: w.Longitude},
		FreeText: req.FreeText, RegNo: regNo,
	}
}

// recordTx stores the portal's record of a booking and queues the
// confirmation mail, inside the booking's transaction.
func (wc *WheelChange) recordTx(ctx context.Context, tx *sql.Tx, s Session, b booking.Booking, w *booking.Workshop, c Confirmation, manageURL string) error {
	doc, err := json.Marshal(c)
	if err != nil {
		return errs.Wrap(err, "encode confirmation")
	}
	now := wc.now()
	st := wc.Store
	_, err = tx.ExecContext(ctx, st.db.Rebind(`INSERT INTO tirehotel_bookings (confirmation_id, booking_ref, agreement_id, reg_no, erp_id, doc, email, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`), c.BookingConfirmationID, b.ID, s.AgreementID, c.RegNo, w.DepartmentID,
		st.keys.Seal(purposeBookingDoc, doc), c.CustomerBase.Email, ms(now))
	if err != nil {
		return errs.Wrap(err, "store wheel-change booking")
	}
	when := b.Start.In(w.Zone)
	whenText := swedishDate(when) + " kl. " + when.Format("15:04")
	if c.IsFullDay {
		whenText = swedishDate(when) + ", lämna bilen före kl. 08:00"
	}
	ics, err := booking.CalendarFile(b, w, booking.InviteOf(b, w, ServiceName, manageURL))
	if err != nil {
		return errs.Wrap(err, "calendar file")
	}
	var text strings.Builder
	fmt.Fprintf(&text, "Hej %s!\n\nTack för din bokning. Här är din bekräftelse.\n\n", c.CustomerBase.FirstName)
	fmt.Fprintf(&text, "Bokningsnummer: %s\nTjänst: %s\nBil: %s\nTid: %s\n", c.BookingConfirmationID, ServiceName, c.RegNo, whenText)
	fmt.Fprintf(&text, "Verkstad: %s, %s\nTelefon: %s\nE-post: %s\n", w.SiteName, w.Address(), w.Phone, w.Email)
	if c.FreeText != "" {
		fmt.Fprintf(&text, "Din kommentar: %s\n", c.FreeText)
	}
	text.WriteString("\nKalenderfilen i mejlet lägger in tiden i din kalender.\n")
	if manageURL != "" {
		fmt.Fprintf(&text, "Behöver du ändra tid eller avboka? Gör det här: %s\n", manageURL)
	} else {
		text.WriteString("Behöver du ändra tiden, kontakta verkstaden.\n")
	}
	text.WriteString("\nVälkommen!\n")
	msg := mail.Message{
		To: c.CustomerBase.Email, Subject: "Bokningsbekräftelse hjulskifte " + c.BookingConfirmationID, Text: text.String(),
		Attachments: []mail.Attachment{{Name: "invite.ics", ContentType: booking.CalendarContentType(false), Data: ics}},
		Headers:     map[string]string{"Reply-To": w.Email},
		Kind:        "wheelchange", Ref: "wheelchange:" + c.BookingConfirmationID,
	}
	return mail.Queue(ctx, st.db, st.Jobs, tx, msg, now)
}

var svMonths = []string{"januari", "februari", "mars", "april", "maj", "juni", "juli", "augusti", "september", "oktober", "november", "december"}
var svDays = []string{"söndag", "måndag", "tisdag", "onsdag", "torsdag", "fredag", "lördag"}

func swedishDate(t time.Time) string {
	return fmt.Sprintf("%s %d %s %d", svDays[t.Weekday()], t.Day(), svMonths[t.Month()-1], t.Year())
}

// ReviewRequest is the body of addReview.
type ReviewRequest struct {
	Rating                int    `json:"rating"`
	Comment               string `json:"comment"`
	Date                  string `json:"date"`
	BookingConfirmationID string `json:"bookingConfirmationId"`
}

// Review stores the rating of one of the session's bookings; a later one
// replaces it. Errors: Invalid, NotFound (unknown or another customer's
// booking).
func (wc *WheelChange) Review(ctx context.Context, s Session, r ReviewRequest) error {
	fe := errs.FieldErrors{}
	if r.Rating < 1 || r.Rating > 5 {
		fe.Add("rating", "1–5")
	}
	r.Comment = strings.TrimSpace(r.Comment)
	if utf8.RuneCountInString(r.Comment) > maxReviewComment || strings.ContainsRune(r.Comment, 0) {
		fe.Add("comment", fmt.Sprintf("högst %d tecken", maxReviewComment))
	}
	var date time.Time
	var err error
	if date, err = time.Parse(time.RFC3339Nano, r.Date); err != nil {
		if date, err = time.Parse("2006-01-02", r.Date); err != nil {
			fe.Add("date", "ett datum i ISO 8601")
		}
	}
	if len(r.BookingConfirmationID) == 0 || len(r.BookingConfirmationID) > 20 {
		fe.Add("bookingConfirmationId", "bokningsnumret, t.ex. WC-4K7P2M")
	}
	if err := fe.Err("Betyget kunde inte sparas."); err != nil {
		return err
	}
	if err := wc.allow(ctx, s, "write", wc.Writes); err != nil {
		return err
	}
	if _, err := wc.Store.confirmation(ctx, s.AgreementID, r.BookingConfirmationID); err != nil {
		return err
	}
	db := wc.Store.db
	now := ms(wc.now())
	q := `INSERT INTO tirehotel_reviews (confirmation_id, rating, comment, review_date, created_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (confirmation_id) DO UPDATE SET rating = excluded.rating, comment = excluded.comment, review_date = excluded.review_date, created_at = excluded.created_at`
	_, err = db.ExecContext(ctx, db.Rebind(q), r.BookingConfirmationID, r.Rating, r.Comment, date.UTC().Format(time.RFC3339), now)
	return errs.Wrap(err, "store review")
}

// handlers of the booking calls

func (api *API) wheel() (*WheelChange, error) {
	if api.Wheel == nil {
		return nil, errs.E(errs.Unavailable, "Bokning är inte tillgänglig just nu.")
	}
	return api.Wheel, nil
}

// wheelCall is the shape of the wheel-change calls: a signed-in customer,
// booking available, a bounded JSON body of type Req, and call's answer
// written as JSON (or no content when it is nil).
func wheelCall[Req any](api *API, call func(r *http.Request, wc *WheelChange, s Session, req Req) (any, error)) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		s, err := api.sessionOf(r)
		if err != nil {
			return err
		}
		wc, err := api.wheel()
		if err != nil {
			return err
		}
		var req Req
		if err := decodeBody(w, r, &req); err != nil {
			return err
		}
		out, err := call(r, wc, s, req)
		if err != nil {
			return err
		}
		if out == nil {
			w.WriteHeader(http.StatusNoContent)
			return nil
		}
		return writeJSON(w, out)
	}
}

// days serves "POST /api/tirehotel/booking/GetTimeslotDays?workshopIdentifier=".
func (api *API) days(w http.ResponseWriter, r *http.Request) error {
	return wheelCall(api, func(r *http.Request, wc *WheelChange, s Session, req RangeRequest) (any, error) {
		days, err := wc.Days(r.Context(), s, r.URL.Query().Get("workshopIdentifier"), req)
		if err != nil {
			return nil, err
		}
		return struct {
			AvailableDates []AvailableDate `json:"availableDates"`
		}{days}, nil
	})(w, r)
}

// slots serves "POST /api/tirehotel/booking/GetTimeslots?workshopIdentifier=".
func (api *API) slots(w http.ResponseWriter, r *http.Request) error {
	return wheelCall(api, func(r *http.Request, wc *WheelChange, s Session, req RangeRequest) (any, error) {
		slots, err := wc.Slots(r.Context(), s, r.URL.Query().Get("workshopIdentifier"), req)
		if err != nil {
			return nil, err
		}
		return struct {
			AvailableTimeSlotDates []TimeSlotDate `json:"availableTimeSlotDates"`
		}{slots}, nil
	})(w, r)
}

// create serves "POST /api/tirehotel/booking/create?departmentIdentifier=".
func (api *API) create(w http.ResponseWriter, r *http.Request) error {
	return wheelCall(api, func(r *http.Request, wc *WheelChange, s Session, req CreateRequest) (any, error) {
		// The mails' links use the site's origin, never one from the body.
		req.Origin, req.Lang = httpguard.BaseURL(r), "sv"
		if api.Origin != nil {
			req.Origin = api.Origin(r)
		}
		if api.Lang != nil {
			req.Lang = api.Lang(r)
		}
		return wc.Create(r.Context(), s, r.URL.Query().Get("departmentIdentifier"), r.Header.Get("Idempotency-Key"), req)
	})(w, r)
}

// review serves "POST /api/tirehotel/review/addReview".
func (api *API) review(w http.ResponseWriter, r *http.Request) error {
	return wheelCall(api, func(r *http.Request, wc *WheelChange, s Session, req ReviewRequest) (any, error) {
		return nil, wc.Review(r.Context(), s, req)
	})(w, r)
}
