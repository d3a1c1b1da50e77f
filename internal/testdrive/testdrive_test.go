package testdrive_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"forecourt/internal/booking"
	"forecourt/internal/catalog"
	"forecourt/internal/errs"
	"forecourt/internal/site"
	"forecourt/internal/store"
	"forecourt/internal/testdrive"
)

var stockholm = func() *time.Location {
	l, err := time.LoadLocation("Europe/Stockholm")
	if err != nil {
		panic(err)
	}
	return l
}()

func local(s string) time.Time {
	t, err := time.ParseInLocation("2006-01-02 15:04", s, stockholm)
	if err != nil {
		panic(err)
	}
	return t
}

func date(s string) booking.Date {
	d, err := booking.ParseDate(s)
	if err != nil {
		panic(err)
	}
	return d
}

func dealer() catalog.DealerSite {
	week := catalog.OpeningSchedule{Openinghours: []catalog.OpeningDay{{Day: "Måndag–Fredag", DisplayText: "09:00–18:00"}, {Day: "Lördag–Söndag", DisplayText: "Stängt"}}}
	return catalog.DealerSite{
		SiteID: 7, ID: "site-uppsala", Slug: "uppsala", SiteOfficialName: "Forecourt Bil Uppsala", SiteCity: "Uppsala",
		SiteStreet: "Kungsgatan 1", SiteZip: "753 21", SiteGeocoord: catalog.GeoCoord{Latitude: "59.8586", Longitude: "17.6389"},
		SiteDepartments: []catalog.Department{
			{Name: "Bilförsäljning", Group: catalog.GroupNewCars, Email: "salj.uppsala@example.se", Phone: "018-10 20 30", Openingschedule: week},
			{Name: "Verkstad", Group: catalog.GroupWorkshop, Openingschedule: week},
		},
	}
}

func car(id int64, regno string) catalog.Car {
	return catalog.Car{CarID: id, Slug: "volvo-xc60", CarBrand: "Volvo", CarModel: "XC60", CarYear: 2022, CarRegno: regno,
		CarPrice: 389900, CarPriceCurrency: "SEK", CarSiteID: 7, CarVehicleTypeCode: "PC", CarFuel: "Bensin", CarBody: "SUV", CarGearbox: "Automat"}
}

// process is one server's view of the shared store: its own connections,
// engine, booking use case and test-drive flow.
type process struct {
	db *store.DB
	td *testdrive.TestDrives
}

func open(t *testing.T, db *store.DB, now time.Time) process {
	t.Helper()
	ctx := context.Background()
	se := &site.Site{Name: "group-se", Country: "SE", Languages: []string{"sv"}, Currency: "SEK", TimeZone: stockholm}
	dir := booking.NewDirectory(nil)
	if err := dir.Load(ctx, catalog.NewStore(db), []*site.Site{se}); err != nil {
		t.Fatal(err)
	}
	eng := booking.New(db, dir)
	eng.Now = func() time.Time { return now }
	if _, err := eng.SeedHours(ctx); err != nil {
		t.Fatal(err)
	}
	td, err := testdrive.New(booking.NewService(eng, nil), catalog.NewStore(db))
	if err != nil {
		t.Fatal(err)
	}
	return process{db: db, td: td}
}

// stores opens the same store twice, as two processes would: a SQLite
// file, or a fresh schema of the TEST_DATABASE_URL database.
func stores(t *testing.T, fn func(t *testing.T, a, b *store.DB)) {
	t.Run("sqlite", func(t *testing.T) {
		dir := filepath.Join(t.TempDir(), "data")
		a, err := store.Open(context.Background(), dir, "")
		if err != nil {
			t.Fatal(err)
		}
		defer a.Close()
		b, err := store.Open(context.Background(), dir, "")
		if err != nil {
			t.Fatal(err)
		}
		defer b.Close()
		fn(t, a, b)
	})
	base := os.Getenv("TEST_DATABASE_URL")
	if base == "" {
		return
	}
	t.Run("postgres", func(t *testing.T) {
		var r [6]byte
		rand.Read(r[:])
		schema := "td_" + hex.EncodeToString(r[:])
		admin, err := store.Open(context.Background(), "", base)
		if err != nil {
			t.Fatal(err)
		}
		defer admin.Close()
		if _, err := admin.Exec(`CREATE SCHEMA ` + schema); err != nil {
			t.Fatal(err)
		}
		defer admin.Exec(`DROP SCHEMA ` + schema + ` CASCADE`)
		u, _ := url.Parse(base)
		q := u.Query()
		q.Set("search_path", schema)
		u.RawQuery = q.Encode()
		a, err := store.Open(context.Background(), "", u.String())
		if err != nil {
			t.Fatal(err)
		}
		defer a.Close()
		b, err := store.Open(context.Background(), "", u.String())
		if err != nil {
			t.Fatal(err)
		}
		defer b.Close()
		fn(t, a, b)
	})
}

func seed(t *testing.T, db *store.DB) {
	t.Helper()
	ctx := context.Background()
	st := catalog.NewStore(db)
	if _, err := st.UpsertSites(ctx, "group-se", []catalog.DealerSite{dealer()}); err != nil {
		t.Fatal(err)
	}
	if _, err := st.UpsertCars(ctx, "group-se", []catalog.Car{car(1, "ABC123"), car(2, "DEF456")}); err != nil {
		t.Fatal(err)
	}
}

func times(ds booking.DaySlots) []string { return ds.Times(stockholm) }

func customer(name string) booking.Customer {
	return booking.Customer{FirstName: name, LastName: "Andersson", Phone: "0701234567", Email: strings.ToLower(name) + "@example.se"}
}

// Friday 27 November 2026, 10:00 in Uppsala.
var now = local("2026-11-27 10:00")

func TestRules(t *testing.T) {
	stores(t, func(t *testing.T, db, _ *store.DB) {
		ctx := context.Background()
		seed(t, db)
		p := open(t, db, now)
		dir := p.td.Service.Engine.Directory()
		for _, w := range dir.All("") {
			if w.Sales {
				t.Errorf("Directory.All offers the sales department %s as a workshop", w.DepartmentID)
			}
		}
		c1, err := p.td.Car(ctx, "group-se", 1)
		if err != nil {
			t.Fatal(err)
		}
		if c1.Sales.DepartmentID != "S-7" {
			t.Fatalf("sales department = %s, want S-7", c1.Sales.DepartmentID)
		}
		mon := date("2026-11-30")
		ds, err := p.td.Slots(ctx, c1, mon)
		if err != nil {
			t.Fatal(err)
		}
		got := times(ds)
		want := []string{"09:00", "09:45", "10:30", "11:15", "12:00", "12:45", "13:30", "14:15", "15:00", "15:45", "16:30", "17:15"}
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Fatalf("slots = %v, want %v (45 minutes within 09:00–18:00)", got, want)
		}
		// Saturday is closed; today's times before the notice are gone.
		if sat, _ := p.td.Slots(ctx, c1, date("2026-11-28")); len(sat.Starts) != 0 {
			t.Errorf("Saturday slots = %v, want none", times(sat))
		}
		if fri, _ := p.td.Slots(ctx, c1, date("2026-11-27")); len(fri.Starts) == 0 || times(fri)[0] != "12:00" {
			t.Errorf("today's first slot = %v, want 12:00 (two hours' notice)", times(fri))
		}
		if _, err := p.td.Slots(ctx, c1, date("2027-01-30")); !errs.Is(err, errs.Invalid) {
			t.Errorf("a day beyond four weeks: %v, want Invalid", err)
		}

		b, err := p.td.Book(ctx, testdrive.Order{Car: c1, Start: local("2026-11-30 10:30"), Customer: customer("Anna"),
			IdempotencyKey: "k-anna", Origin: "https://forecourt.example", Lang: "sv"})
		if err != nil {
			t.Fatal(err)
		}
		if b.Flow != testdrive.FlowName || b.DepartmentID != "S-7" || b.Minutes != 45 || b.Reg != "ABC123" {
			t.Errorf("booking = %+v", b)
		}
		// The same key again answers the same booking.
		again, err := p.td.Book(ctx, testdrive.Order{Car: c1, Start: local("2026-11-30 10:30"), Customer: customer("Anna"),
			IdempotencyKey: "k-anna", Origin: "https://forecourt.example", Lang: "sv"})
		if err != nil || again.ID != b.ID || !again.Replayed {
			t.Errorf("replay = %s %v, %v; want %s replayed", again.ID, again.Replayed, err, b.ID)
		}
		// The car is taken at 10:30; another car of the dealer is not.
		ds, _ = p.td.Slots(ctx, c1, mon)
		if strings.Contains(strings.Join(times(ds), " "), "10:30") {
			t.Errorf("car 1 still offers 10:30: %v", times(ds))
		}
		c2, _ := p.td.Car(ctx, "group-se", 2)
		ds, _ = p.td.Slots(ctx, c2, mon)
		if !strings.Contains(strings.Join(times(ds), " "), "10:30") {
			t.Errorf("car 2 lost 10:30: %v", times(ds))
		}
		days, err := p.td.Days(ctx, c1, mon)
		if err != nil || len(days) != testdrive.DaysPerCall || len(days[0].Starts) != 11 {
			t.Errorf("days = %d days (first %d starts), %v; want 14, 11", len(days), len(days[0].Starts), err)
		}
		if _, err := p.td.Book(ctx, testdrive.Order{Car: c1, Start: local("2026-11-30 10:30"), Customer: customer("Bo"), Lang: "sv"}); !errors.Is(err, booking.ErrTimeslotNotAvailable) {
			t.Errorf("the same car again: %v, want ErrTimeslotNotAvailable", err)
		}
		if _, err := p.td.Book(ctx, testdrive.Order{Car: c1, Start: local("2026-11-30 10:00"), Customer: customer("Bo"), Lang: "sv"}); !errs.Is(err, errs.Invalid) {
			t.Errorf("off the 45-minute grid: %v, want Invalid", err)
		}
		if _, err := p.td.Book(ctx, testdrive.Order{Car: c2, Start: local("2026-11-30 10:30"), Customer: customer("Bo"), Lang: "sv"}); err != nil {
			t.Errorf("another car at the same time: %v", err)
		}
		var subject, text string
		if err := db.QueryRowContext(ctx, db.Rebind(`SELECT subject, doc FROM mail_outbox WHERE to_addr = ? AND kind = 'testdrive'`), "anna@example.se").Scan(&subject, &text); err != nil {
			t.Fatalf("Anna's confirmation: %v", err)
		}
		if !strings.Contains(subject, "Provkörning bokad "+b.ID) || !strings.Contains(subject, "måndag 30 november 2026 kl. 10:30") ||
			!strings.Contains(text, "invite.ics") || !strings.Contains(text, "Volvo XC60 2022, ABC123") {
			t.Errorf("confirmation %q: %s", subject, text)
		}

		// The car is sold: it leaves the stock, cannot be booked, and its
		// future test drive is cancelled with a mail.
		if _, err := catalog.NewStore(db).DeleteCarsExcept(ctx, "group-se", map[int64]bool{2: true}); err != nil {
			t.Fatal(err)
		}
		if _, err := p.td.Car(ctx, "group-se", 1); !errors.Is(err, testdrive.ErrCarGone) {
			t.Errorf("a sold car: %v, want ErrCarGone", err)
		}
		n, err := p.td.CancelGone(ctx, "group-se", "https://forecourt.example", "sv")
		if err != nil || n != 1 {
			t.Fatalf("CancelGone = %d, %v; want 1", n, err)
		}
		got1, _ := p.td.Service.Engine.ByID(ctx, b.ID)
		if got1.Status != booking.StatusCancelled || !strings.Contains(got1.CancelReason, "såld") {
			t.Errorf("after the sale: %s %q", got1.Status, got1.CancelReason)
		}
		var mails int
		db.QueryRowContext(ctx, db.Rebind(`SELECT COUNT(*) FROM mail_outbox WHERE to_addr = ?`), "anna@example.se").Scan(&mails)
		if mails != 2 {
			t.Errorf("Anna got %d mails, want the confirmation and the cancellation", mails)
		}
		if n, _ := p.td.CancelGone(ctx, "group-se", "https://forecourt.example", "sv"); n != 0 {
			t.Errorf("CancelGone again cancelled %d", n)
		}
	})
}

// Two processes book the same car at the same time: the sales department
// has room for both, the car for one. Exactly one wins, every round.
func TestSameCarNeverDoubleBooked(t *testing.T) {
	stores(t, func(t *testing.T, a, b *store.DB) {
		ctx := context.Background()
		seed(t, a)
		pa, pb := open(t, a, now), open(t, b, now)
		ca, err := pa.td.Car(ctx, "group-se", 1)
		if err != nil {
			t.Fatal(err)
		}
		cb, _ := pb.td.Car(ctx, "group-se", 1)
		for _, slot := range []string{"09:00", "09:45", "10:30", "11:15", "12:00", "12:45"} {
			start := local("2026-12-01 " + slot)
			var wg sync.WaitGroup
			errsOf := make([]error, 2)
			for i, p := range []struct {
				td *testdrive.TestDrives
				c  testdrive.Car
			}{{pa.td, ca}, {pb.td, cb}} {
				wg.Add(1)
				go func() {
					defer wg.Done()
					_, errsOf[i] = p.td.Book(ctx, testdrive.Order{Car: p.c, Start: start, Customer: customer("Kund" + string(rune('A'+i))), Lang: "sv"})
				}()
			}
			wg.Wait()
			won := 0
			for _, err := range errsOf {
				switch {
				case err == nil:
					won++
				case !errors.Is(err, booking.ErrTimeslotNotAvailable):
					t.Errorf("%s: %v, want ErrTimeslotNotAvailable", slot, err)
				}
			}
			if won != 1 {
				t.Errorf("%s: %d bookings of the same car succeeded, want 1 (%v)", slot, won, errsOf)
			}
		}
		var n int
		a.QueryRowContext(ctx, `SELECT COUNT(*) FROM booking_bookings WHERE flow = 'testdrive' AND status = 'booked'`).Scan(&n)
		if n != 6 {
			t.Errorf("%d test drives stored, want 6", n)
		}
	})
}
