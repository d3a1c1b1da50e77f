package main

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	"forecourt/internal/editing"
	"forecourt/internal/ratelimit"
	"forecourt/internal/staff"
	"forecourt/internal/staff/accounts"
	"forecourt/internal/staff/staffapi"
	"forecourt/internal/web"
)

// wireStaff wires the staff side's accounts: the editors of
// EDITOR_ACCOUNTS and the staff of STAFF_ACCOUNTS are written into the
// store (an admin manages them in the staff UI from then on), the staff
// gate puts the signed-in staff member on every /staff/ and /api/staff/
// request, and the sign-in, admin, audit and leads routes are mounted.
// Other staff features take w.staff as their staff.Recorder.
func wireStaff(ctx context.Context, w *wiring) error {
	cfg := w.app.cfg
	specs := accounts.EditorSpecs(cfg.EditorAccounts, cfg.SiteName)
	seen := map[string]bool{}
	for _, sp := range specs {
		seen[sp.Name] = true
	}
	for _, sp := range cfg.StaffAccounts {
		if seen[sp.Name] {
			return fmt.Errorf("STAFF_ACCOUNTS: %q is also in EDITOR_ACCOUNTS; name each account once", sp.Name)
		}
		for _, name := range append(append([]string{}, sp.Sites...), sp.Departments...) {
			// A site is a forecourt site ("group-se") or one of its
			// dealer sites ("group-se/norrtalje"); departments may name a
			// site for all of its workshops.
			siteName, _, _ := strings.Cut(name, "/")
			if name == staff.Every || strings.HasPrefix(name, "D-") {
				continue
			}
			if _, err := w.app.sites.ByName(siteName); err != nil {
				return fmt.Errorf("STAFF_ACCOUNTS: %q of %q names no known site", name, sp.Name)
			}
		}
		specs = append(specs, sp)
	}
	st := accounts.NewStore(w.app.db, editing.NewStore(w.app.db))
	if w.booking != nil {
		dir := w.booking.Directory()
		st.SiteDepartments = func(name string) []string {
			if _, err := w.app.sites.ByName(name); err != nil {
				return nil
			}
			var ids []string
			for _, ws := range dir.All(name) {
				ids = append(ids, ws.DepartmentID)
			}
			return ids
		}
	}
	if err := st.Seed(ctx, specs); err != nil {
		return err
	}
	w.staff = st
	w.staffAudit = st
	api := &staffapi.API{
		Accounts: st, Throttle: ratelimit.SignIn{Counter: w.limiter}, SessionTTL: cfg.StaffSession,
		SiteOf: web.SiteOf, WriteJSON: web.WriteJSON, Log: w.app.log,
	}
	w.deps.Gates = append(w.deps.Gates, api.Gate)
	w.deps.Extra = append(w.deps.Extra, func(mux *http.ServeMux, s *web.Server) {
		api.Mount(func(pattern, name string, h func(w http.ResponseWriter, r *http.Request) error) {
			s.Route(mux, pattern, name, h)
		})
	})
	return nil
}
