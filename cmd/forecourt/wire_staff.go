package main

import (
	"context"
	"fmt"
	"strings"

	"forecourt/internal/catalog"
	"forecourt/internal/editing"
	"forecourt/internal/forms/builder"
	"forecourt/internal/gdpr"
	"forecourt/internal/ratelimit"
	"forecourt/internal/salesleads"
	"forecourt/internal/staff"
	"forecourt/internal/staff/accounts"
	"forecourt/internal/staff/staffapi"
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
			for _, ws := range dir.Departments(name) {
				ids = append(ids, ws.DepartmentID)
			}
			return ids
		}
		st.SalesDepartments = func(scope string) []string {
			name, slug, _ := strings.Cut(scope, "/")
			var ids []string
			for _, ws := range dir.Departments(name) {
				if ws.Sales && (slug == "" || ws.Slug == slug) {
					ids = append(ids, ws.DepartmentID)
				}
			}
			return ids
		}
	}
	if err := st.Seed(ctx, specs); err != nil {
		return err
	}
	w.staff = st
	if w.deps.Editing != nil {
		// The editors sign in against the same accounts: an admin's
		// disabling or reset holds for /editor/login too.
		w.deps.Editing.Directory = accounts.Editors{Store: st}
	}
	inbox, err := leadInbox(w.app, st)
	if err != nil {
		return err
	}
	api := &staffapi.API{
		Accounts: st, Throttle: ratelimit.SignIn{Counter: w.limiter}, SessionTTL: cfg.StaffSession,
		Log: w.app.log, Leads: inbox,
	}
	w.deps.Gates = append(w.deps.Gates, api.Gate)
	w.deps.Routes = append(w.deps.Routes, api.Routes()...)
	return nil
}

// leadInbox is the sales inbox over the leads of every form; rec records
// the sellers' changes (nil: not recorded, the GDPR commands).
func leadInbox(a *app, rec staff.Recorder) (*salesleads.Inbox, error) {
	var names []string
	for _, st := range a.sites.All() {
		names = append(names, st.Name)
	}
	inbox := salesleads.New(a.db, catalog.NewStore(a.db), names, rec)
	lib, err := builder.Load(a.fsys)
	if err != nil {
		return nil, fmt.Errorf("forms: %w", err)
	}
	inbox.FormTitle = func(site, formID string) string {
		if d, err := lib.Form(site, formID); err == nil {
			return d.Title
		}
		return ""
	}
	return inbox, nil
}

// leadWorkHolder covers the sellers' status, assignee and notes on a
// person's leads; it runs before the leads' own holders, which it finds
// the work through.
func leadWorkHolder(a *app) gdpr.Holder {
	inbox := salesleads.New(a.db, catalog.NewStore(a.db), nil, nil)
	return gdpr.Holder{Name: "leadWork",
		Export: func(ctx context.Context, email string) (any, error) { return inbox.ExportEmail(ctx, email) },
		Erase:  inbox.EraseEmail}
}
