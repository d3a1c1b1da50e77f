package booking_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"forecourt/internal/booking"
	"forecourt/internal/errs"
	"forecourt/internal/store"
	"forecourt/internal/store/storetest"
)

// storedWeek seeds the workshop's week into the store and sets every
// weekday's capacity to bays, as a workshop would in its hours page.
func storedWeek(t *testing.T, e *booking.Engine, bays int) {
	t.Helper()
	ctx := context.Background()
	if n, err := e.SeedHours(ctx); err != nil || n != 1 {
		t.Fatalf("seed hours: %d %v", n, err)
	}
	week, _, err := e.HoursOf(ctx, "D-9001")
	if err != nil {
		t.Fatal(err)
	}
	for i := range week {
		week[i].Capacity = bays
	}
	if _, err := e.SetHours(ctx, "D-9001", week, "verkstad"); err != nil {
		t.Fatal(err)
	}
}

// usedAt counts the bookings holding capacity that overlap the instant.
func usedAt(t *testing.T, db *store.DB, e *booking.Engine, at time.Time) int {
	t.Helper()
	cal, err := e.Calendar(context.Background(), "D-9001", booking.DateOf(at.In(stockholm)), booking.DateOf(at.In(stockholm)))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range cal.Days[0].Slots {
		if s.Start.Equal(at) {
			return s.Used
		}
	}
	t.Fatalf("no slot at %s", at)
	return 0
}

// TestStaffMoveRacesCustomerBookings: the workshop moves a booking to a
// time with one place left while customers book that same time at the
// same moment; exactly one of them gets it and the time never holds more
// than its capacity, on both engines. The customer of the moved booking
// gets the change mail with the calendar file's SEQUENCE raised.
func TestStaffMoveRacesCustomerBookings(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		e := newEngine(t, db, testWorkshop(2, false), local("2026-11-23 12:00"))
		storedWeek(t, e, 2)
		svc := booking.NewService(e, nil)
		for round := 0; round < 4; round++ {
			day := local("2026-11-25 07:00").AddDate(0, 0, round)
			if day.Weekday() == time.Saturday || day.Weekday() == time.Sunday {
				continue
			}
			from, to := day.Add(time.Hour), day.Add(5*time.Hour) // 08:00 → 12:00
			b, err := svc.Book(ctx, request(from, ""), booking.After{})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := svc.Book(ctx, request(to, ""), booking.After{}); err != nil { // one of the two places at 12:00
				t.Fatal(err)
			}
			var wg sync.WaitGroup
			var mu sync.Mutex
			moved, booked := 0, 0
			var other []error
			start := make(chan struct{})
			for i := 0; i < 8; i++ {
				wg.Add(1)
				go func(i int) {
					defer wg.Done()
					<-start
					var err error
					if i == 3 {
						_, err = svc.Move(ctx, booking.MoveRequest{ID: b.ID, Start: to}, booking.Change{Staff: "verkstad", Lang: "sv", Origin: "https://forecourt.se"})
					} else {
						_, err = svc.Book(ctx, request(to, fmt.Sprintf("staff-race-%d-%d", round, i)), booking.After{})
					}
					mu.Lock()
					defer mu.Unlock()
					switch {
					case err == nil && i == 3:
						moved++
					case err == nil:
						booked++
					case !errors.Is(err, booking.ErrTimeslotNotAvailable):
						other = append(other, err)
					}
				}(i)
			}
			close(start)
			wg.Wait()
			if len(other) > 0 || moved+booked != 1 {
				t.Fatalf("round %d: moved %d, booked %d, errors %v; want exactly one", round, moved, booked, other)
			}
			if n := usedAt(t, db, e, to); n != 2 {
				t.Fatalf("round %d: %d bookings at 12:00 with capacity 2", round, n)
			}
			if moved == 1 {
				var subject, text string
				err := db.QueryRow(db.Rebind(`SELECT subject, doc FROM mail_outbox WHERE ref = ? ORDER BY id DESC LIMIT 1`), "booking:"+b.ID).Scan(&subject, &text)
				if err != nil || !strings.Contains(subject, "Ny tid") || !strings.Contains(text, "har flyttat din bokning") || !strings.Contains(text, "kl. 12:00") {
					t.Fatalf("round %d: change mail %q %v\n%s", round, subject, err, text)
				}
			}
		}
	})
}

// TestClosuresAndHoursTakeEffectAtOnce: a blocked range of hours, a
// closed day and a weekday's capacity change what can be booked the moment
// they are stored, and removing the closure gives the times back.
func TestClosuresAndHoursTakeEffectAtOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		e := newEngine(t, db, testWorkshop(2, false), local("2026-11-23 12:00"))
		storedWeek(t, e, 2)
		job := booking.Job{Minutes: 60}
		times := func(day string) string {
			ds, err := e.Slots(ctx, "D-9001", date(day), job)
			if err != nil {
				t.Fatal(err)
			}
			return strings.Join(ds.Times(stockholm), " ")
		}
		before := times("2026-11-25")
		if !strings.Contains(before, "09:00") || !strings.Contains(before, "10:30") {
			t.Fatalf("before: %s", before)
		}
		c, err := e.AddClosure(ctx, booking.Closure{DepartmentID: "D-9001", From: "2026-11-25T09:00:00", To: "2026-11-25T12:00:00", Reason: "Utbildning", CreatedBy: "verkstad"})
		if err != nil {
			t.Fatal(err)
		}
		after := times("2026-11-25")
		for _, gone := range []string{"08:30", "09:00", "10:00", "11:30"} {
			if strings.Contains(after, gone) {
				t.Errorf("%s still offered during the closure: %s", gone, after)
			}
		}
		if !strings.Contains(after, "08:00") || !strings.Contains(after, "12:00") {
			t.Errorf("times outside the closure gone: %s", after)
		}
		if _, err := e.Book(ctx, request(local("2026-11-25 10:00"), "")); !errors.Is(err, booking.ErrTimeslotNotAvailable) && !errs.Is(err, errs.Invalid) {
			t.Errorf("booking inside the closure: %v", err)
		}
		// A closed day.
		if _, err := e.AddClosure(ctx, booking.Closure{DepartmentID: "D-9001", From: "2026-11-26T00:00:00", To: "2026-11-27T00:00:00", Reason: "Inventering", CreatedBy: "verkstad"}); err != nil {
			t.Fatal(err)
		}
		ds, _ := e.Slots(ctx, "D-9001", date("2026-11-26"), job)
		if ds.Any() || ds.Closed != "Inventering" {
			t.Errorf("closed day: %+v", ds)
		}
		// Removing the closure gives the times back.
		if err := e.DeleteClosure(ctx, c.ID); err != nil {
			t.Fatal(err)
		}
		if got := times("2026-11-25"); got != before {
			t.Errorf("after removing the closure: %s, want %s", got, before)
		}
		// No capacity on Fridays, a shorter Thursday.
		week, closures, err := e.HoursOf(ctx, "D-9001")
		if err != nil || len(closures) != 1 {
			t.Fatalf("hours %v closures %v", err, closures)
		}
		week[4].Capacity = 0
		week[3].Close = "12:00"
		if _, err := e.SetHours(ctx, "D-9001", week, "verkstad"); err != nil {
			t.Fatal(err)
		}
		if got := times("2026-11-27"); got != "" {
			t.Errorf("Friday with no capacity offers %s", got)
		}
		if got := times("2026-12-03"); strings.Contains(got, "11:30") || !strings.Contains(got, "11:00") {
			t.Errorf("Thursday closing at 12: %s", got)
		}
		// Bad input changes nothing.
		bad := append([]booking.WeekdayHours(nil), week...)
		bad[0].Open, bad[0].Close = "17:00", "07:00"
		if _, err := e.SetHours(ctx, "D-9001", bad, "verkstad"); !errs.Is(err, errs.Invalid) {
			t.Errorf("reversed hours: %v", err)
		}
		for _, c := range []booking.Closure{
			{DepartmentID: "D-9001", From: "2026-11-25T12:00:00", To: "2026-11-25T09:00:00", Reason: "x"},
			{DepartmentID: "D-9001", From: "2026-11-25T09:00:00", To: "2026-11-25T12:00:00", Reason: ""},
			{DepartmentID: "D-9001", From: "2026-11-20T09:00:00", To: "2026-11-21T12:00:00", Reason: "past"},
			{DepartmentID: "D-9001", From: "25/11", To: "2026-11-25T12:00:00", Reason: "x"},
		} {
			if _, err := e.AddClosure(ctx, c); !errs.Is(err, errs.Invalid) {
				t.Errorf("closure %+v: %v", c, err)
			}
		}
		if _, err := e.AddClosure(ctx, booking.Closure{DepartmentID: "D-0000", From: "2026-11-25T09:00:00", To: "2026-11-25T12:00:00", Reason: "x"}); !errors.Is(err, booking.ErrUnknownDepartment) {
			t.Errorf("unknown department: %v", err)
		}
	})
}

// TestCalendarAndStatus: the calendar lists bookings with capacity and use
// per start; statuses are marked, a no-show frees its capacity, a
// cancelled booking keeps its reason and cannot be marked.
func TestCalendarAndStatus(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		e := newEngine(t, db, testWorkshop(1, false), local("2026-11-23 12:00"))
		storedWeek(t, e, 1)
		svc := booking.NewService(e, nil)
		b, err := svc.Book(ctx, request(local("2026-11-25 10:00"), ""), booking.After{})
		if err != nil {
			t.Fatal(err)
		}
		cal, err := e.Calendar(ctx, "D-9001", date("2026-11-25"), date("2026-11-25"))
		if err != nil || len(cal.Bookings) != 1 || len(cal.Days) != 1 {
			t.Fatalf("calendar %+v %v", cal, err)
		}
		d := cal.Days[0]
		if d.Open != 7*60 || d.Close != 17*60 || d.Closed != "" || len(d.Slots) != 20 {
			t.Fatalf("day %+v", d)
		}
		if n := usedAt(t, db, e, local("2026-11-25 10:30")); n != 1 {
			t.Fatalf("used at 10:30: %d", n)
		}
		for _, st := range []string{booking.StatusArrived, booking.StatusDone} {
			if got, err := e.SetStatus(ctx, b.ID, st); err != nil || got.Status != st || got.UpdatedAt == nil {
				t.Fatalf("status %s: %+v %v", st, got, err)
			}
		}
		if _, err := e.Book(ctx, request(local("2026-11-25 10:00"), "")); !errors.Is(err, booking.ErrTimeslotNotAvailable) {
			t.Fatalf("a done booking must keep its capacity: %v", err)
		}
		if _, err := e.SetStatus(ctx, b.ID, booking.StatusNoShow); err != nil {
			t.Fatal(err)
		}
		if _, err := e.Book(ctx, request(local("2026-11-25 10:00"), "")); err != nil {
			t.Fatalf("a no-show frees its capacity: %v", err)
		}
		if _, err := e.SetStatus(ctx, b.ID, "lost"); !errs.Is(err, errs.Invalid) {
			t.Fatalf("unknown status: %v", err)
		}
		c, err := svc.Book(ctx, request(local("2026-11-26 10:00"), ""), booking.After{})
		if err != nil {
			t.Fatal(err)
		}
		got, err := svc.Cancel(ctx, c.ID, "", booking.Change{Staff: "verkstad", Reason: "Sjuk mekaniker", Lang: "en", Origin: "https://forecourt.co.uk"})
		if err != nil || got.Status != booking.StatusCancelled || got.CancelReason != "Sjuk mekaniker" || got.Sequence != 1 {
			t.Fatalf("staff cancel %+v %v", got, err)
		}
		var subject, text string
		if err := db.QueryRow(db.Rebind(`SELECT subject, doc FROM mail_outbox WHERE ref = ?`), "booking:"+c.ID).Scan(&subject, &text); err != nil ||
			!strings.Contains(subject, "has been cancelled") || !strings.Contains(text, "Reason: Sjuk mekaniker") {
			t.Fatalf("cancellation mail %q %v\n%s", subject, err, text)
		}
		if _, err := e.SetStatus(ctx, c.ID, booking.StatusArrived); !errors.Is(err, booking.ErrCancelled) {
			t.Fatalf("marking a cancelled booking: %v", err)
		}
		if _, err := svc.Cancel(ctx, "BK-NOPE", "", booking.Change{Staff: "verkstad", Reason: "x"}); !errors.Is(err, booking.ErrNotFound) {
			t.Fatalf("unknown booking: %v", err)
		}
	})
}

// TestHubDeliversEvents: changes made through another engine on the same
// store (another replica) reach the hub's subscribers of the department,
// on this replica's hub and on the other's alike.
func TestHubDeliversEvents(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		e := newEngine(t, db, testWorkshop(2, false), local("2026-11-23 12:00"))
		other := newEngine(t, db, testWorkshop(2, false), local("2026-11-23 12:00"))
		hub := booking.NewHub(e)
		if err := hub.Once(ctx); err != nil {
			t.Fatal(err)
		}
		ch, stop, err := hub.Subscribe("D-9001")
		if err != nil {
			t.Fatal(err)
		}
		defer stop()
		noise, stopNoise, _ := hub.Subscribe("D-0001")
		defer stopNoise()
		hub2 := booking.NewHub(other)
		if err := hub2.Once(ctx); err != nil {
			t.Fatal(err)
		}
		ch2, stop2, _ := hub2.Subscribe("D-9001")
		defer stop2()
		b, err := other.Book(ctx, request(local("2026-11-25 10:00"), ""))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := other.SetStatus(ctx, b.ID, booking.StatusArrived); err != nil {
			t.Fatal(err)
		}
		if err := hub.Once(ctx); err != nil {
			t.Fatal(err)
		}
		var got []string
		for len(ch) > 0 {
			ev := <-ch
			got = append(got, ev.Kind+" "+ev.BookingID)
		}
		want := []string{"created " + b.ID, "status " + b.ID}
		if strings.Join(got, ",") != strings.Join(want, ",") {
			t.Fatalf("events %v, want %v", got, want)
		}
		if err := hub2.Once(ctx); err != nil || len(ch2) != 2 {
			t.Fatalf("the other replica's hub: %d events, %v", len(ch2), err)
		}
		if len(noise) != 0 {
			t.Fatalf("another department's subscriber got %d events", len(noise))
		}
		if err := hub.Once(ctx); err != nil || len(ch) != 0 {
			t.Fatalf("events again: %d %v", len(ch), err)
		}
	})
}
