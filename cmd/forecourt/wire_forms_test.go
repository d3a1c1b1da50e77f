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

	"forecourt/internal/leads"
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
	f, err := leads.ParseForm([]byte(body), time.Now())
	if err != nil {
		t.Fatal(err)
	}
	to := leads.Recipient{Name: "Bilinköp", Email: "bilinkop@forecourt.se"}
	if _, _, err := leads.NewStore(db).Save(ctx, "group-se", f, to, f.Mail(to, ""), "", time.Now()); err != nil {
		t.Fatal(err)
	}
	err = db.Tx(ctx, func(tx *sql.Tx) error {
		return mail.Queue(ctx, db, tx, mail.Message{To: "per@example.se", Subject: "Tack", Text: "Hej Per", Kind: "booking", Ref: "booking:BK-1"}, time.Now())
	})
	if err != nil {
		t.Fatal(err)
	}
	db.Close()

	var out bytes.Buffer
	if code := run(ctx, []string{"leads", "export", "--email", "per@example.se"}, &out, io.Discard); code != 0 {
		t.Fatalf("export exited %d", code)
	}
	var exp struct {
		Email string
		Data  map[string][]map[string]any
	}
	if err := json.Unmarshal(out.Bytes(), &exp); err != nil {
		t.Fatalf("export is not JSON: %v\n%s", err, out.String())
	}
	if len(exp.Data["leads"]) != 1 || len(exp.Data["mailOutbox"]) != 1 || len(exp.Data["formSubmissions"]) != 0 {
		t.Errorf("export %s", out.String())
	}
	out.Reset()
	if code := run(ctx, []string{"leads", "erase", "--email", "PER@example.se"}, &out, io.Discard); code != 0 {
		t.Fatalf("erase exited %d", code)
	}
	for _, want := range []string{"leads            1", "mailOutbox       1"} {
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
	db.QueryRow(`SELECT (SELECT count(*) FROM leads) + (SELECT count(*) FROM mail_outbox)`).Scan(&n)
	if n != 0 {
		t.Errorf("%d rows of the person left", n)
	}
	if code := run(ctx, []string{"leads", "erase", "--email", "not-an-address"}, io.Discard, io.Discard); code == 0 {
		t.Error("a bad address was accepted")
	}
}
