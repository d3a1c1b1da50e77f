// Package workshop is the HTTP adapter of the workshop's staff side
// (/api/staff/departments, bookings, closures, events): it reads the
// signed-in staff member (staff.PrincipalFrom), refuses what the principal
// may not operate, decodes and converts requests for the booking engine's
// reads and the booking use case's changes (booking.Service: the same
// transactions, capacity checks, mails and text messages as the customers'
// own changes), records every change with the staff.Recorder and maps
// errors. One file per route family: bookings.go, hours.go, events.go.
package workshop

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"time"

	"forecourt/internal/booking"
	"forecourt/internal/errs"
	"forecourt/internal/httpguard"
	"forecourt/internal/httpkit"
	"forecourt/internal/staff"
)

// maxBody bounds every JSON body of the workshop's calls.
const maxBody = 8 << 10

// API serves the workshop's calls.
type API struct {
	Engine   *booking.Engine
	Bookings *booking.Service
	// Hub hands out the live events (GET /api/staff/events); nil: 503.
	Hub *booking.Hub
	// Recorder keeps the audit log of every change.
	Recorder staff.Recorder
	// Origin is the public origin of a department's site (siteName), for
	// the links in the customer's mails; Lang its language.
	Origin func(r *http.Request, siteName string) string
	Lang   func(siteName string) string
	// CarURL is the public address of a stock car of the site, for the
	// car a test drive is for (nil: the calendar gives its id only).
	CarURL func(r *http.Request, siteName string, carID int64) string
	// Guard is the defence of every change: same-origin Origin, JSON, the
	// body bound (maxBody when unset).
	Guard httpguard.Mutation
	// Session, when set, wraps every route: the staff session middleware
	// that puts the signed-in Principal in the request's context (and
	// checks the CSRF token of changes). nil: the principal is already in
	// the context (a middleware in front of /api/staff/, or tests).
	Session func(h func(w http.ResponseWriter, r *http.Request) error) func(w http.ResponseWriter, r *http.Request) error
	Log     *slog.Logger
	// Now is the clock of the audit entries (time.Now when nil).
	Now func() time.Time
}

// Routes lists the endpoints.
func (a *API) Routes() []httpkit.Route {
	guard := a.Guard
	if guard.MaxBody == 0 {
		guard.MaxBody = maxBody
	}
	wrap := func(h func(w http.ResponseWriter, r *http.Request) error) func(w http.ResponseWriter, r *http.Request) error {
		h = noStore(h)
		if a.Session != nil {
			h = a.Session(h)
		}
		return h
	}
	change := func(h func(w http.ResponseWriter, r *http.Request) error) func(w http.ResponseWriter, r *http.Request) error {
		return wrap(guard.Wrap(h))
	}
	// A DELETE has no body: only its origin is checked.
	remove := func(h func(w http.ResponseWriter, r *http.Request) error) func(w http.ResponseWriter, r *http.Request) error {
		return wrap(func(w http.ResponseWriter, r *http.Request) error {
			allowed := guard.Allowed
			if allowed == nil {
				allowed = func(r *http.Request) bool { return httpguard.OriginAllowed(r) }
			}
			if !allowed(r) {
				return httpguard.ErrForeignOrigin
			}
			return h(w, r)
		})
	}
	return []httpkit.Route{
		{Pattern: "GET /api/staff/departments", Name: "staff-departments", Handler: wrap(a.departments)},
		{Pattern: "GET /api/staff/bookings", Name: "staff-bookings", Handler: wrap(a.list)},
		{Pattern: "GET /api/staff/bookings.csv", Name: "staff-bookings-csv", Handler: wrap(a.csv)},
		{Pattern: "GET /api/staff/bookings/{id}/slots", Name: "staff-booking-slots", Handler: wrap(a.slots)},
		{Pattern: "POST /api/staff/bookings/{id}/move", Name: "staff-booking-move", Handler: change(a.move)},
		{Pattern: "POST /api/staff/bookings/{id}/cancel", Name: "staff-booking-cancel", Handler: change(a.cancel)},
		{Pattern: "POST /api/staff/bookings/{id}/status", Name: "staff-booking-status", Handler: change(a.status)},
		{Pattern: "GET /api/staff/departments/{id}/hours", Name: "staff-hours", Handler: wrap(a.hours)},
		{Pattern: "PUT /api/staff/departments/{id}/hours", Name: "staff-hours-update", Handler: change(a.setHours)},
		{Pattern: "POST /api/staff/closures", Name: "staff-closure-create", Handler: change(a.addClosure)},
		{Pattern: "DELETE /api/staff/closures/{id}", Name: "staff-closure-delete", Handler: remove(a.deleteClosure)},
		{Pattern: "GET /api/staff/events", Name: "staff-events", Handler: wrap(a.events)},
	}
}

func noStore(h func(w http.ResponseWriter, r *http.Request) error) func(w http.ResponseWriter, r *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		w.Header().Set("Cache-Control", "no-store")
		return h(w, r)
	}
}

// Errors of access.
var (
	ErrNoPrincipal       = errs.E(errs.Unauthorized, "Sign in as staff first.")
	ErrUnknownDepartment = errs.E(errs.NotFound, "The department does not exist.")
	ErrUnknownBooking    = errs.E(errs.NotFound, "The booking does not exist.")
	ErrUnknownClosure    = errs.E(errs.NotFound, "The closure does not exist.")
	ErrHoursForbidden    = errs.E(errs.Forbidden, "Opening hours and closures are set by the workshop staff or an admin.")
)

// hoursKeeper is the request's staff member when it may change opening
// hours and closures: a sales account works the bookings of its test-drive
// calendar (move, cancel, mark) but leaves the hours to the others.
// Errors: Unauthorized; Forbidden for a sales account.
func hoursKeeper(r *http.Request) (staff.Principal, error) {
	p, err := principal(r)
	if err == nil && p.Role == staff.RoleSales {
		return staff.Principal{}, ErrHoursForbidden
	}
	return p, err
}

// principal is the request's signed-in staff member. Errors: Unauthorized.
func principal(r *http.Request) (staff.Principal, error) {
	p, ok := staff.PrincipalFrom(r.Context())
	if !ok {
		return staff.Principal{}, ErrNoPrincipal
	}
	return p, nil
}

// department returns the workshop id when the principal may operate it;
// one it may not and one that does not exist answer alike (NotFound).
func (a *API) department(p staff.Principal, id string) (*booking.Workshop, error) {
	if len(id) > 40 || !p.MayDepartment(id) {
		return nil, ErrUnknownDepartment
	}
	w, err := a.Engine.Workshop(id)
	if err != nil {
		return nil, ErrUnknownDepartment
	}
	return w, nil
}

// pathBooking is the signed-in staff member and the booking the path's
// {id} names, with its workshop: the start of every call on one booking.
func (a *API) pathBooking(r *http.Request) (staff.Principal, booking.Booking, *booking.Workshop, error) {
	p, err := principal(r)
	if err != nil {
		return p, booking.Booking{}, nil, err
	}
	b, ws, err := a.bookingOf(r.Context(), p, r.PathValue("id"))
	return p, b, ws, err
}

// pathDepartment is the signed-in staff member and the department the
// path names ({id}), which the member must operate.
func (a *API) pathDepartment(r *http.Request) (staff.Principal, *booking.Workshop, error) {
	p, err := principal(r)
	if err != nil {
		return p, nil, err
	}
	ws, err := a.department(p, r.PathValue("id"))
	return p, ws, err
}

// bookingOf returns the booking id when the principal may operate its
// department (else NotFound, as for an unknown booking).
func (a *API) bookingOf(ctx context.Context, p staff.Principal, id string) (booking.Booking, *booking.Workshop, error) {
	if len(id) > 20 {
		return booking.Booking{}, nil, ErrUnknownBooking
	}
	b, err := a.Engine.ByID(ctx, id)
	if errors.Is(err, booking.ErrNotFound) {
		return booking.Booking{}, nil, ErrUnknownBooking
	}
	if err != nil {
		return booking.Booking{}, nil, err
	}
	w, err := a.department(p, b.DepartmentID)
	if err != nil {
		return booking.Booking{}, nil, ErrUnknownBooking
	}
	return b, w, nil
}

// record appends an audit entry. The change is already committed, so a
// failing audit log is logged loudly rather than answered as a failure.
func (a *API) record(ctx context.Context, p staff.Principal, action, subject, detail string) {
	if a.Recorder == nil {
		a.log().Error("no audit recorder: staff action not recorded", "action", action, "subject", subject)
		return
	}
	now := time.Now
	if a.Now != nil {
		now = a.Now
	}
	if err := a.Recorder.Record(ctx, staff.Entry{At: now().UTC(), Account: p.Account, Action: action, Subject: subject, Detail: detail}); err != nil {
		a.log().Error("recording a staff action failed", "action", action, "subject", subject, "err", err)
	}
}

func (a *API) log() *slog.Logger {
	if a.Log != nil {
		return a.Log
	}
	return slog.Default()
}

// change is the staff member's change of a booking at w: the public
// origin and language of w's site for the customer's mails.
func (a *API) change(r *http.Request, p staff.Principal, w *booking.Workshop, reason string) booking.Change {
	c := booking.Change{Staff: p.Account, Reason: reason, Lang: "sv"}
	if a.Origin != nil {
		c.Origin = a.Origin(r, w.Site)
	}
	if a.Lang != nil {
		c.Lang = a.Lang(w.Site)
	}
	return c
}

// decode reads one JSON value of type T from the (guarded, bounded) body,
// refusing unknown fields.
func decode[T any](r *http.Request) (T, error) {
	var v T
	body, err := io.ReadAll(r.Body)
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		return v, httpkit.TooLarge(maxBody)
	}
	if err != nil {
		return v, errs.E(errs.Invalid, "The request could not be read.")
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&v); err != nil {
		return v, &errs.Error{Code: errs.Invalid, Message: "Send one JSON object with the documented fields.", Fields: map[string]string{"body": errs.JSONProblem(err)}}
	}
	if dec.More() {
		return v, &errs.Error{Code: errs.Invalid, Message: "Send one JSON object with the documented fields.", Fields: map[string]string{"body": "one JSON object only"}}
	}
	return v, nil
}

func writeJSON(w http.ResponseWriter, status int, v any) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return errs.Wrap(err, "encode answer")
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	w.Write(b.Bytes())
	return nil
}

const localLayout = "2006-01-02T15:04:05"

// parseDay reads a YYYY-MM-DD query value.
func parseDay(field, s string, fe errs.FieldErrors) booking.Date {
	d, err := booking.ParseDate(s)
	if err != nil || len(s) != 10 {
		fe.Add(field, "a date as YYYY-MM-DD")
	}
	return d
}
