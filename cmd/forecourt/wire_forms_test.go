package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"

	"forecourt/internal/booking"
	"forecourt/internal/catalog"
	"forecourt/internal/forms/leads"
	"forecourt/internal/mail"
	"forecourt/internal/store"
)

// TestLeadsCommand runs `forecourt leads export|erase` on a data folder with
// one person's lead, its dealer mail and a confirmation mail to the person:
// the export lists them, the erasure leaves nothing of the person.
func TestLeadsCommand(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	t.Setenv("DATA_DIR", dir)
	t.Setenv("DATABASE_URL", "")
	t.Setenv("LOG_LEVEL", "error")
	db, err := store.Open(ctx, dir, "")
	if err != nil {
		t.Fatal(err)
	}
	body := `{"formName":"sellCar","formSubmissionId":"cmd-gdpr-0001","values":{"regno":"ABC123","milage":1,"customerName":"Per Person",
		"customerPhone":"0701234567","customerEmail":"Per@Example.se","option":"sell"}}`
	f, err := leads.ParseForm([]byte(body), time.Now(), "SE")
	if err != nil {
		t.Fatal(err)
	}
	to := leads.Recipient{Name: "Bilinköp", Email: "bilinkop@forecourt.se"}
	if _, _, err := leads.NewStore(db).Save(ctx, "group-se", f, to, f.Mail(to, "", "sv"), "", time.Now()); err != nil {
		t.Fatal(err)
	}
	// A service booking of the same person, with the workshop's copy of
	// its mail (to the workshop, about the person).
	zone, _ := time.LoadLocation("Europe/Stockholm")
	week, devs := booking.ParseSchedule(catalog.OpeningSchedule{Openinghours: []catalog.OpeningDay{{Day: "Måndag–Söndag", DisplayText: "07:00–17:00"}}})
	eng := booking.New(db, booking.NewDirectory([]*booking.Workshop{{
		DepartmentID: "D-9001", SiteID: 9001, Site: "group-se", SiteName: "Forecourt Bil Teststad", DepartmentName: "Verkstad",
		Email: "verkstad@example.se", Brands: []booking.Brand{{Name: "Volvo", Code: "VO"}}, Country: "SE", Zone: zone, ZoneName: "Europe/Stockholm",
		Week: week, Deviations: devs, Capacity: booking.Capacity{Bays: 2, DayMinutes: 1200, FullDayPlaces: 2, Step: 30 * time.Minute, Notice: time.Hour},
	}}))
	day := time.Now().In(zone).AddDate(0, 0, 3)
	bk, err := eng.Book(ctx, booking.Request{Flow: booking.FlowService, DepartmentID: "D-9001", Minutes: 60,
		Start:    time.Date(day.Year(), day.Month(), day.Day(), 10, 0, 0, 0, zone),
		Customer: booking.Customer{FirstName: "Per", LastName: "Person", Phone: "0701234567", Email: "per@example.se"}, Reg: "ABC123",
		Items: []booking.Item{{Code: "originalservice", Name: "Service", Units: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	err = db.Tx(ctx, func(tx *sql.Tx) error {
		if err := mail.Queue(ctx, db, nil, tx, mail.Message{To: "verkstad@example.se", Subject: "Ny bokning", Text: "Per Person, ABC123", Kind: "booking", Ref: "booking:" + bk.ID}, time.Now()); err != nil {
			return err
		}
		return mail.Queue(ctx, db, nil, tx, mail.Message{To: "per@example.se", Subject: "Tack", Text: "Hej Per", Kind: "booking", Ref: "booking:" + bk.ID}, time.Now())
	})
	if err != nil {
		t.Fatal(err)
	}
	db.Close()

	var out bytes.Buffer
	var errOut bytes.Buffer
	if code := run(ctx, []string{"leads", "export", "--email", "per@example.se"}, &out, &errOut); code != 0 {
		t.Log(errOut.String())
		t.Fatalf("export exited %d", code)
	}
	var exp struct {
		Email string
		Data  map[string][]map[string]any
	}
	if err := json.Unmarshal(out.Bytes(), &exp); err != nil {
		t.Fatalf("export is not JSON: %v\n%s", err, out.String())
	}
	// Mails to the person: the booking's and the receipt of the sell request.
	if len(exp.Data["leads"]) != 1 || len(exp.Data["mailOutbox"]) != 2 || len(exp.Data["formSubmissions"]) != 0 || len(exp.Data["bookings"]) != 1 {
		t.Errorf("export %s", out.String())
	}
	out.Reset()
	if code := run(ctx, []string{"leads", "erase", "--email", "PER@example.se"}, &out, io.Discard); code != 0 {
		t.Fatalf("erase exited %d", code)
	}
	for _, want := range []string{"leads            1", "bookings         1"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("erase said %q, want %q", out.String(), want)
		}
	}
	db, err = store.Open(ctx, dir, "")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var n int
	db.QueryRow(`SELECT (SELECT count(*) FROM leads) + (SELECT count(*) FROM mail_outbox) + (SELECT count(*) FROM booking_bookings WHERE email <> '' OR first_name <> '')`).Scan(&n)
	if n != 0 {
		t.Errorf("%d rows of the person left", n)
	}
	if code := run(ctx, []string{"leads", "erase", "--email", "not-an-address"}, io.Discard, io.Discard); code == 0 {
		t.Error("a bad address was accepted")
	}
}
