package accounts_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/crypto/bcrypt"

	"forecourt/internal/editing"
	"forecourt/internal/errs"
	"forecourt/internal/staff"
	"forecourt/internal/staff/accounts"
	"forecourt/internal/store"
	"forecourt/internal/store/storetest"
)

func mustHash(t *testing.T, pw string) string {
	t.Helper()
	h, err := bcrypt.GenerateFromPassword([]byte(pw), bcrypt.MinCost)
	if err != nil {
		t.Fatal(err)
	}
	return string(h)
}

func TestParseSpecs(t *testing.T) {
	h := "$2a$04$abcdefghijklmnopqrstuuN2eXQ3pB2cTL1z.FqYv6xAeeGf0b5Lm"
	got, err := accounts.ParseSpecs("verkstad:" + h + ":workshop:group-se, norr:" + h + ":workshop:D-1011|D-1012,saljare:" + h + ":sales:group-se/norrtalje,admin:" + h + ":admin")
	if err != nil {
		t.Fatal(err)
	}
	want := []accounts.Spec{
		{Name: "verkstad", Hash: h, Role: staff.RoleWorkshop, Departments: []string{"group-se"}},
		{Name: "norr", Hash: h, Role: staff.RoleWorkshop, Departments: []string{"D-1011", "D-1012"}},
		{Name: "saljare", Hash: h, Role: staff.RoleSales, Sites: []string{"group-se/norrtalje"}},
		{Name: "admin", Hash: h, Role: staff.RoleAdmin},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("specs (-want +got):\n%s", d)
	}
	for _, bad := range []string{
		"anna:" + h,                           // no role
		"anna:notahash:sales:group-se",        // not bcrypt
		"anna:" + h + ":boss:group-se",        // unknown role
		"anna:" + h + ":sales",                // sales without sites
		"anna:" + h + ":workshop",             // workshop without departments
		"anna:" + h + ":admin:group-se",       // admin with a scope
		"Anna Berg:" + h + ":admin",           // bad name
		"a:" + h + ":admin,a:" + h + ":admin", // twice
	} {
		if _, err := accounts.ParseSpecs(bad); err == nil {
			t.Errorf("ParseSpecs(%q) accepted", bad)
		}
	}
}

// TestAccounts: seeding from the environment, signing in, an admin's
// changes (each recorded in the audit log) and their effect on sessions.
func TestAccounts(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		st := accounts.NewStore(db, editing.NewStore(db))
		st.SiteDepartments = func(site string) []string {
			if site == "group-se" {
				return []string{"D-1001", "D-1011"}
			}
			return nil
		}
		h := mustHash(t, "first-password")
		specs := []accounts.Spec{
			{Name: "verkstad", Hash: h, Role: staff.RoleWorkshop, Departments: []string{"group-se"}},
			{Name: "admin", Hash: h, Role: staff.RoleAdmin},
		}
		if err := st.Seed(ctx, specs); err != nil {
			t.Fatal(err)
		}
		a, err := st.SignIn(ctx, "verkstad", "first-password")
		if err != nil {
			t.Fatalf("sign in: %v", err)
		}
		if d := cmp.Diff([]string{"D-1001", "D-1011"}, st.Principal(a).Departments); d != "" {
			t.Errorf("a site among the departments expands to its workshops (-want +got):\n%s", d)
		}
		// A sales account's sites expand to their sales departments, the
		// calendars of their test drives; "*" stays every one.
		st.SalesDepartments = func(scope string) []string {
			return map[string][]string{"group-se": {"S-1001", "S-1011"}, "group-se/norrtalje": {"S-1011"}}[scope]
		}
		for _, tc := range []struct {
			sites []string
			want  []string
		}{{[]string{"group-se/norrtalje"}, []string{"S-1011"}}, {[]string{"group-se"}, []string{"S-1001", "S-1011"}}, {[]string{"*"}, []string{"*"}}, {[]string{"group-dk"}, []string{}}} {
			p := st.Principal(accounts.Account{Name: "saljare", Role: staff.RoleSales, Sites: tc.sites})
			if d := cmp.Diff(tc.want, p.Departments); d != "" {
				t.Errorf("sales of %v: departments (-want +got):\n%s", tc.sites, d)
			}
			if p.MayDepartment("D-1011") || p.MayDepartment("D-1001") {
				t.Errorf("sales of %v may operate a workshop", tc.sites)
			}
		}
		for _, tc := range []struct{ name, pw string }{{"verkstad", "wrong-password"}, {"nobody", "first-password"}} {
			if _, err := st.SignIn(ctx, tc.name, tc.pw); !errs.Is(err, errs.Unauthorized) {
				t.Errorf("SignIn(%q, %q) = %v, want unauthorized", tc.name, tc.pw, err)
			}
		}
		token, _, err := st.StartSession(ctx, a, time.Hour)
		if err != nil {
			t.Fatal(err)
		}
		if s, err := st.Session(ctx, token); err != nil || s.Account.Name != "verkstad" {
			t.Fatalf("session: %+v %v", s, err)
		}

		// An admin adds a seller; a taken name and bad fields are refused.
		seller, err := st.Create(ctx, "admin", accounts.NewAccount{Name: "saljare", Password: "a-long-password-1", Role: staff.RoleSales, Sites: []string{"group-se/norrtalje"}})
		if err != nil {
			t.Fatal(err)
		}
		if seller.Source != accounts.SourceAdmin || seller.Sites[0] != "group-se/norrtalje" {
			t.Errorf("created %+v", seller)
		}
		if _, err := st.Create(ctx, "admin", accounts.NewAccount{Name: "saljare", Password: "a-long-password-1", Role: staff.RoleSales, Sites: []string{"group-se"}}); !errs.Is(err, errs.Conflict) {
			t.Errorf("a taken name: %v, want conflict", err)
		}
		_, err = st.Create(ctx, "admin", accounts.NewAccount{Name: "x", Password: "short", Role: "boss"})
		var e *errs.Error
		if !errs.Is(err, errs.Invalid) || !asErr(err, &e) || e.Fields["account"] == "" || e.Fields["password"] == "" || e.Fields["role"] == "" {
			t.Errorf("bad fields: %v", err)
		}

		// Disabling ends the sessions and refuses the right password.
		yes := true
		if _, err := st.Update(ctx, "admin", "verkstad", accounts.Change{Disabled: &yes}); err != nil {
			t.Fatal(err)
		}
		if _, err := st.Session(ctx, token); !errs.Is(err, errs.Unauthorized) {
			t.Errorf("a disabled account's session: %v, want unauthorized", err)
		}
		if _, err := st.SignIn(ctx, "verkstad", "first-password"); !errs.Is(err, errs.Unauthorized) {
			t.Errorf("a disabled account signs in: %v", err)
		}
		// A password reset; re-enabling.
		no, pw := false, "a-new-password-22"
		if _, err := st.Update(ctx, "admin", "verkstad", accounts.Change{Disabled: &no, Password: &pw}); err != nil {
			t.Fatal(err)
		}
		if _, err := st.SignIn(ctx, "verkstad", pw); err != nil {
			t.Errorf("the reset password: %v", err)
		}
		// The environment's hash is the same as last start: the admin's
		// reset stays. A changed one (an operator rotated it) wins.
		if err := st.Seed(ctx, specs); err != nil {
			t.Fatal(err)
		}
		if _, err := st.SignIn(ctx, "verkstad", pw); err != nil {
			t.Errorf("after a restart with the same environment the reset password: %v", err)
		}
		specs[0].Hash = mustHash(t, "rotated-password")
		if err := st.Seed(ctx, specs); err != nil {
			t.Fatal(err)
		}
		if _, err := st.SignIn(ctx, "verkstad", "rotated-password"); err != nil {
			t.Errorf("a rotated environment hash: %v", err)
		}
		// An admin cannot lock themselves out.
		if _, err := st.Update(ctx, "admin", "admin", accounts.Change{Disabled: &yes}); !errs.Is(err, errs.Invalid) {
			t.Errorf("disabling oneself: %v, want invalid", err)
		}
		role := staff.RoleSales
		if _, err := st.Update(ctx, "admin", "saljare", accounts.Change{Role: &role, Sites: &[]string{}}); !errs.Is(err, errs.Invalid) {
			t.Errorf("a seller with no sites: %v, want invalid", err)
		}
		if _, err := st.Update(ctx, "admin", "nobody", accounts.Change{Disabled: &yes}); !errs.Is(err, errs.NotFound) {
			t.Errorf("an unknown account: %v, want not found", err)
		}

		entries, err := st.Audit(ctx, accounts.AuditFilter{Action: "account."})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, e := range entries {
			got = append(got, e.Account+" "+e.Action+" "+e.Subject)
		}
		want := []string{"admin account.password verkstad", "admin account.enable verkstad", "admin account.disable verkstad", "admin account.create saljare"}
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("audit (-want +got):\n%s", d)
		}
		if err := st.Record(ctx, staff.Entry{Account: "verkstad", Action: "booking.move", Subject: "B-1", Detail: "10:00 → 13:30"}); err != nil {
			t.Fatal(err)
		}
		page, err := st.Audit(ctx, accounts.AuditFilter{Limit: 2})
		if err != nil || len(page) != 2 || page[0].Action != "booking.move" || page[0].Detail != "10:00 → 13:30" {
			t.Fatalf("newest first, two a page: %+v %v", page, err)
		}
		rest, err := st.Audit(ctx, accounts.AuditFilter{Before: page[1].ID})
		if err != nil || len(rest) != 3 {
			t.Errorf("next page: %d entries %v, want 3", len(rest), err)
		}
	})
}

func asErr(err error, e **errs.Error) bool {
	x, ok := err.(*errs.Error)
	if ok {
		*e = x
	}
	return ok
}

// TestEditors: the editing mode's sign-in asks the same accounts: an
// editor edits its sites, an admin every one, a disabled account and the
// other roles none.
func TestEditors(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		st := accounts.NewStore(db, editing.NewStore(db))
		h := mustHash(t, "first-password")
		if err := st.Seed(ctx, []accounts.Spec{
			{Name: "redaktor", Hash: h, Role: staff.RoleEditor, Sites: []string{"group-se"}},
			{Name: "admin", Hash: h, Role: staff.RoleAdmin},
			{Name: "verkstad", Hash: h, Role: staff.RoleWorkshop, Departments: []string{"*"}},
		}); err != nil {
			t.Fatal(err)
		}
		ed := accounts.Editors{Store: st}
		if err := ed.CheckEditor(ctx, "redaktor", "first-password"); err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct {
			name, site string
			want       bool
		}{{"redaktor", "group-se", true}, {"redaktor", "group-dk", false}, {"admin", "group-dk", true}, {"verkstad", "group-se", false}, {"nobody", "group-se", false}} {
			if got, err := ed.MayEdit(ctx, tc.name, tc.site); err != nil || got != tc.want {
				t.Errorf("MayEdit(%s, %s) = %v %v, want %v", tc.name, tc.site, got, err, tc.want)
			}
		}
		yes := true
		if _, err := st.Update(ctx, "admin", "redaktor", accounts.Change{Disabled: &yes}); err != nil {
			t.Fatal(err)
		}
		if ok, _ := ed.MayEdit(ctx, "redaktor", "group-se"); ok {
			t.Error("a disabled editor may still edit")
		}
		if err := ed.CheckEditor(ctx, "redaktor", "first-password"); !errs.Is(err, errs.Unauthorized) {
			t.Errorf("a disabled editor signs in: %v", err)
		}
	})
}
