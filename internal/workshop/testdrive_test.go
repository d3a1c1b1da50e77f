package workshop_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"forecourt/internal/booking"
	"forecourt/internal/staff"
	"forecourt/internal/store/storetest"
)

// A dealer site's test drives are in its sales department's calendar
// ("S-9001"), which an account given the site's departments (a site-scoped
// account is seeded with both "D-9001" and "S-9001") operates; an account of
// the workshop alone does not, and another site's stays hidden.
func TestSalesCalendar(t *testing.T) {
	siteStaff := staff.Principal{Account: "verkstad-site", Role: staff.RoleWorkshop, Departments: []string{"D-9001", "S-9001"}}
	f := newFixture(t, storetest.MustSQLite(t))
	for _, id := range []string{"S-9001", "S-9002"} {
		w := testWorkshop(id, 9000+int64(id[5]-'0'))
		w.Sales, w.DepartmentName = true, "Bilförsäljning"
		w.Capacity = booking.Capacity{Bays: 2, DayMinutes: 1200, Step: 45 * time.Minute, Notice: 2 * time.Hour}
		all := append(f.eng.Directory().Departments(""), w)
		*f.eng.Directory() = *booking.NewDirectory(all)
	}
	if _, err := f.eng.SeedHours(context.Background()); err != nil {
		t.Fatal(err)
	}
	start, _ := time.ParseInLocation("2006-01-02 15:04", "2026-11-25 07:45", stockholm)
	b, err := f.svc.Book(context.Background(), booking.Request{Flow: "testdrive", DepartmentID: "S-9001", Start: start, Minutes: 45,
		Customer: booking.Customer{FirstName: "Sara", LastName: "Berg", Phone: "+46707654321", Email: "sara@example.se"},
		Reg:      "ABC123", Car: booking.Car{Brand: "Volvo", Model: "XC60", Year: 2022},
		Items: []booking.Item{{Code: "testdrive", Name: "Provkörning", Units: 1}}}, booking.After{})
	if err != nil {
		t.Fatal(err)
	}
	deps := f.do(&siteStaff, "GET", "/api/staff/departments", "").Body.String()
	if !strings.Contains(deps, `"id":"S-9001","name":"Forecourt Bil S-9001 – Bilförsäljning"`) || !strings.Contains(deps, `"kind":"sales"`) || strings.Contains(deps, "S-9002") {
		t.Fatalf("departments %s", deps)
	}
	rec := f.do(&siteStaff, "GET", "/api/staff/bookings?department=S-9001&from=2026-11-23&to=2026-11-29", "")
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"id":"`+b.ID+`","kind":"testdrive","start":"2026-11-25T07:45:00","end":"2026-11-25T08:30:00"`) {
		t.Fatalf("calendar %d %s", rec.Code, rec.Body.String())
	}
	if rec := f.do(&siteStaff, "GET", "/api/staff/bookings?department=S-9002&from=2026-11-23&to=2026-11-29", ""); rec.Code != 404 {
		t.Errorf("another site's sales calendar: %d", rec.Code)
	}
	if rec := f.do(&verkstad, "GET", "/api/staff/bookings?department=S-9001&from=2026-11-23&to=2026-11-29", ""); rec.Code != 404 {
		t.Errorf("an account of the workshop alone: %d", rec.Code)
	}
	if rec := f.do(&saljare, "GET", "/api/staff/bookings?department=S-9001&from=2026-11-23&to=2026-11-29", ""); rec.Code != 404 {
		t.Errorf("a sales account: %d", rec.Code)
	}
}
