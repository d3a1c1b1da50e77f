package salesleads_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"forecourt/internal/catalog"
	"forecourt/internal/editing"
	"forecourt/internal/errs"
	"forecourt/internal/formbuilder"
	"forecourt/internal/leads"
	"forecourt/internal/salesleads"
	"forecourt/internal/staff"
	"forecourt/internal/staff/accounts"
	"forecourt/internal/store"
	"forecourt/internal/store/storetest"
)

type fixture struct {
	inbox *salesleads.Inbox
	audit *accounts.Store
	ids   map[string]string // submission id → inbox id
}

// mustFixture stores, on group-se, a car lead for Norrtälje's dealer, a
// car lead for Täby's, a sell / trade-in lead for the whole site and a
// form-builder submission, and on group-no a service request.
func mustFixture(t *testing.T, db *store.DB) fixture {
	t.Helper()
	ctx := context.Background()
	cat := catalog.NewStore(db)
	if _, err := cat.UpsertSites(ctx, "group-se", []catalog.DealerSite{
		{SiteID: 1011, ID: "s-1011", Slug: "norrtalje", SiteOfficialName: "Forecourt Norrtälje", SiteName: "group-se"},
		{SiteID: 1006, ID: "s-1006", Slug: "taby", SiteOfficialName: "Forecourt Täby", SiteName: "group-se"},
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := cat.UpsertSites(ctx, "group-no", []catalog.DealerSite{
		{SiteID: 5001, ID: "s-5001", Slug: "oslo", SiteOfficialName: "Forecourt Oslo", SiteName: "group-no"},
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := cat.UpsertCars(ctx, "group-se", []catalog.Car{{CarID: 77, CarBrand: "Volvo", CarModel: "XC60", CarYear: 2022, CarRegno: "ABC123", CarSiteID: 1011}}); err != nil {
		t.Fatal(err)
	}
	ls := leads.NewStore(db)
	at := time.Date(2026, 11, 20, 9, 0, 0, 0, time.UTC)
	save := func(site string, f *leads.Form, dealer int64) {
		t.Helper()
		at = at.Add(time.Hour)
		if _, _, err := ls.Save(ctx, site, f, leads.Recipient{Name: "Säljare", Email: "salj@example.se", DealerSiteID: dealer}, leads.MailText{Subject: "Ny lead", Body: "…"}, "", at); err != nil {
			t.Fatal(err)
		}
	}
	save("group-se", &leads.Form{Name: leads.FormCarDetail, SubmissionID: "sub-norrtalje-1", CarID: 77, Email: "anna@example.se",
		Values: leads.Values{Car: "77", Name: "Anna Berg", Phone: "+46701234567", Email: "anna@example.se", Message: "Finns bilen kvar?"}}, 1011)
	save("group-se", &leads.Form{Name: leads.FormCarDetail, SubmissionID: "sub-taby-1", CarID: 99, Email: "bo@example.se",
		Values: leads.Values{Car: "99", Name: "Bo Ek", Phone: "+46707654321", Email: "bo@example.se", Message: "Provkörning?"}}, 1006)
	save("group-se", &leads.Form{Name: leads.FormSellCar, SubmissionID: "sub-sell-1", Email: "cia@example.se",
		Values: leads.SellCar{Regno: "XYZ789", CustomerName: "Cia Lind", CustomerPhone: "+46705550000", CustomerEmail: "cia@example.se", Option: "sell"}}, 0)
	save("group-no", &leads.Form{Name: leads.FormServiceRequest, SubmissionID: "sub-oslo-1", Email: "ola@example.no",
		Values: leads.ServiceRequest{SiteID: "5001", Regno: "EK12345", CustomerName: "Ola Nordmann", CustomerEmail: "ola@example.no", Description: "Service"}}, 5001)
	def := &formbuilder.Definition{ID: "provkorning", Title: "Boka provkörning", Recipient: "form@example.se",
		Fields: []formbuilder.Field{{Name: "namn", Type: "text", Label: "Namn"}, {Name: "epost", Type: "email", Label: "E-post"}}}
	if _, err := formbuilder.NewStore(db).Submit(ctx, formbuilder.Submission{Site: "group-se", Lang: "sv", Def: def, SubmissionID: "sub-form-1",
		Answers: formbuilder.Answers{Values: map[string]any{"namn": "Dan Ström", "epost": "dan@example.se"}, Email: "dan@example.se"}}, at.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	audit := accounts.NewStore(db, editing.NewStore(db))
	in := salesleads.New(db, cat, []string{"group-se", "group-no", "group-uk"}, audit)
	in.FormTitle = func(site, id string) string { return map[string]string{"provkorning": "Boka provkörning"}[id] }
	in.SetClock(func() time.Time { return at.Add(2 * time.Hour) })
	f := fixture{inbox: in, audit: audit, ids: map[string]string{}}
	all, _, err := in.List(ctx, staff.Principal{Account: "admin", Role: staff.RoleAdmin}, salesleads.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range all {
		f.ids[l.Customer.Email] = l.ID
	}
	return f
}

var (
	seller     = staff.Principal{Account: "saljare", Role: staff.RoleSales, Sites: []string{"group-se/norrtalje"}}
	siteSeller = staff.Principal{Account: "salj-se", Role: staff.RoleSales, Sites: []string{"group-se"}}
	admin      = staff.Principal{Account: "admin", Role: staff.RoleAdmin}
	workshop   = staff.Principal{Account: "verkstad", Role: staff.RoleWorkshop, Departments: []string{staff.Every}}
	editor     = staff.Principal{Account: "redaktor", Role: staff.RoleEditor, Sites: []string{staff.Every}}
)

func emails(list []salesleads.Lead) []string {
	var out []string
	for _, l := range list {
		out = append(out, l.Customer.Email)
	}
	slices.Sort(out)
	return out
}

// TestInboxAccess: a seller sees only the leads of their sites; every
// other lead answers not found; staff of other roles see none.
func TestInboxAccess(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		fx := mustFixture(t, db)
		in := fx.inbox
		tests := []struct {
			name string
			p    staff.Principal
			f    salesleads.Filter
			want []string
		}{
			{"dealer seller", seller, salesleads.Filter{}, []string{"anna@example.se"}},
			{"dealer seller, own dealer named", seller, salesleads.Filter{Site: "group-se/norrtalje"}, []string{"anna@example.se"}},
			{"dealer seller, own site named", seller, salesleads.Filter{Site: "group-se"}, []string{"anna@example.se"}},
			{"site seller", siteSeller, salesleads.Filter{}, []string{"anna@example.se", "bo@example.se", "cia@example.se", "dan@example.se"}},
			{"site seller, one dealer", siteSeller, salesleads.Filter{Site: "group-se/taby"}, []string{"bo@example.se"}},
			{"admin", admin, salesleads.Filter{}, []string{"anna@example.se", "bo@example.se", "cia@example.se", "dan@example.se", "ola@example.no"}},
			{"admin, sell-car kind", admin, salesleads.Filter{Kind: salesleads.KindSellCar}, []string{"cia@example.se"}},
			{"admin, form-builder kind", admin, salesleads.Filter{Kind: salesleads.KindFormBuilder}, []string{"dan@example.se"}},
			{"admin, search", admin, salesleads.Filter{Query: "nordmann"}, []string{"ola@example.no"}},
		}
		for _, tt := range tests {
			got, total, err := in.List(ctx, tt.p, tt.f)
			if err != nil {
				t.Errorf("%s: %v", tt.name, err)
				continue
			}
			if d := cmp.Diff(tt.want, emails(got)); d != "" || total != len(tt.want) {
				t.Errorf("%s: total %d (-want +got):\n%s", tt.name, total, d)
			}
		}
		for _, p := range []staff.Principal{seller} {
			for _, site := range []string{"group-se/taby", "group-no", "group-no/oslo", "group-dk"} {
				if _, _, err := in.List(ctx, p, salesleads.Filter{Site: site}); !errs.Is(err, errs.NotFound) {
					t.Errorf("%s lists %s: %v, want not found", p.Account, site, err)
				}
			}
			for _, email := range []string{"bo@example.se", "cia@example.se", "dan@example.se", "ola@example.no"} {
				id := fx.ids[email]
				if _, err := in.Get(ctx, p, id); !errs.Is(err, errs.NotFound) {
					t.Errorf("%s opens %s (%s): %v, want not found", p.Account, id, email, err)
				}
				st := salesleads.StatusContacted
				if _, err := in.Update(ctx, p, id, salesleads.Change{Status: &st}); !errs.Is(err, errs.NotFound) {
					t.Errorf("%s changes %s: %v, want not found", p.Account, id, err)
				}
			}
		}
		for _, p := range []staff.Principal{workshop, editor} {
			if _, _, err := in.List(ctx, p, salesleads.Filter{}); !errs.Is(err, errs.Forbidden) {
				t.Errorf("%s lists leads: %v, want forbidden", p.Account, err)
			}
			if _, err := in.Get(ctx, p, fx.ids["anna@example.se"]); !errs.Is(err, errs.Forbidden) {
				t.Errorf("%s opens a lead: %v, want forbidden", p.Account, err)
			}
		}
		for _, id := range []string{"L999", "X1", "L01", "", "F-1"} {
			if _, err := in.Get(ctx, admin, id); !errs.Is(err, errs.NotFound) {
				t.Errorf("Get(%q): %v, want not found", id, err)
			}
		}
	})
}

// TestInboxWork: a lead's status moves forward only, notes and the
// assignee are kept, each change is in the audit log, and the shapes of
// each form are read (car, customer, dealer).
func TestInboxWork(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		fx := mustFixture(t, db)
		in := fx.inbox
		id := fx.ids["anna@example.se"]
		l, err := in.Get(ctx, seller, id)
		if err != nil {
			t.Fatal(err)
		}
		if l.Status != salesleads.StatusNew || l.Car == nil || l.Car.Title != "Volvo XC60 2022" || l.Car.Regno != "ABC123" ||
			l.Dealer == nil || l.Dealer.ID != "group-se/norrtalje" || l.Customer.Name != "Anna Berg" || l.Customer.Phone != "+46701234567" || l.Message != "Finns bilen kvar?" {
			t.Errorf("car lead: %+v car %+v dealer %+v", l, l.Car, l.Dealer)
		}
		contacted, won, fresh := salesleads.StatusContacted, salesleads.StatusWon, salesleads.StatusNew
		note, me := "  Ringde Anna, provkörning på lördag.  ", "saljare"
		l, err = in.Update(ctx, seller, id, salesleads.Change{Status: &contacted, Note: &note, Assignee: &me})
		if err != nil {
			t.Fatal(err)
		}
		if l.Status != contacted || l.Assignee != "saljare" || len(l.Notes) != 1 || l.Notes[0].Body != "Ringde Anna, provkörning på lördag." || l.Notes[0].Account != "saljare" || l.UpdatedBy != "saljare" {
			t.Errorf("after contact: %+v", l)
		}
		if _, err := in.Update(ctx, seller, id, salesleads.Change{Status: &fresh}); !errs.Is(err, errs.Invalid) {
			t.Errorf("contacted → new: %v, want invalid", err)
		}
		bogus := salesleads.Status("maybe")
		if _, err := in.Update(ctx, seller, id, salesleads.Change{Status: &bogus}); !errs.Is(err, errs.Invalid) {
			t.Errorf("an unknown status: %v, want invalid", err)
		}
		long := string(make([]rune, salesleads.MaxNote+1))
		if _, err := in.Update(ctx, seller, id, salesleads.Change{Note: &long}); !errs.Is(err, errs.Invalid) {
			t.Errorf("a note too long: %v, want invalid", err)
		}
		if _, err := in.Update(ctx, seller, id, salesleads.Change{}); !errs.Is(err, errs.Invalid) {
			t.Errorf("an empty change: %v, want invalid", err)
		}
		if l, err = in.Update(ctx, seller, id, salesleads.Change{Status: &won}); err != nil || l.Status != won {
			t.Fatalf("contacted → won: %+v %v", l, err)
		}
		got, _, err := in.List(ctx, seller, salesleads.Filter{Status: salesleads.StatusWon})
		if err != nil || len(got) != 1 || got[0].ID != id {
			t.Errorf("won filter: %v %v", emails(got), err)
		}
		if got, _, _ := in.List(ctx, seller, salesleads.Filter{Status: salesleads.StatusNew}); len(got) != 0 {
			t.Errorf("new filter: %v", emails(got))
		}
		entries, err := fx.audit.Audit(ctx, accounts.AuditFilter{Action: "lead."})
		if err != nil {
			t.Fatal(err)
		}
		var actions []string
		for _, e := range entries {
			if e.Subject != id || e.Account != "saljare" {
				t.Errorf("entry %+v", e)
			}
			actions = append(actions, e.Action+" "+e.Detail)
		}
		want := []string{"lead.status contacted → won", "lead.note ", `lead.assign "" → "saljare"`, "lead.status new → contacted"}
		if d := cmp.Diff(want, actions); d != "" {
			t.Errorf("audit (-want +got):\n%s", d)
		}

		// The other forms' shapes.
		sell, err := in.Get(ctx, siteSeller, fx.ids["cia@example.se"])
		if err != nil || sell.Kind != salesleads.KindSellCar || sell.Customer.Name != "Cia Lind" || sell.Regno != "XYZ789" || sell.Dealer != nil {
			t.Errorf("sell-car lead: %+v %v", sell, err)
		}
		fb, err := in.Get(ctx, siteSeller, fx.ids["dan@example.se"])
		if err != nil || fb.Kind != salesleads.KindFormBuilder || fb.Form != "Boka provkörning" || fb.Customer.Name != "Dan Ström" {
			t.Errorf("form-builder lead: %+v %v", fb, err)
		}
		svc, err := in.Get(ctx, admin, fx.ids["ola@example.no"])
		if err != nil || svc.Kind != salesleads.KindService || svc.Dealer == nil || svc.Dealer.Name != "Forecourt Oslo" || svc.Message != "Service" {
			t.Errorf("service request: %+v %v", svc, err)
		}
		gone, err := in.Get(ctx, siteSeller, fx.ids["bo@example.se"])
		if err != nil || gone.Car == nil || !gone.Car.Gone || gone.Car.ID != 99 {
			t.Errorf("a lead whose car is sold: %+v %v", gone.Car, err)
		}
	})
}

// TestInboxGDPR: a person's export lists the work on their leads, and the
// erasure takes the notes and status with the leads.
func TestInboxGDPR(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		fx := mustFixture(t, db)
		in := fx.inbox
		st, note := salesleads.StatusContacted, "Ringde Anna"
		if _, err := in.Update(ctx, seller, fx.ids["anna@example.se"], salesleads.Change{Status: &st, Note: &note}); err != nil {
			t.Fatal(err)
		}
		exp, err := in.ExportEmail(ctx, "Anna@Example.se")
		if err != nil || len(exp) != 1 || exp[0].Status != st || len(exp[0].Notes) != 1 || exp[0].Notes[0].Body != note {
			t.Fatalf("export: %+v %v", exp, err)
		}
		n, err := in.EraseEmail(ctx, "anna@example.se")
		if err != nil || n != 1 {
			t.Fatalf("erase: %d %v", n, err)
		}
		if _, err := leads.NewStore(db).EraseEmail(ctx, "anna@example.se"); err != nil {
			t.Fatal(err)
		}
		var left int
		db.QueryRowContext(ctx, `SELECT (SELECT count(*) FROM lead_notes) + (SELECT count(*) FROM lead_work)`).Scan(&left)
		if left != 0 {
			t.Errorf("%d notes and work rows left after the erasure", left)
		}
		if exp, _ := in.ExportEmail(ctx, "anna@example.se"); len(exp) != 0 {
			t.Errorf("export after erasure: %+v", exp)
		}
	})
}
