package tirehotel

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"forecourt/internal/booking"
	"forecourt/internal/errs"
	"forecourt/internal/mail"
	"forecourt/internal/store"
	"forecourt/internal/store/storetest"
)

var stockholm, _ = time.LoadLocation("Europe/Stockholm")

// testEngine is the booking engine over one workshop, D-1001 (the test
// agreements' workshop): weekdays 07:00–17:00, one bay, one full-day place.
func (e *env) wheel(t *testing.T) *WheelChange {
	t.Helper()
	weekday := []booking.Span{{From: 7 * 60, To: 17 * 60}}
	w := &booking.Workshop{DepartmentID: "D-1001", SiteID: 1001, Site: "group-se", SiteName: "Forecourt Bil Uppsala", DepartmentName: "Verkstad",
		Street: "Bolandsgatan 12", Zip: "753 23", City: "Uppsala", Phone: "018-12 34 50", Email: "service.uppsala@example.com",
		Latitude: 59.85, Longitude: 17.67, Country: "SE", Zone: stockholm, ZoneName: "Europe/Stockholm",
		Week:     [7][]booking.Span{nil, weekday, weekday, weekday, weekday, weekday, nil},
		Capacity: booking.Capacity{Bays: 1, DayMinutes: 600, FullDayPlaces: 1, Step: 30 * time.Minute, Notice: 16 * time.Hour}}
	other := *w
	other.DepartmentID, other.SiteID = "D-1002", 1002
	eng := booking.New(e.db, booking.NewDirectory([]*booking.Workshop{w, &other}))
	eng.Now = e.clock.Now
	return &WheelChange{Store: e.st, Engine: eng, Bookings: booking.NewService(eng, nil), Now: e.clock.Now}
}

func TestWindow(t *testing.T) {
	wc := &WheelChange{Now: func() time.Time { return time.Date(2026, 11, 30, 23, 30, 0, 0, time.UTC) }} // 1 December in Stockholm
	from, to := wc.Window(stockholm)
	if from.String() != "2026-12-04" || to.String() != "2027-03-01" {
		t.Errorf("window = %s…%s", from, to)
	}
	wc.Now = func() time.Time { return time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC) }
	if from, to := wc.Window(stockholm); from.String() != "2026-12-03" || to.String() != "2027-02-28" {
		t.Errorf("window from 30 November = %s…%s", from, to)
	}
}

func TestDaysAndSlots(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := mustEnv(t, db)
		wc := e.wheel(t)
		ctx := context.Background()
		anna := Session{AgreementID: e.ids["TH-1"]}
		// Today is Thursday 26 November 2026: the window is 29 November … 26 February.
		days, err := wc.Days(ctx, anna, "D-1001", RangeRequest{StartDate: "2026-11-29", EndDate: "2026-12-06", RegNo: "abc 123"})
		if err != nil {
			t.Fatal(err)
		}
		want := []AvailableDate{{"2026-11-30"}, {"2026-12-01"}, {"2026-12-02"}, {"2026-12-03"}, {"2026-12-04"}}
		if d := cmp.Diff(want, days); d != "" {
			t.Errorf("days (-want +got):\n%s", d)
		}
		slots, err := wc.Slots(ctx, anna, "D-1001", RangeRequest{StartDate: "2026-11-30", EndDate: "2026-11-30", RegNo: "ABC123"})
		if err != nil {
			t.Fatal(err)
		}
		if len(slots) != 1 || len(slots[0].StartTime) != 20 || slots[0].StartTime[0] != "2026-11-30T07:00:00" || slots[0].StartTime[19] != "2026-11-30T16:30:00" {
			t.Errorf("slots = %v", slots)
		}

		bad := []struct {
			name string
			erp  string
			req  RangeRequest
			code errs.Code
		}{
			{"before the window", "D-1001", RangeRequest{"2026-11-28", "2026-11-30", "ABC123"}, errs.Invalid},
			{"after the window", "D-1001", RangeRequest{"2027-02-20", "2027-02-27", "ABC123"}, errs.Invalid},
			{"reversed", "D-1001", RangeRequest{"2026-12-05", "2026-12-01", "ABC123"}, errs.Invalid},
			{"not a date", "D-1001", RangeRequest{"2026-12-1", "2026-12-05", "ABC123"}, errs.Invalid},
			{"another workshop", "D-1002", RangeRequest{"2026-12-01", "2026-12-05", "ABC123"}, errs.Invalid},
			{"unknown workshop", "D-9", RangeRequest{"2026-12-01", "2026-12-05", "ABC123"}, errs.Invalid},
			{"another customer's car", "D-1001", RangeRequest{"2026-12-01", "2026-12-05", "XYZ789"}, errs.Forbidden},
			{"a car without agreement", "D-1001", RangeRequest{"2026-12-01", "2026-12-05", "NOP999"}, errs.Forbidden},
			{"malformed plate", "D-1001", RangeRequest{"2026-12-01", "2026-12-05", "X"}, errs.Invalid},
		}
		for _, b := range bad {
			if _, err := wc.Days(ctx, anna, b.erp, b.req); errs.CodeOf(err) != b.code {
				t.Errorf("days, %s: %v, want %s", b.name, err, b.code)
			}
			if _, err := wc.Slots(ctx, anna, b.erp, b.req); errs.CodeOf(err) != b.code {
				t.Errorf("slots, %s: %v, want %s", b.name, err, b.code)
			}
		}
	})
}

func createReq(at string, first string) CreateRequest {
	start := at
	// ConfirmSecond: these tests book the car several times a season
	// (TestSecondBookingThisSeason covers the warning).
	return CreateRequest{BookingDate: at, BookingStart: &start, RegNo: "ABC123", FreeText: "Kolla gärna lufttrycket", ConfirmSecond: true,
		Customer: CustomerBase{FirstName: first, LastName: "Lindqvist", Email: "anna@example.com", PhoneMobile: "070-174 06 05"}}
}

func TestCreateAndReview(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := mustEnv(t, db)
		wc := e.wheel(t)
		ctx := context.Background()
		anna, erik := Session{AgreementID: e.ids["TH-1"]}, Session{AgreementID: e.ids["TH-2"]}

		c, err := wc.Create(ctx, anna, "D-1001", "key-1", createReq("2026-11-30T07:30:00", "Anna"))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(c.BookingConfirmationID, "WC-") {
			t.Errorf("id %q", c.BookingConfirmationID)
		}
		c.BookingConfirmationID = ""
		want := Confirmation{CustomerBase: CustomerBase{"Anna", "Lindqvist", "anna@example.com", "+46701740605"},
			Services: []Service{{ServiceName}}, AppointmentTime: "2026-11-30T07:30:00",
			Workshop: ConfirmWorkshop{Name: "Forecourt Bil Uppsala", Address: "Bolandsgatan 12, 753 23 Uppsala", Email: "service.uppsala@example.com",
				PhoneNumber: "018-12 34 50", Latitude: 59.85, Longitude: 17.67}, FreeText: "Kolla gärna lufttrycket", RegNo: "ABC123"}
		if d := cmp.Diff(want, c); d != "" {
			t.Errorf("confirmation (-want +got):\n%s", d)
		}
		// The same key answers the same booking; the slot is gone for others.
		again, err := wc.Create(ctx, anna, "D-1001", "key-1", createReq("2026-11-30T07:30:00", "Anna"))
		if err != nil {
			t.Fatal(err)
		}
		slots, _ := wc.Slots(ctx, anna, "D-1001", RangeRequest{"2026-11-30", "2026-11-30", "ABC123"})
		for _, s := range slots[0].StartTime {
			if s == "2026-11-30T07:30:00" {
				t.Errorf("a booked slot is still offered")
			}
		}
		if _, err := wc.Create(ctx, anna, "D-1001", "key-2", createReq("2026-11-30T07:30:00", "Anna")); !errors.Is(err, errSlotTaken) {
			t.Errorf("taken slot: %v", err)
		}
		// The confirmation mail with its calendar file is in the outbox.
		msgs, err := mail.ExportRecipient(ctx, db, "anna@example.com")
		if err != nil || len(msgs) != 1 {
			t.Fatalf("mails %v %v", msgs, err)
		}
		m := msgs[0]
		if m.Kind != "wheelchange" || !strings.Contains(m.Subject, again.BookingConfirmationID) || len(m.Attachments) != 1 ||
			!strings.Contains(string(m.Attachments[0].Data), "DTSTART;TZID=Europe/Stockholm:20261130T073000") ||
			!strings.Contains(m.Text, "måndag 30 november 2026 kl. 07:30") {
			t.Errorf("mail = %+v", m)
		}

		// A full-day booking: no start time; drop-off before 08:00.
		fd := createReq("2026-12-01T00:00:00", "Anna")
		fd.BookingStart = nil
		c2, err := wc.Create(ctx, anna, "D-1001", "key-3", fd)
		if err != nil || !c2.IsFullDay || c2.AppointmentTime != "2026-12-01T08:00:00" {
			t.Errorf("full day: %+v %v", c2, err)
		}

		bad := map[string]CreateRequest{}
		r := createReq("2026-12-02T07:30:00", "Anna")
		r.Customer.Email = "anna@example"
		bad["e-mail"] = r
		r = createReq("2026-12-02T07:30:00", "Anna")
		r.Customer.PhoneMobile = "0701"
		bad["mobile"] = r
		r = createReq("2026-12-02T07:30:00", "")
		bad["first name"] = r
		r = createReq("2026-11-28T07:30:00", "Anna")
		bad["before the window"] = r
		r = createReq("2026-12-02T07:30:00", "Anna")
		r.FreeText = strings.Repeat("å", 501)
		bad["free text"] = r
		r = createReq("2026-12-02T07:30:00", "Anna")
		other := "2026-12-02T08:00:00"
		r.BookingStart = &other
		bad["start differs"] = r
		r = createReq("2026-12-02T07:15:00", "Anna")
		bad["off the grid"] = r
		for name, r := range bad {
			if _, err := wc.Create(ctx, anna, "D-1001", "", r); !errs.Is(err, errs.Invalid) {
				t.Errorf("%s: %v, want invalid", name, err)
			}
		}
		if _, err := wc.Create(ctx, anna, "D-1002", "", createReq("2026-12-02T07:30:00", "Anna")); !errs.Is(err, errs.Invalid) {
			t.Errorf("another workshop: %v", err)
		}
		r = createReq("2026-12-02T07:30:00", "Erik")
		r.RegNo, r.Customer.Email = "XYZ789", "erik@example.com"
		if _, err := wc.Create(ctx, anna, "D-1001", "", r); !errs.Is(err, errs.Forbidden) {
			t.Errorf("another customer's car: %v", err)
		}
		// Another customer with the same idempotency key books their own.
		r.RegNo, r.BookingDate, r.BookingStart = "XYZ789", "2026-11-30T08:00:00", nil
		s := "2026-11-30T08:00:00"
		r.BookingStart = &s
		ce, err := wc.Create(ctx, erik, "D-1001", "key-1", r)
		if err != nil || ce.BookingConfirmationID == again.BookingConfirmationID {
			t.Errorf("erik with anna's key: %+v %v", ce, err)
		}

		// Reviews: own bookings only; the later one replaces.
		id := again.BookingConfirmationID
		for _, rv := range []ReviewRequest{{4, "Bra", "2026-11-30T10:00:00.000Z", id}, {5, "Snabbt och trevligt", "2026-11-30T11:00:00Z", id}} {
			if err := wc.Review(ctx, anna, rv); err != nil {
				t.Fatal(err)
			}
		}
		got, err := e.st.ReviewOf(ctx, id)
		if d := cmp.Diff(Review{id, 5, "Snabbt och trevligt", "2026-11-30T11:00:00Z"}, got); err != nil || d != "" {
			t.Errorf("review (-want +got):\n%s %v", d, err)
		}
		for name, rv := range map[string]ReviewRequest{
			"rating 0":        {0, "", "2026-11-30", id},
			"rating 6":        {6, "", "2026-11-30", id},
			"long comment":    {3, strings.Repeat("x", 501), "2026-11-30", id},
			"bad date":        {3, "", "igår", id},
			"no booking":      {3, "", "2026-11-30", ""},
			"unknown booking": {3, "", "2026-11-30", "WC-NOPE"},
		} {
			if err := wc.Review(ctx, anna, rv); err == nil {
				t.Errorf("review %s accepted", name)
			}
		}
		if err := wc.Review(ctx, erik, ReviewRequest{1, "", "2026-11-30", id}); !errs.Is(err, errs.NotFound) {
			t.Errorf("erik reviewing anna's booking: %v", err)
		}

		// GDPR: export, then erase.
		ex, err := e.st.ExportEmail(ctx, "ANNA@example.com")
		if err != nil || len(ex.Agreements) != 1 || len(ex.Bookings) != 2 || len(ex.Reviews) != 1 || ex.Agreements[0].Phone != "+46701740605" {
			t.Errorf("export = %+v %v", ex, err)
		}
		n, err := e.st.EraseEmail(ctx, "anna@example.com")
		if err != nil || n != 3 {
			t.Errorf("erase = %d %v", n, err)
		}
		ex, _ = e.st.ExportEmail(ctx, "anna@example.com")
		if len(ex.Agreements)+len(ex.Bookings)+len(ex.Reviews) != 0 {
			t.Errorf("after erase: %+v", ex)
		}
		if _, err := e.auth.Search(ctx, "ABC123", "10.0.0.1"); !errs.Is(err, errs.NotFound) {
			t.Errorf("erased plate still found: %v", err)
		}
		if _, err := e.auth.Search(ctx, "XYZ789", "10.0.0.1"); err != nil {
			t.Errorf("erik erased too: %v", err)
		}
	})
}

// TestConcurrentBooking: many customers race for one slot of a one-bay
// workshop; exactly one gets it, the others a 409.
func TestConcurrentBooking(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := mustEnv(t, db)
		wc := e.wheel(t)
		ctx := context.Background()
		const n = 12
		var sessions []Session
		for i := 0; i < n; i++ {
			plate := fmt.Sprintf("RAC%03d", i)
			id, err := e.st.CreateAgreement(ctx, testAgreement(fmt.Sprintf("TH-R%d", i), fmt.Sprintf("+467017407%02d", i), fmt.Sprintf("r%d@example.com", i), plate), e.clock.Now())
			if err != nil {
				t.Fatal(err)
			}
			sessions = append(sessions, Session{AgreementID: id})
		}
		var wg sync.WaitGroup
		var mu sync.Mutex
		won, taken := 0, 0
		for i, s := range sessions {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r := createReq("2026-12-01T10:00:00", "Racer")
				r.RegNo = fmt.Sprintf("RAC%03d", i)
				_, err := wc.Create(ctx, s, "D-1001", fmt.Sprintf("k%d", i), r)
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil:
					won++
				case errors.Is(err, errSlotTaken):
					taken++
				default:
					t.Errorf("racer %d: %v", i, err)
				}
			}()
		}
		wg.Wait()
		if won != 1 || taken != n-1 {
			t.Errorf("won %d, taken %d", won, taken)
		}
		var rows int
		db.QueryRow(`SELECT count(*) FROM tirehotel_bookings`).Scan(&rows)
		if rows != 1 {
			t.Errorf("%d portal bookings stored, want 1", rows)
		}
	})
}

func TestCustomerLimits(t *testing.T) {
	db := storetest.MustSQLite(t)
	e := mustEnv(t, db)
	wc := e.wheel(t)
	wc.Limiter, wc.Reads, wc.Writes = e.auth.Limiter, Limit{3, time.Minute}, Limit{2, time.Hour}
	ctx := context.Background()
	anna := Session{AgreementID: e.ids["TH-1"]}
	req := RangeRequest{"2026-11-30", "2026-11-30", "ABC123"}
	for i := 0; i < 4; i++ {
		_, err := wc.Slots(ctx, anna, "D-1001", req)
		if (i < 3) != (err == nil) {
			t.Errorf("read %d: %v", i+1, err)
		}
	}
	// Another customer has their own count.
	if _, err := wc.Days(ctx, Session{AgreementID: e.ids["TH-2"]}, "D-1001", RangeRequest{"2026-11-30", "2026-11-30", "XYZ789"}); err != nil {
		t.Errorf("erik's read: %v", err)
	}
	for i, at := range []string{"2026-11-30T07:00:00", "2026-11-30T08:00:00", "2026-11-30T09:00:00"} {
		_, err := wc.Create(ctx, anna, "D-1001", "", createReq(at, "Anna"))
		if i < 2 && err != nil {
			t.Fatalf("booking %d: %v", i+1, err)
		}
		if i == 2 && !errs.Is(err, errs.RateLimited) {
			t.Errorf("third booking in an hour: %v", err)
		}
	}
}
