package reminders_test

import (
	"context"
	"database/sql"
	"errors"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"forecourt/internal/booking"
	"forecourt/internal/catalog"
	"forecourt/internal/forms"
	"forecourt/internal/linktoken"
	"forecourt/internal/linktoken/linktokentest"
	"forecourt/internal/mail"
	"forecourt/internal/places"
	"forecourt/internal/reminders"
	"forecourt/internal/site"
	"forecourt/internal/store"
	"forecourt/internal/store/storetest"
)

// clock is a settable wall clock shared by the engine and the service.
type clock struct{ ms atomic.Int64 }

func newClock(t time.Time) *clock    { c := &clock{}; c.set(t); return c }
func (c *clock) set(t time.Time)     { c.ms.Store(t.UnixMilli()) }
func (c *clock) now() time.Time      { return time.UnixMilli(c.ms.Load()).UTC() }
func (c *clock) add(d time.Duration) { c.ms.Add(d.Milliseconds()) }

// workshop is open every day 07:00–17:00 in Uppsala (group-se, Sweden).
func workshop(id, siteName, country string, loc *time.Location) *booking.Workshop {
	week, devs := booking.ParseSchedule(catalog.OpeningSchedule{
		Openinghours: []catalog.OpeningDay{{Day: "Måndag–Söndag", DisplayText: "07:00–17:00"}},
	})
	return &booking.Workshop{
		DepartmentID: id, SiteID: 9001, Site: siteName, SiteName: "Forecourt Bil Uppsala", DepartmentName: "Verkstad",
		Street: "Bolandsgatan 12", Zip: "753 23", City: "Uppsala", Phone: "018-12 34 50", Email: "verkstad@example.se",
		Latitude: 59.85, Longitude: 17.67, Brands: []booking.Brand{{Name: "Volvo", Code: "VO"}},
		Country: country, Zone: loc, ZoneName: loc.String(), Week: week, Deviations: devs,
		Capacity: booking.Capacity{Bays: 4, DayMinutes: 4 * 600, FullDayPlaces: 2, Step: 30 * time.Minute, Notice: 24 * time.Hour},
	}
}

type fixture struct {
	db     *store.DB
	eng    *booking.Engine
	svc    *reminders.Service
	clock  *clock
	secret []byte
}

func newFixture(t *testing.T, db *store.DB) *fixture {
	t.Helper()
	reg, err := site.New(site.All(), "group-se")
	if err != nil {
		t.Fatal(err)
	}
	c := newClock(time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC))
	dir := booking.NewDirectory([]*booking.Workshop{
		workshop("D-9001", "group-se", "SE", stockholm),
		workshop("D-9002", "group-uk", "GB", london),
	})
	eng := booking.New(db, dir)
	eng.Now = c.now
	secret := []byte("0123456789abcdef0123456789abcdef")
	svc := &reminders.Service{DB: db, Engine: eng, Sites: reg, Places: places.Sweden(), Now: c.now,
		Tokens: mustTokens(t, secret)}
	return &fixture{db: db, eng: eng, svc: svc, clock: c, secret: secret}
}

func mustTokens(tb testing.TB, secret []byte) *linktoken.Signer {
	tb.Helper()
	tk, err := reminders.NewTokens(secret)
	if err != nil {
		tb.Fatal(err)
	}
	return tk
}

// book books a service (or a wheel change) on 2026-11-30 10:00 Stockholm,
// opting in when remind is true.
func (f *fixture) book(t *testing.T, flow, dep, email, reg string, codes []string, remind bool) (booking.Booking, reminders.Reminder) {
	t.Helper()
	items := make([]booking.Item, len(codes))
	for i, c := range codes {
		items[i] = booking.Item{Code: c, Name: c, Units: 1}
	}
	var rem reminders.Reminder
	start := time.Date(2026, 11, 30, 10, 0, 0, 0, stockholm)
	if dep == "D-9002" {
		start = time.Date(2026, 11, 30, 10, 0, 0, 0, london)
	}
	b, err := f.eng.Book(context.Background(), booking.Request{
		Flow: flow, DepartmentID: dep, Start: start, Minutes: 30,
		Customer: booking.Customer{FirstName: "Anna", LastName: "Berg", Phone: "0701234567", Email: email},
		Reg:      reg, Mileage: 4500, Items: items,
		InTx: func(ctx context.Context, tx *sql.Tx, b booking.Booking) error {
			if !remind {
				return nil
			}
			r, _, err := f.svc.OptInTx(ctx, tx, b, "http://127.0.0.1:8380")
			rem = r
			return err
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	return b, rem
}

func outbox(t *testing.T, db *store.DB, email string) []mail.Message {
	t.Helper()
	ms, err := mail.ExportRecipient(context.Background(), db, email)
	if err != nil {
		t.Fatal(err)
	}
	var out []mail.Message
	for _, m := range ms {
		if m.Kind == "reminder" {
			out = append(out, m)
		}
	}
	return out
}

func tokenOf(t *testing.T, m mail.Message) string {
	t.Helper()
	h := strings.Trim(m.Headers["List-Unsubscribe"], "<>")
	u, err := url.Parse(h)
	if err != nil {
		t.Fatal(err)
	}
	tok := u.Query().Get("token")
	if tok == "" {
		t.Fatalf("no token in %q", h)
	}
	return tok
}

func TestOptInStoredWithBooking(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		ctx := context.Background()
		b, r := f.book(t, booking.FlowService, "D-9001", "anna@example.se", "ABC123", []string{"originalservice"}, true)
		got, err := f.svc.ForBooking(ctx, b.ID)
		if err != nil || len(got) != 1 {
			t.Fatalf("reminders of booking: %v %v", got, err)
		}
		g := got[0]
		if g.ID != r.ID || g.Kind != reminders.KindService || g.Status != reminders.StatusPending || g.Reg != "ABC123" ||
			g.Lang != "sv" || g.Zone != "Europe/Stockholm" || g.Site != "group-se" || g.Place != "Uppsala" {
			t.Errorf("stored %+v", g)
		}
		if want := utc("2027-11-30 08:00"); !g.DueAt.Equal(want) {
			t.Errorf("due %s, want %s", g.DueAt, want)
		}
		if l := reminders.Link(g); l != "http://127.0.0.1:8380/boka-service?plats=Uppsala&regnr=ABC123" {
			t.Errorf("link %s", l)
		}

		// Without the tick: no reminder.
		b2, _ := f.book(t, booking.FlowService, "D-9001", "bo@example.se", "DEF456", []string{"brakefluid"}, false)
		if got, _ := f.svc.ForBooking(ctx, b2.ID); len(got) != 0 {
			t.Errorf("reminder without opt-in: %+v", got)
		}

		// The opt-in is in the booking's transaction: a failing booking stores none.
		_, err = f.eng.Book(ctx, booking.Request{
			Flow: booking.FlowService, DepartmentID: "D-9001", Start: time.Date(2026, 12, 1, 10, 0, 0, 0, stockholm), Minutes: 30,
			Customer: booking.Customer{FirstName: "C", LastName: "D", Phone: "0701234567", Email: "cd@example.se"}, Reg: "GHJ789",
			InTx: func(ctx context.Context, tx *sql.Tx, b booking.Booking) error {
				if _, _, err := f.svc.OptInTx(ctx, tx, b, ""); err != nil {
					return err
				}
				return errors.New("mail queue down")
			},
		})
		if err == nil {
			t.Fatal("booking should fail")
		}
		if ex, _ := f.svc.ExportEmail(ctx, "cd@example.se"); len(ex) != 0 {
			t.Errorf("reminder of a failed booking: %+v", ex)
		}
	})
}

func TestIntervalFromOfferings(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		_, r := f.book(t, booking.FlowService, "D-9001", "anna@example.se", "ABC123", []string{"brakefluid"}, true)
		if want := utc("2028-11-30 08:00"); !r.DueAt.Equal(want) {
			t.Errorf("brake fluid due %s, want %s", r.DueAt, want)
		}
	})
}

func TestSeasonReminder(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		_, r := f.book(t, booking.FlowWheelChange, "D-9001", "anna@example.se", "DCK123", []string{"wheelchange"}, true)
		if r.Kind != reminders.KindSeason || r.Season != reminders.Summer || !r.DueAt.Equal(utc("2027-03-15 08:00")) {
			t.Errorf("season reminder %+v", r)
		}
		if l := reminders.Link(r); l != "http://127.0.0.1:8380/dackhotell?regnr=DCK123" {
			t.Errorf("link %s", l)
		}
		// No tyre seasons in the UK: the tick books nothing.
		b, _ := f.book(t, booking.FlowWheelChange, "D-9002", "uk@example.co.uk", "AB12CDE", []string{"wheelchange"}, true)
		if got, _ := f.svc.ForBooking(context.Background(), b.ID); len(got) != 0 {
			t.Errorf("UK season reminder: %+v", got)
		}
	})
}

func TestRunDueSendsOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		ctx := context.Background()
		_, r := f.book(t, booking.FlowService, "D-9001", "anna@example.se", "ABC123", []string{"originalservice"}, true)

		if n, err := f.svc.RunDue(ctx, r.DueAt.Add(-time.Minute)); err != nil || n != 0 {
			t.Fatalf("before due: %d %v", n, err)
		}
		if n, err := f.svc.RunDue(ctx, r.DueAt); err != nil || n != 1 {
			t.Fatalf("at due: %d %v", n, err)
		}
		if n, err := f.svc.RunDue(ctx, r.DueAt.Add(time.Hour)); err != nil || n != 0 {
			t.Fatalf("again: %d %v", n, err)
		}
		ms := outbox(t, db, "anna@example.se")
		if len(ms) != 1 {
			t.Fatalf("%d reminder mails", len(ms))
		}
		m := ms[0]
		if m.Subject != "Dags för service av ABC123" || !strings.Contains(m.Text, "http://127.0.0.1:8380/boka-service?plats=Uppsala&regnr=ABC123") {
			t.Errorf("mail %q\n%s", m.Subject, m.Text)
		}
		if m.Headers["List-Unsubscribe-Post"] != "List-Unsubscribe=One-Click" || !strings.HasPrefix(m.Headers["List-Unsubscribe"], "<http://127.0.0.1:8380/api/reminders/unsubscribe?token=") {
			t.Errorf("headers %v", m.Headers)
		}
		if !strings.Contains(m.HTML, `href="http://127.0.0.1:8380/boka-service?plats=Uppsala&amp;regnr=ABC123"`) {
			t.Errorf("html %s", m.HTML)
		}
		got, _ := f.svc.Get(ctx, r.ID)
		if got.Status != reminders.StatusSent || got.SentAt == nil {
			t.Errorf("after sending %+v", got)
		}
	})
}

// TestConcurrentSweeps: two processes sweeping at once send one mail.
func TestConcurrentSweeps(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		var due time.Time
		for i, reg := range []string{"ABC123", "ABD124", "ABE125", "ABF126"} {
			_, r := f.book(t, booking.FlowService, "D-9001", "p"+string(rune('a'+i))+"@example.se", reg, []string{"originalservice"}, true)
			due = r.DueAt
		}
		other := *f.svc // a second process: its own Service over the same store
		var wg sync.WaitGroup
		var total atomic.Int64
		for _, s := range []*reminders.Service{f.svc, &other, f.svc, &other} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				n, err := s.RunDue(context.Background(), due)
				if err != nil {
					t.Error(err)
				}
				total.Add(int64(n))
			}()
		}
		wg.Wait()
		if total.Load() != 4 {
			t.Errorf("sent %d, want 4", total.Load())
		}
		var n int
		db.QueryRow(`SELECT count(*) FROM mail_outbox WHERE kind = 'reminder'`).Scan(&n)
		if n != 4 {
			t.Errorf("%d mails queued, want 4", n)
		}
	})
}

// TestRestart: a reminder sent before a restart is not sent again after it
// (the store is reopened from its files, as by a new process).
func TestRestart(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data")
	ctx := context.Background()
	db, err := store.Open(ctx, dir, "")
	if err != nil {
		t.Fatal(err)
	}
	f := newFixture(t, db)
	_, r := f.book(t, booking.FlowService, "D-9001", "anna@example.se", "ABC123", []string{"originalservice"}, true)
	if n, err := f.svc.RunDue(ctx, r.DueAt); n != 1 || err != nil {
		t.Fatalf("first process: %d %v", n, err)
	}
	db.Close()

	db2, err := store.Open(ctx, dir, "")
	if err != nil {
		t.Fatal(err)
	}
	defer db2.Close()
	f2 := newFixture(t, db2)
	if n, err := f2.svc.RunDue(ctx, r.DueAt.Add(24*time.Hour)); n != 0 || err != nil {
		t.Fatalf("after restart: %d %v", n, err)
	}
	if ms := outbox(t, db2, "anna@example.se"); len(ms) != 1 {
		t.Errorf("%d mails after restart, want 1", len(ms))
	}
}

func TestCancelledBookingCancelsReminder(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		ctx := context.Background()
		// Cancelled through the cancel call: the reminder goes in its transaction.
		b, r := f.book(t, booking.FlowService, "D-9001", "anna@example.se", "ABC123", []string{"originalservice"}, true)
		if _, err := f.eng.CancelWith(ctx, b.ID, b.CancelToken, func(ctx context.Context, tx *sql.Tx, b booking.Booking) error {
			return f.svc.CancelBookingTx(ctx, tx, b.ID)
		}); err != nil {
			t.Fatal(err)
		}
		got, _ := f.svc.Get(ctx, r.ID)
		if got.Status != reminders.StatusCancelled || got.Reason != reminders.ReasonBookingCancelled {
			t.Errorf("after cancel %+v", got)
		}
		// Cancelled some other way: the sweep cancels instead of sending.
		b2, r2 := f.book(t, booking.FlowService, "D-9001", "bo@example.se", "DEF456", []string{"originalservice"}, true)
		if _, err := f.eng.Cancel(ctx, b2.ID, b2.CancelToken); err != nil {
			t.Fatal(err)
		}
		if n, err := f.svc.RunDue(ctx, r2.DueAt); n != 0 || err != nil {
			t.Fatalf("sweep: %d %v", n, err)
		}
		got2, _ := f.svc.Get(ctx, r2.ID)
		if got2.Status != reminders.StatusCancelled || got2.Reason != reminders.ReasonBookingCancelled {
			t.Errorf("after sweep %+v", got2)
		}
		if len(outbox(t, db, "anna@example.se"))+len(outbox(t, db, "bo@example.se")) != 0 {
			t.Error("a cancelled booking's reminder was mailed")
		}
	})
}

func TestSupersede(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		ctx := context.Background()
		_, r1 := f.book(t, booking.FlowService, "D-9001", "anna@example.se", "ABC123", []string{"originalservice"}, true)
		f.clock.add(time.Hour)
		_, r2 := f.book(t, booking.FlowService, "D-9001", "Anna@Example.se", "ABC123", []string{"brakefluid"}, true)
		g1, _ := f.svc.Get(ctx, r1.ID)
		g2, _ := f.svc.Get(ctx, r2.ID)
		if g1.Status != reminders.StatusCancelled || g1.Reason != reminders.ReasonSuperseded || g2.Status != reminders.StatusPending {
			t.Errorf("first %+v, second %+v", g1, g2)
		}
	})
}

func TestUnsubscribe(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		ctx := context.Background()
		_, r := f.book(t, booking.FlowService, "D-9001", "anna@example.se", "ABC123", []string{"originalservice"}, true)
		if _, err := f.svc.RunDue(ctx, r.DueAt); err != nil {
			t.Fatal(err)
		}
		tok := tokenOf(t, outbox(t, db, "anna@example.se")[0])
		if id, err := f.svc.Tokens.Check(tok, reminders.PurposeUnsubscribe, f.clock.now()); err != nil || id != r.ID {
			t.Fatalf("the token names %q, %v; want the reminder %s", id, err, r.ID)
		}
		// A later opt-in for the same car and address is pending.
		_, later := f.book(t, booking.FlowService, "D-9001", "anna@example.se", "ABC123", []string{"originalservice"}, true)
		f.clock.add(time.Minute)

		otherKey := mustTokens(t, []byte("another secret of thirty-two b.."))
		otherLabel, err := linktoken.New(f.secret, "forecourt alerts tokens v1")
		if err != nil {
			t.Fatal(err)
		}
		formTickets := &forms.Tickets{Secret: f.secret, MinFill: time.Millisecond}
		exp := f.clock.now().Add(time.Hour)
		flip := func(s string) string {
			b := []byte(s)
			i := len(b) - 3
			if b[i] == 'A' {
				b[i] = 'B'
			} else {
				b[i] = 'A'
			}
			return string(b)
		}
		bad := map[string]string{
			"empty":            "",
			"garbage":          "not-a-token",
			"tampered":         flip(tok),
			"wrong purpose":    linktokentest.Sign(t, f.svc.Tokens, "unsubscribe", r.ID, exp),
			"another key":      linktokentest.Sign(t, otherKey, reminders.PurposeUnsubscribe, r.ID, exp),
			"another label":    linktokentest.Sign(t, otherLabel, reminders.PurposeUnsubscribe, r.ID, exp), // the same secret used elsewhere
			"form ticket":      formTickets.Issue(reminders.PurposeUnsubscribe, f.clock.now().Add(-time.Minute)).Value,
			"unknown reminder": linktokentest.Sign(t, f.svc.Tokens, reminders.PurposeUnsubscribe, "RM-NOSUCH22", exp),
			"expired":          linktokentest.Sign(t, f.svc.Tokens, reminders.PurposeUnsubscribe, r.ID, f.clock.now().Add(-time.Second)),
			"too long":         strings.Repeat("a", 700),
			"extra dot":        strings.Replace(tok, ".", "..", 1),
		}
		for name, v := range bad {
			if _, err := f.svc.Unsubscribe(ctx, v); !errors.Is(err, reminders.ErrBadToken) {
				t.Errorf("%s: %v; want ErrBadToken", name, err)
			}
		}
		if g, _ := f.svc.Get(ctx, later.ID); g.Status != reminders.StatusPending {
			t.Fatalf("a bad token changed something: %+v", g)
		}
		if g, _ := f.svc.Get(ctx, r.ID); g.Status != reminders.StatusSent || g.Reason != "" {
			t.Fatalf("a bad token changed the sent reminder: %+v", g)
		}

		got, err := f.svc.Unsubscribe(ctx, tok)
		if err != nil {
			t.Fatal(err)
		}
		if got.ID != r.ID || got.Reason != reminders.ReasonUnsubscribed {
			t.Errorf("unsubscribed %+v", got)
		}
		if g, _ := f.svc.Get(ctx, later.ID); g.Status != reminders.StatusCancelled || g.Reason != reminders.ReasonUnsubscribed {
			t.Errorf("the later reminder %+v", g)
		}
		if _, err := f.svc.Unsubscribe(ctx, tok); err != nil {
			t.Errorf("twice: %v", err)
		}
		// Expired after TokenTTL.
		f.clock.add(reminders.TokenTTL + time.Hour)
		if _, err := f.svc.Unsubscribe(ctx, tok); !errors.Is(err, reminders.ErrBadToken) {
			t.Errorf("expired: %v", err)
		}
	})
}

func TestGDPR(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		ctx := context.Background()
		f.book(t, booking.FlowService, "D-9001", "anna@example.se", "ABC123", []string{"originalservice"}, true)
		f.book(t, booking.FlowWheelChange, "D-9001", "ANNA@example.se", "DCK123", []string{"wheelchange"}, true)
		f.book(t, booking.FlowService, "D-9001", "bo@example.se", "DEF456", []string{"originalservice"}, true)
		ex, err := f.svc.ExportEmail(ctx, "Anna@Example.se")
		if err != nil || len(ex) != 2 {
			t.Fatalf("export %d %v", len(ex), err)
		}
		n, err := f.svc.EraseEmail(ctx, "anna@example.se")
		if err != nil || n != 2 {
			t.Fatalf("erase %d %v", n, err)
		}
		if ex, _ := f.svc.ExportEmail(ctx, "anna@example.se"); len(ex) != 0 {
			t.Errorf("left after erase: %+v", ex)
		}
		if ex, _ := f.svc.ExportEmail(ctx, "bo@example.se"); len(ex) != 1 {
			t.Errorf("another address erased: %+v", ex)
		}
	})
}
