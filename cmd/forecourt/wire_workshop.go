package main

import (
	"context"
	"net/http"

	"forecourt/internal/booking"
	"forecourt/internal/httpguard"
	"forecourt/internal/staff"
	"forecourt/internal/workshop"
)

// wireWorkshop mounts the workshop's staff calls (/api/staff/departments,
// bookings, closures, events) over the shared booking use case, and runs
// the live events' hub, which reads the store's change table so a change
// made on any replica reaches the calendars open on this one.
//
// The staff gate (wireStaff, before this) puts the signed-in
// staff.Principal on every /api/staff/ request and checks the CSRF token of
// changes; w.staff records the audit log.
func wireWorkshop(ctx context.Context, w *wiring) error {
	parts, err := w.bookingShared(ctx)
	if err != nil {
		return err
	}
	a := w.app
	hub := booking.NewHub(w.booking)
	hub.Log = a.log
	go hub.Run(ctx)
	api := &workshop.API{Engine: w.booking, Bookings: parts.bookings, Hub: hub, Recorder: w.audit(), Log: a.log,
		Lang: func(name string) string {
			if s, err := a.sites.ByName(name); err == nil {
				return s.DefaultLanguage()
			}
			return "en"
		},
		// Links in the customer's mails go to the department's site, under
		// the server's one policy (PUBLIC_URLS, PUBLIC_URL, its own hosts).
		Origin: func(r *http.Request, name string) string {
			s, err := a.sites.ByName(name)
			if err != nil {
				return httpguard.BaseURL(r)
			}
			return httpguard.BaseURLFor(r, s)
		}}
	w.deps.Routes = append(w.deps.Routes, api.Routes()...)
	return nil
}

// audit is the staff features' audit Recorder: the staff accounts'
// (wireStaff runs before every staff feature).
func (w *wiring) audit() staff.Recorder { return w.staff }
