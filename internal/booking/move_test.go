package booking_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"forecourt/internal/booking"
	"forecourt/internal/errs"
	"forecourt/internal/store"
	"forecourt/internal/store/storetest"
)

func TestMove(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		e := newEngine(t, db, testWorkshop(1, false), local("2026-11-23 12:00"))
		b, err := e.Book(ctx, request(local("2026-11-25 10:00"), ""))
		if err != nil {
			t.Fatal(err)
		}
		mv := func(start string, fullDay bool) (booking.Booking, error) {
			return e.Move(ctx, booking.MoveRequest{ID: b.ID, Token: b.CancelToken, Start: local(start), FullDay: fullDay,
				First: date("2026-11-24"), Last: date("2027-01-31")})
		}
		// Within the hour it holds (one bay): its own capacity counts as free.
		m, err := mv("2026-11-25 10:30", false)
		if err != nil {
			t.Fatalf("move by half an hour: %v", err)
		}
		if m.ID != b.ID || m.Sequence != 1 || !m.Start.Equal(local("2026-11-25 10:30")) || m.ChangedAt == nil {
			t.Fatalf("moved %+v", m)
		}
		// To another day: the old day is free again.
		if m, err = mv("2026-11-26 09:00", false); err != nil || m.Sequence != 2 || m.Day != "2026-11-26" {
			t.Fatalf("move to another day: %+v %v", m, err)
		}
		if _, err := e.Book(ctx, request(local("2026-11-25 10:30"), "")); err != nil {
			t.Fatalf("the old time was not freed: %v", err)
		}
		got, _ := e.Get(ctx, b.ID, b.CancelToken)
		if got.Sequence != 2 || !got.Start.Equal(local("2026-11-26 09:00")) {
			t.Fatalf("stored %+v", got)
		}
		// Refusals change nothing.
		other, err := e.Book(ctx, request(local("2026-11-27 09:00"), ""))
		if err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct {
			name, start string
			fullDay     bool
			want        error
			field       bool
		}{
			{"taken by another booking", "2026-11-27 09:00", false, booking.ErrTimeslotNotAvailable, false},
			{"in the past", "2026-11-20 09:00", false, nil, true},
			{"inside the notice", "2026-11-23 15:00", false, nil, true},
			{"beyond the horizon", "2027-02-01 09:00", false, nil, true},
			{"three years ahead", "2029-11-26 09:00", false, nil, true},
			{"a closed day", "2026-11-28 09:00", false, nil, true},
			{"off the grid", "2026-11-26 09:10", false, nil, true},
			{"the time it has", "2026-11-26 09:00", false, nil, true},
		} {
			_, err := mv(tc.start, tc.fullDay)
			var ee *errs.Error
			switch {
			case tc.want != nil && !errors.Is(err, tc.want):
				t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
			case tc.field && (!errors.As(err, &ee) || ee.Code != errs.Invalid || ee.Fields["timeSlot"] == ""):
				t.Errorf("%s: %v, want invalid timeSlot", tc.name, err)
			}
		}
		if got, _ := e.Get(ctx, b.ID, b.CancelToken); got.Sequence != 2 || got.Day != "2026-11-26" {
			t.Fatalf("a refused move changed the booking: %+v", got)
		}
		if _, err := e.Move(ctx, booking.MoveRequest{ID: b.ID, Token: other.CancelToken, Start: local("2026-11-30 09:00")}); !errors.Is(err, booking.ErrNotFound) {
			t.Errorf("another booking's token: %v", err)
		}
		// Full day, then cancel: the cancel raises the sequence and a
		// cancelled booking cannot be moved (a link used after cancelling).
		if m, err = mv("2026-11-30 12:00", true); err != nil || !m.FullDay || m.Start.In(stockholm).Format("15:04") != "08:00" {
			t.Fatalf("move to a full day: %+v %v", m, err)
		}
		c, err := e.Cancel(ctx, b.ID, b.CancelToken)
		if err != nil || c.Sequence != 4 {
			t.Fatalf("cancel: sequence %d %v, want 4", c.Sequence, err)
		}
		if _, err := mv("2026-12-01 09:00", false); !errors.Is(err, booking.ErrCancelled) {
			t.Errorf("move after cancel: %v", err)
		}
		// A booking whose time has begun cannot be moved.
		e.Now = func() time.Time { return local("2026-11-27 09:10") }
		if _, err := e.Move(ctx, booking.MoveRequest{ID: other.ID, Token: other.CancelToken, Start: local("2026-12-01 09:00")}); !errors.Is(err, booking.ErrPassed) {
			t.Errorf("move after the visit began: %v", err)
		}
	})
}

// TestMoveRacesBooking moves a booking onto a start that customers book at
// the same moment: the one bay is given once, never twice, and the moved
// booking's old start is free exactly when the move won.
func TestMoveRacesBooking(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		e := newEngine(t, db, testWorkshop(1, false), local("2026-11-23 12:00"))
		for round := 0; round < 5; round++ {
			day := local("2026-11-24 07:00").AddDate(0, 0, round+1)
			if day.Weekday() == time.Saturday || day.Weekday() == time.Sunday {
				continue
			}
			from, to := day.Add(time.Hour), day.Add(5*time.Hour) // 08:00 → 12:00
			b, err := e.Book(ctx, request(from, ""))
			if err != nil {
				t.Fatal(err)
			}
			var wg sync.WaitGroup
			var mu sync.Mutex
			moved, booked := 0, 0
			var other []error
			start := make(chan struct{})
			for i := 0; i < 9; i++ {
				wg.Add(1)
				go func(i int) {
					defer wg.Done()
					<-start
					var err error
					if i == 4 {
						_, err = e.Move(ctx, booking.MoveRequest{ID: b.ID, Token: b.CancelToken, Start: to})
					} else {
						_, err = e.Book(ctx, request(to, fmt.Sprintf("race-%d-%d", round, i)))
					}
					mu.Lock()
					defer mu.Unlock()
					switch {
					case err == nil && i == 4:
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
			var n int
			db.QueryRow(db.Rebind(`SELECT count(*) FROM booking_bookings WHERE status = 'booked' AND day = ?`), booking.DateOf(day).String()).Scan(&n)
			if n != 2-moved {
				t.Fatalf("round %d: %d bookings on the day, want %d", round, n, 2-moved)
			}
			slots, _ := e.Slots(ctx, "D-9001", booking.DateOf(day), booking.Job{Minutes: 60})
			free := strings.Join(slots.Times(stockholm), " ")
			if strings.Contains(free, "12:00") {
				t.Fatalf("round %d: 12:00 still offered after it was taken: %s", round, free)
			}
			if (moved == 1) != strings.Contains(free, "08:00") {
				t.Fatalf("round %d: moved %d but 08:00 free is %v", round, moved, strings.Contains(free, "08:00"))
			}
		}
	})
}

func TestDaysForCountsOwnCapacityFree(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		e := newEngine(t, db, testWorkshop(1, false), local("2026-11-23 12:00"))
		b, err := e.Book(ctx, request(local("2026-11-25 10:00"), ""))
		if err != nil {
			t.Fatal(err)
		}
		all, _ := e.Days(ctx, "D-9001", date("2026-11-25"), date("2026-11-25"), booking.Job{Minutes: 60})
		own, err := e.DaysFor(ctx, b.ID, date("2026-11-25"), date("2026-11-25"))
		if err != nil {
			t.Fatal(err)
		}
		if has(all[0].Times(stockholm), "10:30") || !has(own[0].Times(stockholm), "10:30") {
			t.Fatalf("10:30 for others %v, for the booking itself %v", all[0].Times(stockholm), own[0].Times(stockholm))
		}
	})
}

func has(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func TestCalendarFileRFC5545(t *testing.T) {
	w := testWorkshop(1, false)
	w.SiteName = "Forecourt Bil; Åre, Östersund \\ Jämtland"
	b := booking.Booking{ID: "BK-ABC2345", Start: local("2026-10-26 07:30").UTC(), Minutes: 90, Zone: "Europe/Stockholm", Sequence: 3,
		Customer: booking.Customer{FirstName: "Anna", LastName: "Lind"}, CreatedAt: local("2026-10-20 12:00")}
	desc := "Bokning BK-ABC2345 för Åsa Öberg-Ängström; däckbyte, hjulinställning\r\nNamn: Eve\rORGANIZER:mailto:evil@example.com\nÄndra eller avboka: https://example.se/boka-service/hantera?token=" + strings.Repeat("ä", 90)
	out, err := booking.CalendarFile(b, w, booking.Invite{Summary: "Service; ABC123, \"x\"\\y", Description: desc,
		URL: "https://example.se/boka-service/hantera?token=abc", Organizer: "verkstad@example.se"})
	if err != nil {
		t.Fatal(err)
	}
	s := string(out)
	if strings.Contains(strings.ReplaceAll(s, "\r\n", ""), "\n") || strings.Contains(strings.ReplaceAll(s, "\r\n", ""), "\r") || !strings.HasSuffix(s, "END:VCALENDAR\r\n") {
		t.Fatalf("lines do not all end in CRLF:\n%q", s)
	}
	for _, line := range strings.Split(s, "\r\n") {
		if len(line) > 75 {
			t.Errorf("line of %d octets: %q", len(line), line)
		}
		if !utf8.ValidString(line) {
			t.Errorf("fold splits a UTF-8 character: %q", line)
		}
	}
	unfolded := strings.ReplaceAll(s, "\r\n ", "")
	for _, want := range []string{"METHOD:PUBLISH", "UID:BK-ABC2345@forecourt", "SEQUENCE:3",
		`SUMMARY:Service\; ABC123\, "x"\\y`,
		`LOCATION:Forecourt Bil\; Åre\, Östersund \\ Jämtland\, Verkstadsgatan 1\, 123 45 Teststad`,
		`DESCRIPTION:Bokning BK-ABC2345 för Åsa Öberg-Ängström\; däckbyte\, hjulinställning\nNamn: Eve\nORGANIZER:mailto:evil@example.com\nÄndra`} {
		if !strings.Contains(unfolded, want) {
			t.Errorf("calendar file lacks %q:\n%s", want, unfolded)
		}
	}
	for _, bad := range []string{"ATTENDEE", "RSVP", "METHOD:REQUEST"} {
		if strings.Contains(unfolded, bad) {
			t.Errorf("calendar file has %s (reply buttons):\n%s", bad, unfolded)
		}
	}
	if n := strings.Count(unfolded, "\r\nORGANIZER"); n != 1 {
		t.Errorf("%d ORGANIZER lines, want the workshop's only", n)
	}
	c, _ := booking.CalendarFile(b, w, booking.Invite{Summary: "Avbokat", Cancelled: true})
	cs := strings.ReplaceAll(string(c), "\r\n ", "")
	for _, want := range []string{"METHOD:CANCEL", "STATUS:CANCELLED", "UID:BK-ABC2345@forecourt", "SEQUENCE:3"} {
		if !strings.Contains(cs, want) {
			t.Errorf("cancel file lacks %q", want)
		}
	}
}
