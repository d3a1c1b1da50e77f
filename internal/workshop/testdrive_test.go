package workshop_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"forecourt/internal/booking"
	"forecourt/internal/catalog"
	"forecourt/internal/staff"
	"forecourt/internal/store"
	"forecourt/internal/store/storetest"
	"forecourt/internal/testdrive"
	"forecourt/internal/workshop"
)

// salesFixture is the fixture with two dealers' sales departments, S-9001
// and S-9002, the test-drive flow over its booking use case, and a car in
// stock at each (4711 at 9001, 4712 at 9002); drive books a test drive of
// a car the way a customer does.
func salesFixture(t *testing.T, db *store.DB) (*fixture, func(carID int64, at string) booking.Booking) {
	t.Helper()
	ctx := context.Background()
	f := newFixture(t, db)
	for _, id := range []string{"S-9001", "S-9002"} {
		w := testWorkshop(id, 9000+int64(id[5]-'0'))
		w.Sales, w.DepartmentName = true, "Bilförsäljning"
		w.Capacity = booking.Capacity{Bays: 2, DayMinutes: 1200, Step: 45 * time.Minute, Notice: 2 * time.Hour}
		all := append(f.eng.Directory().Departments(""), w)
		*f.eng.Directory() = *booking.NewDirectory(all)
	}
	if _, err := f.eng.SeedHours(ctx); err != nil {
		t.Fatal(err)
	}
	cars := catalog.NewStore(db)
	if _, err := cars.UpsertCars(ctx, "group-se", []catalog.Car{
		{CarID: 4711, Slug: "volvo-xc60", CarBrand: "Volvo", CarModel: "XC60", CarYear: 2022, CarRegno: "ABC123", CarPrice: 389900, CarPriceCurrency: "SEK", CarSiteID: 9001},
		{CarID: 4712, Slug: "volvo-v60", CarBrand: "Volvo", CarModel: "V60", CarYear: 2021, CarRegno: "DEF456", CarPrice: 289900, CarPriceCurrency: "SEK", CarSiteID: 9002},
	}); err != nil {
		t.Fatal(err)
	}
	td, err := testdrive.New(f.svc, cars)
	if err != nil {
		t.Fatal(err)
	}
	return f, func(carID int64, at string) booking.Booking {
		t.Helper()
		c, err := td.Car(ctx, "group-se", carID)
		if err != nil {
			t.Fatal(err)
		}
		start, _ := time.ParseInLocation("2006-01-02 15:04", at, stockholm)
		b, err := td.Book(ctx, testdrive.Order{Car: c, Start: start, Lang: "sv", Origin: "https://forecourt.se",
			Customer: booking.Customer{FirstName: "Sara", LastName: "Berg", Phone: "+46707654321", Email: "sara@example.se"}})
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
}

// A dealer site's test drives are in its sales department's calendar
// ("S-9001"), which an account given the site's departments (a site-scoped
// account is seeded with both "D-9001" and "S-9001") operates; an account of
// the workshop alone does not, and another site's stays hidden.
func TestSalesCalendar(t *testing.T) {
	siteStaff := staff.Principal{Account: "verkstad-site", Role: staff.RoleWorkshop, Departments: []string{"D-9001", "S-9001"}}
	f, drive := salesFixture(t, storetest.MustSQLite(t))
	b := drive(4711, "2026-11-25 07:45")
	deps := f.do(&siteStaff, "GET", "/api/staff/departments", "").Body.String()
	if !strings.Contains(deps, `"id":"S-9001","name":"Forecourt Bil S-9001 – Bilförsäljning"`) || !strings.Contains(deps, `"kind":"sales"`) || strings.Contains(deps, "S-9002") {
		t.Fatalf("departments %s", deps)
	}
	rec := f.do(&siteStaff, "GET", "/api/staff/bookings?department=S-9001&from=2026-11-23&to=2026-11-29", "")
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"id":"`+b.ID+`","kind":"testdrive","start":"2026-11-25T07:45:00","end":"2026-11-25T08:30:00"`) ||
		!strings.Contains(rec.Body.String(), `"testDrive":{"carId":4711,"url":"https://group-se.example/bilar/4711"}`) {
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

// A sales account (its sites expanded to their sales departments when it
// signs in) runs the test drives of its own sales departments — the
// calendar, the CSV with the car's page, move, mark and cancel with the
// customer's mail — and nothing of a workshop's: a workshop booking, its
// calendar and any change of opening hours are refused. A workshop account
// of its workshop alone cannot reach the test drives either.
func TestSalesAccountAccess(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		seller := staff.Principal{Account: "saljare-9001", Role: staff.RoleSales, Sites: []string{"group-se/s9001"}, Departments: []string{"S-9001"}}
		everySeller := staff.Principal{Account: "saljare-alla", Role: staff.RoleSales, Sites: []string{staff.Every}, Departments: []string{staff.Every}}
		f, drive := salesFixture(t, db)
		td, other := drive(4711, "2026-11-25 07:45"), drive(4712, "2026-11-25 07:45")
		service := f.book("D-9001", "2026-11-25 10:00")

		deps := decodeJSON[[]workshop.DepartmentView](t, f.do(&seller, "GET", "/api/staff/departments", ""))
		if len(deps) != 1 || deps[0].ID != "S-9001" || deps[0].Kind != "sales" {
			t.Errorf("a seller's departments: %+v", deps)
		}
		deps = decodeJSON[[]workshop.DepartmentView](t, f.do(&everySeller, "GET", "/api/staff/departments", ""))
		if len(deps) != 2 || deps[0].Kind != "sales" || deps[1].Kind != "sales" {
			t.Errorf("an every-site seller's departments: %+v", deps)
		}
		cal := decodeJSON[workshop.CalendarView](t, f.do(&seller, "GET", "/api/staff/bookings?department=S-9001&from=2026-11-23&to=2026-11-29", ""))
		if len(cal.Bookings) != 1 || cal.Bookings[0].ID != td.ID || cal.Bookings[0].TestDrive == nil || cal.Bookings[0].TestDrive.CarID != 4711 {
			t.Fatalf("a seller's calendar: %+v", cal.Bookings)
		}
		csv := f.do(&seller, "GET", "/api/staff/bookings.csv?department=S-9001&from=2026-11-23&to=2026-11-29", "").Body.String()
		if !strings.Contains(csv, ";Bilens sida\r\n") || !strings.Contains(csv, td.ID+";testdrive;booked;ABC123;Volvo XC60 (2022);Provkörning;") ||
			!strings.Contains(csv, ";https://group-se.example/bilar/4711\r\n") {
			t.Errorf("a seller's CSV:\n%s", csv)
		}

		// Nothing of a workshop's, nor another dealer's test drives.
		for _, p := range []staff.Principal{seller, everySeller} {
			for _, c := range [][3]string{
				{"GET", "/api/staff/bookings?department=D-9001&from=2026-11-23&to=2026-11-29", ""},
				{"GET", "/api/staff/bookings.csv?department=D-9001&from=2026-11-23&to=2026-11-29", ""},
				{"GET", "/api/staff/events?department=D-9001", ""},
				{"GET", "/api/staff/departments/D-9001/hours", ""},
				{"GET", "/api/staff/bookings/" + service.ID + "/slots?date=2026-11-26", ""},
				{"POST", "/api/staff/bookings/" + service.ID + "/move", `{"start":"2026-11-26T13:00:00"}`},
				{"POST", "/api/staff/bookings/" + service.ID + "/cancel", `{"reason":"Nej"}`},
				{"POST", "/api/staff/bookings/" + service.ID + "/status", `{"status":"arrived"}`},
			} {
				if rec := f.do(&p, c[0], c[1], c[2]); rec.Code != 404 {
					t.Errorf("%s: %s %s: %d %s", p.Account, c[0], c[1], rec.Code, rec.Body.String())
				}
			}
		}
		for _, c := range [][3]string{
			{"GET", "/api/staff/bookings?department=S-9002&from=2026-11-23&to=2026-11-29", ""},
			{"POST", "/api/staff/bookings/" + other.ID + "/cancel", `{"reason":"Nej"}`},
		} {
			if rec := f.do(&seller, c[0], c[1], c[2]); rec.Code != 404 {
				t.Errorf("another dealer's test drives: %s %s: %d", c[0], c[1], rec.Code)
			}
		}
		for _, c := range [][3]string{
			{"PUT", "/api/staff/departments/S-9001/hours", `{"weekdays":[]}`},
			{"POST", "/api/staff/closures", `{"department":"S-9001","from":"2026-11-30T00:00:00","to":"2026-12-01T00:00:00","reason":"Stängt"}`},
		} {
			if rec := f.do(&seller, c[0], c[1], c[2]); rec.Code != 403 {
				t.Errorf("a seller sets hours: %s %s: %d %s", c[0], c[1], rec.Code, rec.Body.String())
			}
		}
		// And the other way: the workshop's own account never reaches a test drive.
		for _, c := range [][3]string{
			{"GET", "/api/staff/bookings?department=S-9001&from=2026-11-23&to=2026-11-29", ""},
			{"POST", "/api/staff/bookings/" + td.ID + "/move", `{"start":"2026-11-26T09:15:00"}`},
			{"POST", "/api/staff/bookings/" + td.ID + "/cancel", `{"reason":"Nej"}`},
			{"POST", "/api/staff/bookings/" + td.ID + "/status", `{"status":"arrived"}`},
		} {
			if rec := f.do(&verkstad, c[0], c[1], c[2]); rec.Code != 404 {
				t.Errorf("a workshop account: %s %s: %d", c[0], c[1], rec.Code)
			}
		}
		for _, id := range []string{service.ID, other.ID, td.ID} {
			if got, _ := f.eng.ByID(ctx, id); got.Status != booking.StatusBooked || got.Sequence != 0 {
				t.Errorf("a refused call changed %s: %+v", id, got)
			}
		}

		// The seller's own test drive: move, mark, and cancel with a reason.
		if rec := f.do(&seller, "POST", "/api/staff/bookings/"+td.ID+"/move", `{"start":"2026-11-26T09:15:00"}`); rec.Code != 200 ||
			!strings.Contains(rec.Body.String(), `"start":"2026-11-26T09:15:00"`) || !strings.Contains(rec.Body.String(), `"testDrive":{"carId":4711`) {
			t.Fatalf("move: %d %s", rec.Code, rec.Body.String())
		}
		if rec := f.do(&seller, "POST", "/api/staff/bookings/"+td.ID+"/status", `{"status":"noshow"}`); rec.Code != 200 || !strings.Contains(rec.Body.String(), `"status":"noshow"`) {
			t.Fatalf("mark: %d %s", rec.Code, rec.Body.String())
		}
		again := drive(4711, "2026-11-27 09:15")
		if rec := f.do(&seller, "POST", "/api/staff/bookings/"+again.ID+"/cancel", `{"reason":"Säljaren är sjuk"}`); rec.Code != 200 || !strings.Contains(rec.Body.String(), `"status":"cancelled"`) {
			t.Fatalf("cancel: %d %s", rec.Code, rec.Body.String())
		}
		var subject, doc string
		if err := db.QueryRowContext(ctx, db.Rebind(`SELECT subject, doc FROM mail_outbox WHERE to_addr = ? AND doc LIKE ?`), "sara@example.se", "%Säljaren är sjuk%").Scan(&subject, &doc); err != nil {
			t.Fatalf("the customer's cancellation mail: %v", err)
		}
		if !strings.Contains(subject, again.ID) || !strings.Contains(doc, "method=CANCEL") {
			t.Errorf("cancellation %q: %s", subject, doc)
		}
		want := []string{"saljare-9001 booking.move " + td.ID, "saljare-9001 booking.status " + td.ID, "saljare-9001 booking.cancel " + again.ID}
		if got := f.rec.actions(); strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("audit %v, want %v", got, want)
		}
	})
}
