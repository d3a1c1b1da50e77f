package bookingapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"forecourt/internal/booking"
	"forecourt/internal/booking/bookingapi"
	"forecourt/internal/catalog"
	"forecourt/internal/store"
	"forecourt/internal/store/storetest"
	"forecourt/internal/testdrive"
)

// testDriveFixture is the fixture with the test-drive flow and a car of
// group-se whose dealer site has a sales department.
func testDriveFixture(t *testing.T, db *store.DB) (fixture, int64) {
	t.Helper()
	var td *testdrive.TestDrives
	f := newFixture(t, db, func(a *bookingapi.API) {
		a.Bookings = booking.NewService(a.Engine, a.Links)
		var err error
		if td, err = testdrive.New(a.Bookings, catalog.NewStore(db)); err != nil {
			t.Fatal(err)
		}
		a.TestDrives = td
	})
	cars, err := catalog.NewStore(db).Cars(context.Background(), "group-se")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cars {
		if _, err := td.Car(context.Background(), "group-se", c.CarID); err == nil {
			return f, c.CarID
		}
	}
	t.Fatal("no demo car at a dealer site with a sales department")
	return f, 0
}

func testDriveBody(slot, email string) string {
	return fmt.Sprintf(`{"customer": {"firstName": "Sara", "lastName": "Berg", "phone": "070-7654321", "email": %q},
		"timeSlot": %q, "message": "Vill gärna köra på motorväg", "language": "sv"}`, email, slot)
}

func TestTestDriveAPI(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f, car := testDriveFixture(t, db)
		base := fmt.Sprintf("/api/testdrive/%d", car)
		rec := do(f, "GET", base+"/days?from=2026-11-30", "")
		if rec.Code != 200 {
			t.Fatalf("days: %d %s", rec.Code, rec.Body.String())
		}
		days := decode[bookingapi.TestDriveDays](t, rec)
		if len(days.Days) != testdrive.DaysPerCall || days.Minutes != 45 || !strings.HasPrefix(days.Department, "S-") || days.First != "2026-11-23" {
			t.Fatalf("days %+v", days)
		}
		day := ""
		for _, d := range days.Days {
			if d.Free > 0 {
				day = d.Date
				break
			}
		}
		if day == "" {
			t.Fatalf("no free day in %+v", days.Days)
		}
		slots := decode[bookingapi.TestDriveSlots](t, do(f, "GET", base+"/slots?date="+day, ""))
		if len(slots.Slots) < 2 {
			t.Fatalf("slots %+v", slots)
		}
		slot := slots.Slots[1].TimeSlot
		key := "9a1c2a0e-1b7a-4c55-9d0e-3f6b8c1d2e4f"
		rec = do(f, "POST", base+"/book", testDriveBody(slot, "sara.berg@example.se"), "Idempotency-Key", key)
		if rec.Code != 200 {
			t.Fatalf("book: %d %s", rec.Code, rec.Body.String())
		}
		ans := decode[bookingapi.BookAnswer](t, rec)
		if !strings.HasPrefix(ans.ID, "BK-") || !strings.HasPrefix(ans.ManageURL, booking.ManagePath+"?token=") || ans.KobraProductIDs[0] != "testdrive" {
			t.Fatalf("answer %+v", ans)
		}
		again := do(f, "POST", base+"/book", testDriveBody(slot, "sara.berg@example.se"), "Idempotency-Key", key)
		if again.Code != 200 || again.Body.String() != rec.Body.String() {
			t.Fatalf("replay %d %s", again.Code, again.Body.String())
		}
		// The car is taken at that time for the next customer.
		after := decode[bookingapi.TestDriveSlots](t, do(f, "GET", base+"/slots?date="+day, ""))
		for _, s := range after.Slots {
			if s.TimeSlot == slot {
				t.Errorf("%s is still offered", slot)
			}
		}
		wantError(t, do(f, "POST", base+"/book", testDriveBody(slot, "nils@example.se")), 409, "TimeslotNotAvailable")
		var doc string
		db.QueryRow(`SELECT doc FROM mail_outbox WHERE to_addr = 'sara.berg@example.se' AND kind = 'testdrive'`).Scan(&doc)
		for _, want := range []string{"invite.ics", "text/calendar", "/boka-service/hantera?token=v1.booking-manage.", "Provkörning", "motorväg"} {
			if !strings.Contains(doc, want) {
				t.Errorf("confirmation lacks %q", want)
			}
		}
		// The booking page opens and cancels it like a service booking.
		tok := tokenOf(t, ans.ManageURL)
		if got := managePost(f, "/api/bookings/manage", map[string]string{"token": tok}); !strings.HasPrefix(got, "200 ") || !strings.Contains(got, `"flow":"testdrive"`) {
			t.Fatalf("manage: %s", got)
		}
		if got := managePost(f, "/api/bookings/manage/cancel", map[string]string{"token": tok}); !strings.HasPrefix(got, "200 ") || !strings.Contains(got, `"status":"cancelled"`) {
			t.Fatalf("cancel: %s", got)
		}
		if rec := do(f, "POST", base+"/book", testDriveBody(slot, "nils@example.se")); rec.Code != 200 {
			t.Fatalf("the freed time: %d %s", rec.Code, rec.Body.String())
		}
	})
}

func TestTestDriveErrors(t *testing.T) {
	f, car := testDriveFixture(t, storetest.MustSQLite(t))
	base := fmt.Sprintf("/api/testdrive/%d", car)
	wantError(t, do(f, "GET", "/api/testdrive/999999999/days", ""), 404, "CarNotAvailable")
	wantError(t, do(f, "POST", "/api/testdrive/999999999/book", testDriveBody("2026-11-30T10:00:00", "a@example.se")), 404, "CarNotAvailable")
	wantError(t, do(f, "GET", "/api/testdrive/abc/days", ""), 400, "InvalidInput")
	wantError(t, do(f, "GET", base+"/days?from=30-11-2026", ""), 400, "InvalidInput")
	wantError(t, do(f, "GET", base+"/days?from=2027-06-01", ""), 400, "InvalidInput")
	wantError(t, do(f, "GET", base+"/slots", ""), 400, "InvalidInput")
	for name, body := range map[string]string{
		"bad e-mail":  testDriveBody("2026-11-30T10:00:00", "nope@"),
		"no time":     testDriveBody("", "a@example.se"),
		"bad JSON":    `{"customer":`,
		"past time":   testDriveBody("2026-11-20T10:00:00", "a@example.se"),
		"beyond four": testDriveBody("2027-02-01T10:00:00", "a@example.se"),
	} {
		if rec := do(f, "POST", base+"/book", body); rec.Code != 400 {
			t.Errorf("%s: %d %s", name, rec.Code, rec.Body.String())
		}
	}
	big, _ := json.Marshal(map[string]string{"message": strings.Repeat("x", 17<<10)})
	wantError(t, do(f, "POST", base+"/book", string(big)), 413, "PayloadTooLarge")
	// A sales department is no workshop for the service booking.
	var sales string
	for _, w := range f.api.Engine.Directory().Departments("group-se") {
		if w.Sales {
			sales = w.DepartmentID
			break
		}
	}
	wantError(t, do(f, "POST", "/api/mechmate/book", bookBody(sales, "2026-12-02T10:00:00.00", false, interval)), 404, "UnknownDepartment")
	var n int
	f.db.QueryRow(`SELECT count(*) FROM booking_bookings`).Scan(&n)
	if n != 0 {
		t.Errorf("%d bookings stored by rejected requests", n)
	}
}
