package main

import (
	"context"
	"log/slog"
	"net/http"

	"forecourt/internal/booking"
	"forecourt/internal/booking/bookingapi"
	"forecourt/internal/httpguard"
	"forecourt/internal/staff"
	"forecourt/internal/web"
	"forecourt/internal/workshop"
)

// wireWorkshop mounts the workshop's staff calls (/api/staff/departments,
// bookings, closures, events) over the shared booking use case, and runs
// the live events' hub, which reads the store's change table so a change
// made on any replica reaches the calendars open on this one.
//
// Merge point with the staff accounts: w.staffAudit is the store-backed
// audit Recorder and w.staffSession the session middleware that puts the
// signed-in staff.Principal in the request's context (and checks CSRF).
// Until they are set every call answers 401 and the log is the audit.
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
		Session: w.staffSession,
		Guard:   httpguard.Mutation{Allowed: sameSiteOrigin(a.cfg)},
		Lang: func(name string) string {
			if s, err := a.sites.ByName(name); err == nil {
				return s.DefaultLanguage()
			}
			return "en"
		},
		Origin: func(r *http.Request, name string) string {
			if u := a.cfg.Hardening.PublicURLs[name]; u != "" {
				return u
			}
			s, err := a.sites.ByName(name)
			if err != nil {
				return a.cfg.PublicURL
			}
			if cur := web.SiteOf(r); cur != nil && cur.Name == name {
				return bookingapi.PublicOrigin(a.cfg.PublicURL, s.Hosts, r)
			}
			if a.cfg.PublicURL != "" {
				return a.cfg.PublicURL
			}
			return "https://" + s.Hosts[0]
		}}
	w.deps.Extra = append(w.deps.Extra, func(mux *http.ServeMux, s *web.Server) {
		for _, r := range api.Routes() {
			s.Route(mux, r.Pattern, r.Name, r.Handler)
		}
	})
	return nil
}

// audit is the staff features' audit Recorder: the staff accounts' when
// wired, else the server log.
func (w *wiring) audit() staff.Recorder {
	if w.staffAudit != nil {
		return w.staffAudit
	}
	return logRecorder{w.app.log}
}

// logRecorder writes staff actions to the server log: the audit log until
// the staff accounts' store-backed Recorder is wired (w.staffAudit).
type logRecorder struct{ log *slog.Logger }

func (l logRecorder) Record(_ context.Context, e staff.Entry) error {
	l.log.Info("staff action", "account", e.Account, "action", e.Action, "subject", e.Subject, "detail", e.Detail, "at", e.At)
	return nil
}
