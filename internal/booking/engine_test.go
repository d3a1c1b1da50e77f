package booking_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"forecourt/internal/booking"
	"forecourt/internal/catalog"
	"forecourt/internal/errs"
	"forecourt/internal/store"
	"forecourt/internal/store/storetest"
)

var stockholm = mustZone("Europe/Stockholm")

func mustZone(name string) *time.Location {
	l, err := time.LoadLocation(name)
	if err != nil {
		panic(err)
	}
	return l
}

// testWorkshop is open Monday–Friday 07:00–17:00 (and, with weekends, every
// day), closed on Swedish public holidays and on Julafton.
func testWorkshop(bays int, weekends bool) *booking.Workshop {
	sched := catalog.OpeningSchedule{
		Openinghours:  []catalog.OpeningDay{{Day: "Måndag–Fredag", DisplayText: "07:00–17:00"}, {Day: "Lördag–Söndag", DisplayText: "Stängt"}},
		Deviationdays: []catalog.OpeningDay{{Day: "Julafton 24 december", DisplayText: "Stängt"}, {Day: "Nyårsafton 31 december", DisplayText: "09:00–12:00"}},
	}
	if weekends {
		sched.Openinghours[1].DisplayText = "07:00–17:00"
	}
	week, devs := booking.ParseSchedule(sched)
	return &booking.Workshop{
		DepartmentID: "D-9001", SiteID: 9001, Site: "group-se", SiteName: "Forecourt Bil Teststad", DepartmentName: "Verkstad",
		Street: "Verkstadsgatan 1", Zip: "123 45", City: "Teststad", Phone: "08-123 456 00", Email: "verkstad@example.se",
		Latitude: 59.33, Longitude: 18.06, Brands: []booking.Brand{{Name: "Volvo", Code: "VO"}},
		Country: "SE", Zone: stockholm, ZoneName: "Europe/Stockholm", Week: week, Deviations: devs,
		Capacity: booking.Capacity{Bays: bays, DayMinutes: bays * 600, FullDayPlaces: 2, Step: 30 * time.Minute, Notice: 24 * time.Hour},
	}
}

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

func TestParseSchedule(t *testing.T) {
	week, devs := booking.ParseSchedule(catalog.OpeningSchedule{
		Openinghours:  []catalog.OpeningDay{{Day: "Måndag–Torsdag", DisplayText: "07:00–16:30"}, {Day: "Fredag", DisplayText: "07:00–15:00"}, {Day: "Lördag–Söndag", DisplayText: "Stängt"}},
		Deviationdays: []catalog.OpeningDay{{Day: "Christmas Eve 24 December", DisplayText: "09:00–13:00"}, {Day: "Nonsense", DisplayText: "Stängt"}},
	})
	want := [7][]booking.Span{nil, {{420, 990}}, {{420, 990}}, {{420, 990}}, {{420, 990}}, {{420, 900}}, nil}
	if diff := cmp.Diff(want, week); diff != "" {
		t.Errorf("week (-want +got):\n%s", diff)
	}
	wantDev := []booking.Deviation{{Month: 12, Day: 24, Label: "Christmas Eve 24 December", Spans: []booking.Span{{540, 780}}}}
	if diff := cmp.Diff(wantDev, devs); diff != "" {
		t.Errorf("deviations (-want +got):\n%s", diff)
	}
}

func TestAvailability(t *testing.T) {
	w := testWorkshop(2, false)
	now := local("2026-11-23 12:00") // Monday noon
	tests := []struct {
		name      string
		day       string
		job       int
		used      []booking.Use
		held      []booking.Use
		now       time.Time
		first     string
		last      string
		n         int
		fullDay   bool
		closed    string
		workshopF func(*booking.Workshop)
	}{
		{name: "whole open day, 60 min job", day: "2026-11-25", job: 60, first: "07:00", last: "16:00", n: 19, fullDay: true},
		{name: "job length limits the last start", day: "2026-11-25", job: 150, first: "07:00", last: "14:30", n: 16, fullDay: true},
		{name: "notice hides the starts before now+24h", day: "2026-11-24", job: 60, first: "12:00", last: "16:00", n: 9, fullDay: false},
		{name: "saturday closed", day: "2026-11-28", job: 60, closed: "closed"},
		{name: "public holiday (Juldagen)", day: "2026-12-25", job: 60, closed: "Juldagen"},
		{name: "deviation day closed (Julafton)", day: "2026-12-24", job: 60, closed: "Julafton 24 december"},
		{name: "deviation day hours (Nyårsafton) and no full day before opening", day: "2026-12-31", job: 60, first: "09:00", last: "11:00", n: 5},
		{name: "both bays busy 09:00–11:00", day: "2026-11-25", job: 60, used: []booking.Use{
			{Start: local("2026-11-25 09:00"), Minutes: 120}, {Start: local("2026-11-25 10:00"), Minutes: 60}},
			first: "07:00", last: "16:00", n: 16, fullDay: true},
		{name: "full-day places taken", day: "2026-11-25", job: 60, used: []booking.Use{
			{Start: local("2026-11-25 08:00"), Minutes: 60, FullDay: true}, {Start: local("2026-11-25 08:00"), Minutes: 60, FullDay: true}},
			first: "07:00", last: "16:00", n: 19, fullDay: false},
		{name: "mechanic minutes of the day used up", day: "2026-11-25", job: 60, used: []booking.Use{
			{Start: local("2026-11-25 07:00"), Minutes: 600}, {Start: local("2026-11-25 08:00"), Minutes: 570, FullDay: true}}},
		{name: "the job's own resource held 09:00–10:00", day: "2026-11-25", job: 60, held: []booking.Use{
			{Start: local("2026-11-25 09:00"), Minutes: 60}, {Start: local("2026-11-26 09:00"), Minutes: 60}},
			first: "07:00", last: "16:00", n: 16, fullDay: false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n := now
			if !tt.now.IsZero() {
				n = tt.now
			}
			got := booking.Availability(w, date(tt.day), booking.Job{Minutes: tt.job, Held: tt.held}, tt.used, n)
			times := got.Times(stockholm)
			if got.Closed != tt.closed || len(times) != tt.n || got.FullDay != tt.fullDay {
				t.Fatalf("got closed %q, %d starts %v, full day %v; want %q, %d, %v", got.Closed, len(times), times, got.FullDay, tt.closed, tt.n, tt.fullDay)
			}
			if tt.n > 0 && (times[0] != tt.first || times[len(times)-1] != tt.last) {
				t.Errorf("starts %s…%s, want %s…%s", times[0], times[len(times)-1], tt.first, tt.last)
			}
		})
	}
}

func TestAvailabilityDaylightSaving(t *testing.T) {
	w := testWorkshop(1, true)
	now := local("2026-03-01 12:00")
	tests := []struct {
		day      string
		firstUTC string
	}{
		{"2026-03-28", "2026-03-28T06:00:00Z"}, // Saturday, CET (+1)
		{"2026-03-29", "2026-03-29T05:00:00Z"}, // last Sunday of March: CEST (+2) from 02:00
		{"2026-10-24", "2026-10-24T05:00:00Z"}, // Saturday, CEST
		{"2026-10-25", "2026-10-25T06:00:00Z"}, // last Sunday of October: back to CET
	}
	for _, tt := range tests {
		t.Run(tt.day, func(t *testing.T) {
			got := booking.Availability(w, date(tt.day), booking.Job{Minutes: 60}, nil, now)
			if len(got.Starts) != 19 {
				t.Fatalf("%d starts, want 19", len(got.Starts))
			}
			if s := got.Starts[0].UTC().Format(time.RFC3339); s != tt.firstUTC {
				t.Errorf("first start %s, want %s", s, tt.firstUTC)
			}
			if s := got.Times(stockholm)[0]; s != "07:00" {
				t.Errorf("first local start %s", s)
			}
			// The last start is 10 hours of wall clock later even on a 23- or 25-hour day.
			if d := got.Starts[18].Sub(got.Starts[0]); d != 9*time.Hour {
				t.Errorf("first to last start %v", d)
			}
		})
	}
}

func newEngine(t *testing.T, db *store.DB, w *booking.Workshop, now time.Time) *booking.Engine {
	t.Helper()
	e := booking.New(db, booking.NewDirectory([]*booking.Workshop{w}))
	e.Now = func() time.Time { return now }
	return e
}

func request(start time.Time, key string) booking.Request {
	return booking.Request{
		Flow: booking.FlowService, DepartmentID: "D-9001", Start: start, Minutes: 60, IdempotencyKey: key,
		Customer: booking.Customer{FirstName: "Anna", LastName: "Lind", Phone: "070-123 45 67", Email: "anna.lind@example.se"},
		Reg:      "ABC123", Mileage: 4500, Items: []booking.Item{{Code: "originalservice", Name: "Service enligt serviceintervall", Units: 1, Price: 4295, PriceKnown: true}},
	}
}

func TestConcurrentBookingsNeverOverbook(t *testing.T) {
	const c, clients = 3, 200
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEngine(t, db, testWorkshop(c, false), local("2026-11-23 12:00"))
		start := local("2026-11-25 10:00")
		var wg sync.WaitGroup
		var mu sync.Mutex
		ok, taken := 0, 0
		var other []error
		for i := 0; i < clients; i++ {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				_, err := e.Book(context.Background(), request(start, fmt.Sprintf("key-%d", i)))
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil:
					ok++
				case errors.Is(err, booking.ErrTimeslotNotAvailable):
					taken++
				default:
					other = append(other, err)
				}
			}(i)
		}
		wg.Wait()
		if ok != c || taken != clients-c || len(other) > 0 {
			t.Fatalf("booked %d, taken %d, other errors %v; want %d booked", ok, taken, other, c)
		}
		var n int
		db.QueryRow(`SELECT count(*) FROM booking_bookings WHERE status = 'booked'`).Scan(&n)
		if n != c {
			t.Fatalf("%d bookings stored, want %d", n, c)
		}
		day, _ := e.Slots(context.Background(), "D-9001", date("2026-11-25"), booking.Job{Minutes: 60})
		for _, s := range day.Times(stockholm) {
			if s == "10:00" || s == "09:30" {
				t.Errorf("start %s still listed while the bays are full", s)
			}
		}
	})
}

func TestIdempotencyAndCancel(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		e := newEngine(t, db, testWorkshop(1, false), local("2026-11-23 12:00"))
		start := local("2026-11-25 10:00")
		first, err := e.Book(ctx, request(start, "same-key"))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(first.ID, "BK-") || first.CancelToken == "" || first.Replayed {
			t.Fatalf("first booking %+v", first)
		}
		again, err := e.Book(ctx, request(start, "same-key"))
		if err != nil {
			t.Fatalf("replay: %v", err)
		}
		if again.ID != first.ID || again.CancelToken != first.CancelToken || !again.Replayed {
			t.Fatalf("replay answered %s, want %s", again.ID, first.ID)
		}
		other := request(start.Add(time.Hour), "same-key")
		if _, err := e.Book(ctx, other); !errors.Is(err, booking.ErrKeyReused) {
			t.Fatalf("key reused for another request: %v", err)
		}
		// The slot is taken now (one bay).
		if _, err := e.Book(ctx, request(start, "")); !errors.Is(err, booking.ErrTimeslotNotAvailable) {
			t.Fatalf("second booking of a full slot: %v", err)
		}
		if _, err := e.Cancel(ctx, first.ID, "wrong"); !errors.Is(err, booking.ErrNotFound) {
			t.Fatalf("cancel with a wrong token: %v", err)
		}
		c, err := e.Cancel(ctx, first.ID, first.CancelToken)
		if err != nil || c.Status != booking.StatusCancelled || c.CancelledAt == nil {
			t.Fatalf("cancel: %+v %v", c, err)
		}
		if c, err := e.Cancel(ctx, first.ID, first.CancelToken); err != nil || c.Status != booking.StatusCancelled {
			t.Fatalf("cancel twice: %v", err)
		}
		// Cancelling freed the capacity.
		if _, err := e.Book(ctx, request(start, "")); err != nil {
			t.Fatalf("book after cancel: %v", err)
		}
	})
}

func TestBookRejects(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		e := newEngine(t, db, testWorkshop(1, false), local("2026-11-23 12:00"))
		tests := []struct {
			name string
			req  func(booking.Request) booking.Request
			want error
			code errs.Code
		}{
			{"past", func(r booking.Request) booking.Request { r.Start = local("2026-11-20 10:00"); return r }, nil, errs.Invalid},
			{"before opening", func(r booking.Request) booking.Request { r.Start = local("2026-11-25 06:30"); return r }, nil, errs.Invalid},
			{"off the grid", func(r booking.Request) booking.Request { r.Start = local("2026-11-25 10:10"); return r }, nil, errs.Invalid},
			{"ends after closing", func(r booking.Request) booking.Request { r.Start = local("2026-11-25 16:30"); return r }, nil, errs.Invalid},
			{"holiday", func(r booking.Request) booking.Request { r.Start = local("2026-12-25 10:00"); return r }, nil, errs.Invalid},
			{"within notice", func(r booking.Request) booking.Request { r.Start = local("2026-11-24 09:00"); return r }, booking.ErrTimeslotNotAvailable, errs.Conflict},
			{"unknown department", func(r booking.Request) booking.Request { r.DepartmentID = "D-1"; return r }, booking.ErrUnknownDepartment, errs.NotFound},
			{"no minutes", func(r booking.Request) booking.Request { r.Minutes = 0; return r }, nil, errs.Invalid},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				_, err := e.Book(ctx, tt.req(request(local("2026-11-25 10:00"), "")))
				if errs.CodeOf(err) != tt.code || (tt.want != nil && !errors.Is(err, tt.want)) {
					t.Fatalf("err %v, want code %s", err, tt.code)
				}
			})
		}
		// InTx failing undoes the booking.
		r := request(local("2026-11-25 10:00"), "k1")
		r.InTx = func(ctx context.Context, tx *sql.Tx, b booking.Booking) error {
			return errs.E(errs.Invalid, "bad mail")
		}
		if _, err := e.Book(ctx, r); err == nil {
			t.Fatal("InTx error ignored")
		}
		var n int
		db.QueryRow(`SELECT count(*) FROM booking_bookings`).Scan(&n)
		if n != 0 {
			t.Fatalf("%d bookings stored after rejects", n)
		}
		// Full day: 08:00 local whatever time was asked.
		r = request(local("2026-11-25 13:37"), "")
		r.FullDay = true
		b, err := e.Book(ctx, r)
		if err != nil || b.Local().Format("15:04") != "08:00" || !b.FullDay {
			t.Fatalf("full day: %+v %v", b, err)
		}
	})
}

func TestExportAndEraseEmail(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		e := newEngine(t, db, testWorkshop(2, false), local("2026-11-23 12:00"))
		for _, s := range []string{"2026-11-25 10:00", "2026-11-26 10:00"} {
			if _, err := e.Book(ctx, request(local(s), "")); err != nil {
				t.Fatal(err)
			}
		}
		got, err := e.ExportEmail(ctx, "Anna.Lind@example.se")
		if err != nil || len(got) != 2 || got[0].Customer.LastName != "Lind" {
			t.Fatalf("export: %d %v", len(got), err)
		}
		n, err := e.EraseEmail(ctx, "anna.lind@example.se")
		if err != nil || n != 2 {
			t.Fatalf("erase: %d %v", n, err)
		}
		if got, _ := e.ExportEmail(ctx, "anna.lind@example.se"); len(got) != 0 {
			t.Fatalf("%d bookings still found by e-mail", len(got))
		}
		var names string
		db.QueryRow(`SELECT first_name || last_name || phone || reg FROM booking_bookings LIMIT 1`).Scan(&names)
		if names != "" {
			t.Fatalf("personal data left: %q", names)
		}
	})
}

func TestCalendarFile(t *testing.T) {
	w := testWorkshop(1, false)
	b := booking.Booking{ID: "BK-ABC2345", Start: local("2026-10-26 07:30").UTC(), Minutes: 90, Zone: "Europe/Stockholm",
		Customer: booking.Customer{FirstName: "Anna", LastName: "Lind"}, CreatedAt: local("2026-10-20 12:00")}
	out, err := booking.CalendarFile(b, w, booking.Invite{Summary: "Service ABC123", Description: "Avboka: https://example.se/x",
		Organizer: "verkstad@example.se"})
	if err != nil {
		t.Fatal(err)
	}
	s := strings.ReplaceAll(string(out), "\r\n ", "")
	for _, want := range []string{"METHOD:PUBLISH", "BEGIN:VTIMEZONE", "TZID:Europe/Stockholm", "BEGIN:DAYLIGHT", "BEGIN:STANDARD",
		"TZOFFSETFROM:+0100", "TZOFFSETTO:+0200", "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
		"DTSTART;TZID=Europe/Stockholm:20261026T073000", "DTEND;TZID=Europe/Stockholm:20261026T090000", "UID:BK-ABC2345@forecourt",
		"LOCATION:Forecourt Bil Teststad\\, Verkstadsgatan 1\\, 123 45 Teststad"} {
		if !strings.Contains(s, want) {
			t.Errorf("calendar file lacks %q:\n%s", want, s)
		}
	}
}

func TestDaysAllMatchesDays(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		w1, w2 := testWorkshop(1, false), testWorkshop(2, true)
		w2.DepartmentID = "D-9002"
		e := booking.New(db, booking.NewDirectory([]*booking.Workshop{w1, w2}))
		e.Now = func() time.Time { return local("2026-11-23 12:00") }
		if _, err := e.Book(ctx, request(local("2026-11-25 10:00"), "")); err != nil {
			t.Fatal(err)
		}
		all, err := e.DaysAll(ctx, []string{"D-9001", "D-9002", "D-404"}, date("2026-11-23"), date("2026-12-06"), booking.Job{Minutes: 60})
		if err != nil || len(all) != 2 {
			t.Fatalf("DaysAll: %d %v", len(all), err)
		}
		for _, id := range []string{"D-9001", "D-9002"} {
			one, err := e.Days(ctx, id, date("2026-11-23"), date("2026-12-06"), booking.Job{Minutes: 60})
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(one, all[id]); diff != "" {
				t.Errorf("%s (-Days +DaysAll):\n%s", id, diff)
			}
		}
	})
}

func TestBookAcrossDaylightSaving(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		e := newEngine(t, db, testWorkshop(1, false), local("2026-10-20 12:00"))
		// Booked in summer time for the Monday after the clocks go back.
		b, err := e.Book(ctx, request(local("2026-10-26 07:00"), ""))
		if err != nil {
			t.Fatal(err)
		}
		got, err := e.Get(ctx, b.ID, b.CancelToken)
		if err != nil {
			t.Fatal(err)
		}
		if s := got.Start.Format(time.RFC3339); s != "2026-10-26T06:00:00Z" || got.Local().Format("15:04") != "07:00" || got.Zone != "Europe/Stockholm" || got.Day != "2026-10-26" {
			t.Fatalf("stored %s (%s, %s, %s)", s, got.Local().Format("15:04"), got.Zone, got.Day)
		}
	})
}
