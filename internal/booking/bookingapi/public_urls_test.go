package bookingapi_test

import (
	"log/slog"
	"strings"
	"testing"

	"forecourt/internal/booking/bookingapi"
	"forecourt/internal/page"
	"forecourt/internal/site"
	"forecourt/internal/store/storetest"
	"forecourt/internal/web"
)

// TestMailLinksHonourPublicURLs: behind a public origin of its own
// (PUBLIC_URLS), a site's booking mails link there, not to the host the
// request came in on nor to PUBLIC_URL (the default site's).
func TestMailLinksHonourPublicURLs(t *testing.T) {
	db := storetest.MustSQLite(t)
	f := newFixture(t, db)
	sites, err := site.New(site.All(), "group-se")
	if err != nil {
		t.Fatal(err)
	}
	s, err := web.New(web.Config{Locales: []string{"sv"}, PublicURL: "https://default.example",
		PublicURLs: map[string]string{"group-se": "https://boka.forecourt.example/"}},
		web.Deps{Sites: sites, Pages: &page.Assembler{}, Store: db, Logger: slog.New(slog.DiscardHandler),
			AssetsDir: assetsDir(t), Routes: f.api.Routes()})
	if err != nil {
		t.Fatal(err)
	}
	f.h = s.Handler()
	w := volvoWorkshop(f)
	rec := do(f, "POST", "/api/mechmate/book", bookBody(w.DepartmentID, "2026-12-03T09:00:00.00", false, interval))
	if rec.Code != 200 {
		t.Fatalf("book: %d %s", rec.Code, rec.Body.String())
	}
	ans := decode[bookingapi.BookAnswer](t, rec)
	var doc string
	if err := f.db.QueryRow(`SELECT doc FROM mail_outbox WHERE ref = 'booking:` + ans.ID + `' AND to_addr = 'anna.lind@example.se'`).Scan(&doc); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(doc, "https://boka.forecourt.example/boka-service/hantera?token=") || strings.Contains(doc, "forecourt.se/boka-service") || strings.Contains(doc, "default.example") {
		t.Errorf("the booking page link does not use the site's PUBLIC_URLS origin:\n%.600s", doc)
	}
}
