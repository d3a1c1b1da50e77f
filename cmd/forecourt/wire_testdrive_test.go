package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"forecourt/internal/booking"
	"forecourt/internal/booking/bookingapi"
	"forecourt/internal/booking/bookingsms"
	"forecourt/internal/catalog"
	"forecourt/internal/demo/stock"
	"forecourt/internal/jobs"
	"forecourt/internal/mail"
	"forecourt/internal/ratelimit"
	"forecourt/internal/site"
	"forecourt/internal/store"
	"forecourt/internal/web"
)

// TestTestDriveOfSoldCar goes the whole way a sold car takes: a customer
// books a test drive through the API, the next full import leaves the car
// out of the feed, and the server's sweep cancels the test drive — the
// customer's mail in the site's language with a calendar file that
// removes the event (the same UID), the cancellation text, and no
// reminder text the day before — while the car answers the API's "not
// available" from then on. On SQLite, and on PostgreSQL with
// TEST_DATABASE_URL.
func TestTestDriveOfSoldCar(t *testing.T) {
	if testing.Short() {
		t.Skip("seeds the demo stock")
	}
	t.Run("sqlite", func(t *testing.T) { testDriveOfSoldCar(t, "") })
	if base := os.Getenv("TEST_DATABASE_URL"); base != "" {
		t.Run("postgres", func(t *testing.T) { testDriveOfSoldCar(t, freshSchema(t, base)) })
	}
}

func testDriveOfSoldCar(t *testing.T, dsn string) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	dir := t.TempDir()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	db, err := store.Open(ctx, dir, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	sites, _ := site.New(site.All(), "group-se")
	a := &app{cfg: config{DataDir: dir}, log: log, sites: sites, db: db}
	cars := catalog.NewStore(db)
	if _, err := stock.SeedIfEmpty(ctx, cars, stock.SeedOptions{Scale: 0.05}); err != nil {
		t.Fatal(err)
	}
	deps := testDeps(t, a)
	w := &wiring{app: a, deps: &deps, limiter: ratelimit.New(db)}
	if w.booking, err = startBookingEngine(ctx, a, &deps); err != nil {
		t.Fatal(err)
	}
	if w.jobs, err = jobs.Open(ctx, db, log, jobs.Options{}); err != nil {
		t.Fatal(err)
	}
	if err := wireBooking(ctx, w); err != nil {
		t.Fatal(err)
	}
	if err := w.jobs.Start(ctx); err != nil {
		t.Fatal(err)
	}
	defer w.jobs.Stop(context.Background())
	srv, err := web.New(web.Config{}, deps)
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	defer hs.Close()
	call := func(method, path, body string, out any) int {
		t.Helper()
		req, _ := http.NewRequest(method, hs.URL+path, strings.NewReader(body))
		if method == "POST" {
			req.Header.Set("Origin", hs.URL)
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Idempotency-Key", fmt.Sprintf("sold-car-%d", time.Now().UnixNano()))
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		if out != nil && json.Unmarshal(b, out) != nil {
			t.Fatalf("%s %s: %d %s", method, path, res.StatusCode, b)
		}
		return res.StatusCode
	}

	// A car of a dealer with a sales department, and a time at least two
	// days ahead (so the reminder text is scheduled).
	all, err := cars.Cars(ctx, "group-se")
	if err != nil {
		t.Fatal(err)
	}
	var carID int64
	for _, c := range all {
		if _, err := w.booking.Directory().SalesOf(c.CarSiteID); err == nil {
			carID = c.CarID
			break
		}
	}
	if carID == 0 {
		t.Fatal("no demo car at a dealer with a sales department")
	}
	base := fmt.Sprintf("/api/testdrive/%d", carID)
	var days bookingapi.TestDriveDays
	if st := call("GET", base+"/days", "", &days); st != 200 {
		t.Fatalf("days: %d", st)
	}
	soon := time.Now().AddDate(0, 0, 2).Format("2006-01-02")
	slot := ""
	for _, d := range days.Days {
		if d.Free > 0 && d.Date >= soon {
			var slots bookingapi.TestDriveSlots
			call("GET", base+"/slots?date="+d.Date, "", &slots)
			slot = slots.Slots[0].TimeSlot
			break
		}
	}
	if slot == "" {
		t.Fatalf("no free time two days ahead in %+v", days.Days)
	}
	body := `{"customer": {"firstName": "Sara", "lastName": "Berg", "phone": "070-7654321", "email": "sara.berg@example.se"},
		"timeSlot": "` + slot + `", "language": "sv"}`
	var ans bookingapi.BookAnswer
	if st := call("POST", base+"/book", body, &ans); st != 200 {
		t.Fatalf("book: %d %+v", st, ans)
	}
	if err := w.jobs.Drain(ctx); err != nil {
		t.Fatal(err)
	}
	smsJobs := func() map[string]rivertype.JobState {
		t.Helper()
		res, err := w.jobs.Client.JobList(ctx, river.NewJobListParams().Kinds(bookingsms.Args{}.Kind()).First(100))
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]rivertype.JobState{}
		for _, j := range res.Jobs {
			var a bookingsms.Args
			json.Unmarshal(j.EncodedArgs, &a)
			if a.BookingID == ans.ID {
				out[a.Message] = j.State
			}
		}
		return out
	}
	if got := smsJobs(); got[bookingsms.KindReminder] != rivertype.JobStateScheduled || got["confirm"] != rivertype.JobStateCompleted {
		t.Fatalf("text jobs after booking: %v", got)
	}
	texts := func() int {
		var n int
		db.QueryRowContext(ctx, `SELECT COUNT(*) FROM tirehotel_sms_outbox`).Scan(&n)
		return n
	}
	if n := texts(); n != 1 {
		t.Fatalf("%d texts after booking, want the confirmation", n)
	}

	// The car is sold: the next full feed has every car but this one.
	var feed bytes.Buffer
	enc := json.NewEncoder(&feed)
	for _, c := range all {
		if c.CarID != carID {
			enc.Encode(c)
		}
	}
	rep, err := catalog.Import(ctx, cars, catalog.KindCars, "group-se", &feed, catalog.ImportOptions{Full: true})
	if err != nil || rep.Removed != 1 {
		t.Fatalf("import: %v, %s", err, rep)
	}
	sweepTestDrivesOnce(ctx, a, w.testDrives)

	b, err := w.booking.ByID(ctx, ans.ID)
	if err != nil || b.Status != booking.StatusCancelled || !strings.Contains(b.CancelReason, "såld") {
		t.Fatalf("after the sweep: %s %q %v", b.Status, b.CancelReason, err)
	}
	mails := map[string]mail.Message{}
	rows, err := db.QueryContext(ctx, db.Rebind(`SELECT doc FROM mail_outbox WHERE to_addr = ?`), "sara.berg@example.se")
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var doc string
		var m mail.Message
		rows.Scan(&doc)
		if err := json.Unmarshal([]byte(doc), &m); err != nil {
			t.Fatal(err)
		}
		mails[m.Subject] = m
	}
	rows.Close()
	if len(mails) != 2 {
		t.Fatalf("Sara's mails: %v", mails)
	}
	uid := regexp.MustCompile(`(?m)^UID:.*$`)
	var confirmUID, cancelUID string
	var cancelled mail.Message
	for subject, m := range mails {
		ics := ""
		for _, at := range m.Attachments {
			if strings.HasSuffix(at.Name, ".ics") {
				ics = strings.ReplaceAll(string(at.Data), "\r\n", "\n")
			}
		}
		if strings.Contains(ics, "METHOD:CANCEL") {
			cancelUID, cancelled = uid.FindString(ics), m
			continue
		}
		if !strings.HasPrefix(subject, "Provkörning bokad") {
			t.Errorf("a mail %q", subject)
		}
		confirmUID = uid.FindString(ics)
	}
	if cancelUID == "" || cancelUID != confirmUID {
		t.Errorf("cancellation's %q, confirmation's %q: want the same UID", cancelUID, confirmUID)
	}
	if !strings.Contains(cancelled.Subject, ans.ID) || !strings.Contains(cancelled.Text, "Bilen är såld") || !strings.Contains(cancelled.Text, "Hej Sara") {
		t.Errorf("cancellation (Swedish, with the reason) %q:\n%s", cancelled.Subject, cancelled.Text)
	}

	// The cancellation text goes out; the reminder, when it falls due,
	// sends nothing.
	if err := w.jobs.Drain(ctx); err != nil {
		t.Fatal(err)
	}
	if n := texts(); n != 2 {
		t.Errorf("%d texts after the sweep, want the confirmation and the cancellation", n)
	}
	res, _ := w.jobs.Client.JobList(ctx, river.NewJobListParams().Kinds(bookingsms.Args{}.Kind()).States(rivertype.JobStateScheduled).First(100))
	for _, j := range res.Jobs {
		if _, err := w.jobs.Client.JobRetry(ctx, j.ID); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.jobs.Drain(ctx); err != nil {
		t.Fatal(err)
	}
	if got := smsJobs(); got[bookingsms.KindReminder] != rivertype.JobStateCompleted || got["cancelled"] != rivertype.JobStateCompleted {
		t.Errorf("text jobs after the reminder fell due: %v", got)
	}
	if n := texts(); n != 2 {
		t.Errorf("%d texts after the reminder fell due, want still 2", n)
	}

	// The car can no longer be booked; a second sweep cancels nothing more.
	for _, c := range []struct{ method, path, body string }{{"POST", base + "/book", body}, {"GET", base + "/days", ""}} {
		var e struct {
			Message string
			Errors  map[string][]string
		}
		if st := call(c.method, c.path, c.body, &e); st != 404 || len(e.Errors["Error Result"]) != 1 || e.Errors["Error Result"][0] != "CarNotAvailable" {
			t.Errorf("%s %s of the sold car: %d %+v", c.method, c.path, st, e)
		}
	}
	if n, err := w.testDrives.CancelGone(ctx, "group-se", "https://example.se", "sv"); n != 0 || err != nil {
		t.Errorf("a second sweep: %d, %v", n, err)
	}
}
