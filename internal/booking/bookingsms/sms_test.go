package bookingsms_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"forecourt/internal/booking"
	"forecourt/internal/booking/bookingsms"
	"forecourt/internal/jobs"
	"forecourt/internal/store"
	"forecourt/internal/store/storetest"

	"github.com/riverqueue/river"
)

type sent struct{ to, body string }

// outbox records what the worker queued (in its transaction).
type outbox struct {
	mu   sync.Mutex
	msgs []sent
}

func (o *outbox) QueueSMSTx(ctx context.Context, tx *sql.Tx, to, body string, expires time.Time) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.msgs = append(o.msgs, sent{to, body})
	return nil
}

func workshop() *booking.Workshop {
	loc, _ := time.LoadLocation("Europe/Stockholm")
	day := []booking.Span{{From: 7 * 60, To: 17 * 60}}
	return &booking.Workshop{DepartmentID: "D-9001", SiteID: 9001, Site: "group-se", SiteName: "Forecourt Bil Teststad",
		Street: "Verkstadsgatan 1", Zip: "123 45", City: "Teststad", Phone: "08-123 456 00", Country: "SE", Zone: loc, ZoneName: "Europe/Stockholm",
		Week:     [7][]booking.Span{day, day, day, day, day, day, day},
		Capacity: booking.Capacity{Bays: 3, DayMinutes: 1800, FullDayPlaces: 2, Step: 30 * time.Minute, Notice: time.Hour}}
}

// TestMessages: a booking with a mobile number gets its confirmation from
// a job and a reminder job 24 hours before; a cancelled booking gets
// nothing, a moved one only the messages of its new time, a landline none.
func TestMessages(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		w := workshop()
		eng := booking.New(db, booking.NewDirectory([]*booking.Workshop{w}))
		q, err := jobs.Open(ctx, db, nil, jobs.Options{PollInterval: 50 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		ob := &outbox{}
		svc := &bookingsms.Service{Engine: eng, Outbox: ob}
		bookingsms.Register(q, svc)
		day := booking.DateOf(time.Now().In(w.Zone)).AddDays(3)
		book := func(at int, phone, lang string) booking.Booking {
			b, err := eng.Book(ctx, booking.Request{Flow: booking.FlowService, DepartmentID: w.DepartmentID, Start: day.At(at, w.Zone), Minutes: 60,
				Customer: booking.Customer{FirstName: "Anna", LastName: "Lind", Phone: phone, Email: "anna@example.se"}, Reg: "ABC123",
				InTx: func(ctx context.Context, tx *sql.Tx, b booking.Booking) error {
					return svc.ScheduleTx(ctx, tx, b, bookingsms.KindConfirm, phone, w.Country, lang)
				}})
			if err != nil {
				t.Fatal(err)
			}
			return b
		}
		a := book(9*60, "070-123 45 67", "sv")
		c := book(10*60, "+46 (0)70 765 43 21", "en")
		book(11*60, "08-123 456 00", "sv") // a landline: no messages
		cancelled := book(12*60, "0701112233", "sv")
		if _, err := eng.Cancel(ctx, cancelled.ID, cancelled.CancelToken); err != nil {
			t.Fatal(err)
		}
		if _, err := eng.Move(ctx, booking.MoveRequest{ID: c.ID, Token: c.CancelToken, Start: day.AddDays(1).At(13*60, w.Zone),
			InTx: func(ctx context.Context, tx *sql.Tx, old, moved booking.Booking) error {
				return svc.ScheduleTx(ctx, tx, moved, bookingsms.KindMoved, moved.Customer.Phone, w.Country, "en")
			}}); err != nil {
			t.Fatal(err)
		}
		// Three bookings with a mobile number and the move: a message now and a reminder later each.
		if n, _ := q.Pending(ctx, time.Time{}); n != 4+4 {
			t.Fatalf("%d jobs, want 8 (4 messages now, 4 reminders later)", n)
		}
		if err := q.Start(ctx); err != nil {
			t.Fatal(err)
		}
		defer q.Stop(ctx)
		dctx, cancel := context.WithTimeout(ctx, 20*time.Second)
		defer cancel()
		if err := q.Drain(dctx); err != nil {
			t.Fatal(err)
		}
		ob.mu.Lock()
		defer ob.mu.Unlock()
		if len(ob.msgs) != 2 {
			t.Fatalf("sent %+v, want the confirmation of %s and the new time of %s", ob.msgs, a.ID, c.ID)
		}
		for _, m := range ob.msgs {
			switch m.to {
			case "+46701234567":
				if !strings.HasPrefix(m.body, "Bokat: verkstadsbesök hos Forecourt Bil Teststad "+day.String()+" kl. 09:00. Bokningsnummer "+a.ID) {
					t.Errorf("confirmation %q", m.body)
				}
			case "+46707654321":
				if !strings.HasPrefix(m.body, "New time: workshop visit at Forecourt Bil Teststad "+day.AddDays(1).String()+" 13:00") {
					t.Errorf("moved %q", m.body)
				}
			default:
				t.Errorf("message to %s: %q", m.to, m.body)
			}
		}
	})
}

func TestMobileNumber(t *testing.T) {
	for _, tc := range []struct {
		in, country, want string
		ok                bool
	}{
		{"070-123 45 67", "SE", "+46701234567", true},
		{"+46 (0)70 123 45 67", "SE", "+46701234567", true},
		{"0046 70 123 45 67", "SE", "+46701234567", true},
		{"08-123 456 00", "SE", "+46812345600", false},
		{"070-123 45 67\n", "SE", "+46701234567", true},
		{"070-12x 45 67", "SE", "", false},
		{"412 34 567", "NO", "+4741234567", true},
		{"+47 2212 3456", "NO", "+4722123456", false},
		{"040 123 4567", "FI", "+358401234567", true},
	} {
		got, ok := bookingsms.MobileNumber(tc.in, tc.country)
		if ok != tc.ok || (tc.want != "" && got != tc.want) {
			t.Errorf("MobileNumber(%q, %s) = %q %v, want %q %v", tc.in, tc.country, got, ok, tc.want, tc.ok)
		}
	}
}

func TestTextNamesTheFlow(t *testing.T) {
	w := workshop()
	b := booking.Booking{ID: "BK-7F3K9QX", Flow: "testdrive", Start: time.Date(2026, 11, 30, 9, 45, 0, 0, w.Zone)}
	if got := bookingsms.Text(bookingsms.KindConfirm, "sv", b, w); !strings.HasPrefix(got, "Bokat: provkörning hos Forecourt Bil Teststad 2026-11-30 kl. 09:45.") {
		t.Errorf("sv %q", got)
	}
	if got := bookingsms.Text(bookingsms.KindCancelled, "en", b, w); !strings.HasPrefix(got, "Cancelled: test drive at ") {
		t.Errorf("en %q", got)
	}
}

// TestReminderADayBefore: the reminder job is due exactly RemindBefore
// (24 hours) ahead of the drop-off and says 'Påminnelse'; a cancelled
// booking's reminder and a moved booking's reminder of its old time send
// nothing. The engine's clock stands three days before the drop-off, so the
// reminders are already due by the queue's clock when it starts.
func TestReminderADayBefore(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		w := workshop()
		eng := booking.New(db, booking.NewDirectory([]*booking.Workshop{w}))
		start := booking.DateOf(time.Now().In(w.Zone)).At(12*60, w.Zone)
		eng.Now = func() time.Time { return start.Add(-72 * time.Hour) }
		q, err := jobs.Open(ctx, db, nil, jobs.Options{PollInterval: 50 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		ob := &outbox{}
		svc := &bookingsms.Service{Engine: eng, Outbox: ob}
		bookingsms.Register(q, svc)
		book := func(at time.Time, phone string) booking.Booking {
			b, err := eng.Book(ctx, booking.Request{Flow: booking.FlowService, DepartmentID: w.DepartmentID, Start: at, Minutes: 60,
				Customer: booking.Customer{FirstName: "Anna", LastName: "Lind", Phone: phone, Email: "anna@example.se"}, Reg: "ABC123",
				InTx: func(ctx context.Context, tx *sql.Tx, b booking.Booking) error {
					return svc.ScheduleTx(ctx, tx, b, bookingsms.KindConfirm, phone, w.Country, "sv")
				}})
			if err != nil {
				t.Fatal(err)
			}
			return b
		}
		kept := book(start, "070-123 45 67")
		cancelled := book(start.Add(time.Hour), "0701112233")
		moved := book(start.Add(2*time.Hour), "0707654321")
		if _, err := eng.Cancel(ctx, cancelled.ID, cancelled.CancelToken); err != nil {
			t.Fatal(err)
		}
		later := start.Add(72*time.Hour + 2*time.Hour) // its reminder is not due yet
		if _, err := eng.Move(ctx, booking.MoveRequest{ID: moved.ID, Token: moved.CancelToken, Start: later,
			InTx: func(ctx context.Context, tx *sql.Tx, old, b booking.Booking) error {
				return svc.ScheduleTx(ctx, tx, b, bookingsms.KindMoved, b.Customer.Phone, w.Country, "sv")
			}}); err != nil {
			t.Fatal(err)
		}
		// Every reminder is scheduled 24 hours before its booking's start.
		starts := map[string]time.Time{kept.ID: kept.Start, cancelled.ID: cancelled.Start, moved.ID + "/0": moved.Start, moved.ID + "/1": later}
		list, err := q.Client.JobList(ctx, river.NewJobListParams().Kinds("booking_sms").First(100))
		if err != nil {
			t.Fatal(err)
		}
		reminders := 0
		for _, j := range list.Jobs {
			var a bookingsms.Args
			if err := json.Unmarshal(j.EncodedArgs, &a); err != nil {
				t.Fatal(err)
			}
			if a.Message != bookingsms.KindReminder {
				continue
			}
			reminders++
			s, ok := starts[a.BookingID]
			if !ok {
				s = starts[a.BookingID+"/"+strconv.Itoa(a.Sequence)]
			}
			if d := j.ScheduledAt.Sub(s.Add(-24 * time.Hour)); d < -time.Second || d > time.Second {
				t.Errorf("reminder of %s (sequence %d) at %s, want %s", a.BookingID, a.Sequence, j.ScheduledAt, s.Add(-24*time.Hour))
			}
		}
		if reminders != 4 {
			t.Errorf("%d reminders scheduled, want 4 (three bookings and the move)", reminders)
		}
		if err := q.Start(ctx); err != nil {
			t.Fatal(err)
		}
		defer q.Stop(ctx)
		dctx, cancel := context.WithTimeout(ctx, 20*time.Second)
		defer cancel()
		if err := q.Drain(dctx); err != nil {
			t.Fatal(err)
		}
		ob.mu.Lock()
		defer ob.mu.Unlock()
		var got []string
		for _, m := range ob.msgs {
			got = append(got, m.to+" "+m.body[:strings.Index(m.body, ":")])
		}
		sort.Strings(got)
		want := []string{"+46701234567 Bokat", "+46701234567 Påminnelse", "+46707654321 Ny tid"}
		if strings.Join(got, "|") != strings.Join(want, "|") {
			t.Fatalf("sent %q, want %q (nothing for the cancelled booking or the moved one's old time)", got, want)
		}
		for _, m := range ob.msgs {
			if strings.HasPrefix(m.body, "Påminnelse") && !strings.HasPrefix(m.body, "Påminnelse: verkstadsbesök hos Forecourt Bil Teststad "+booking.DateOf(start).String()+" kl. 12:00. Bokningsnummer "+kept.ID) {
				t.Errorf("reminder %q", m.body)
			}
		}
	})
}
