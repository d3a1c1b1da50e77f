package main

import (
	"context"
	"net/http"
	"strconv"
	"strings"

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
	siteBase := func(r *http.Request, name string) string {
		s, err := a.sites.ByName(name)
		if err != nil {
			return httpguard.BaseURL(r)
		}
		return httpguard.BaseURLFor(r, s)
	}
	api := &workshop.API{Engine: w.booking, Bookings: parts.bookings, Hub: hub, Recorder: w.audit(), Log: a.log,
		Lang: func(name string) string {
			if s, err := a.sites.ByName(name); err == nil {
				return s.DefaultLanguage()
			}
			return "en"
		},
		// Links in the customer's mails go to the department's site, under
		// the server's one policy (PUBLIC_URLS, PUBLIC_URL, its own hosts).
		Origin: siteBase}
	// A test drive's car links to its page on the department's site: the
	// car page's path in the site's language, by id (the page redirects
	// to the id and slug).
	api.CarURL = func(r *http.Request, name string, carID int64) string {
		path := "/bilar/"
		if s, err := a.sites.ByName(name); err == nil && a.content != nil {
			if d, err := a.content.Dictionary(r.Context(), name, s.DefaultLanguage()); err == nil && strings.HasPrefix(d["pathToCarDetail"], "/") {
				path = d["pathToCarDetail"]
			}
		}
		if !strings.HasSuffix(path, "/") {
			path += "/"
		}
		return siteBase(r, name) + path + strconv.FormatInt(carID, 10)
	}
	w.deps.Routes = append(w.deps.Routes, api.Routes()...)
	return nil
}

// audit is the staff features' audit Recorder: the staff accounts'
// (wireStaff runs before every staff feature).
func (w *wiring) audit() staff.Recorder { return w.staff }
