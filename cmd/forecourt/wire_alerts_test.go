package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"

	"forecourt/internal/alerts"
	"forecourt/internal/mail"
	"forecourt/internal/store"
)

// TestLeadsCommandCoversSavedSearches: `forecourt leads export|erase`
// includes the saved searches of an address and erases their mails.
func TestLeadsCommandCoversSavedSearches(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	t.Setenv("DATA_DIR", dir)
	t.Setenv("DATABASE_URL", "")
	t.Setenv("LOG_LEVEL", "error")
	db, err := store.Open(ctx, dir, "")
	if err != nil {
		t.Fatal(err)
	}
	tokens, err := alerts.NewTokens([]byte("a test secret of sixteen+"))
	if err != nil {
		t.Fatal(err)
	}
	svc := &alerts.Service{DB: db, Tokens: tokens}
	x := alerts.Search{ID: "s1", SiteName: "group-se", Lang: "sv", Origin: "https://forecourt.se", ListPath: "/bilar",
		Email: "eva@example.se", Query: "car_fuel=El", Label: "El", Frequency: alerts.Daily, CreatedAt: time.Now()}
	if _, err := svc.Subscribe(ctx, alerts.Pending{Search: x, Mail: true}, ""); err != nil {
		t.Fatal(err)
	}
	db.Close()

	var out bytes.Buffer
	if code := run(ctx, []string{"leads", "export", "--email", "Eva@Example.se"}, &out, io.Discard); code != 0 {
		t.Fatalf("export exited %d", code)
	}
	var exp struct{ Data map[string][]map[string]any }
	if err := json.Unmarshal(out.Bytes(), &exp); err != nil {
		t.Fatal(err)
	}
	if s := exp.Data["savedSearches"]; len(s) != 1 || s[0]["query"] != "car_fuel=El" || len(exp.Data["mailOutbox"]) != 1 {
		t.Fatalf("export: %s", out.String())
	}
	out.Reset()
	if code := run(ctx, []string{"leads", "erase", "--email", "eva@example.se"}, &out, io.Discard); code != 0 {
		t.Fatalf("erase exited %d", code)
	}
	if !strings.Contains(out.String(), "savedSearches    1") {
		t.Fatalf("erase said %q", out.String())
	}
	db, err = store.Open(ctx, dir, "")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if m, _ := mail.ExportRecipient(ctx, db, "eva@example.se"); len(m) != 0 {
		t.Fatalf("%d mails left", len(m))
	}
}
