package bookingapi_test

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"forecourt/internal/booking/bookingapi"
	"forecourt/internal/store"
)

// mustSQLite is a fresh SQLite store for a test that changes state.
func mustSQLite(t *testing.T) *store.DB {
	t.Helper()
	db, err := store.Open(context.Background(), t.TempDir(), "")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// countRows counts rows of a query on the fixture's store.
func countRows(t *testing.T, f fixture, q string, args ...any) int {
	t.Helper()
	var n int
	if err := f.db.QueryRow(f.db.Rebind(q), args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestMutationsRefuseCrossSite: every state-changing call of the service
// booking (book, cancel, and the booking page's reads, moves and cancels)
// refuses a foreign Origin, a missing Origin, a
// text/plain body (what a cross-site page can post without a preflight)
// and an oversized body, and stores, cancels and mails nothing.
func TestMutationsRefuseCrossSite(t *testing.T) {
	f := newFixture(t, mustSQLite(t))
	w := volvoWorkshop(f)
	rec := do(f, "POST", "/api/mechmate/book", bookBody(w.DepartmentID, "2026-12-04T09:00:00.00", false, interval))
	if rec.Code != 200 {
		t.Fatalf("book from the site's own page: %d %s", rec.Code, rec.Body.String())
	}
	victim := decode[bookingapi.BookAnswer](t, rec)
	token := victim.CancelURL[strings.Index(victim.CancelURL, "token=")+len("token="):]
	mails := countRows(t, f, `SELECT count(*) FROM mail_outbox`)

	attack := strings.Replace(bookBody(w.DepartmentID, "2026-12-04T10:00:00.00", false, interval), "anna.lind@example.se", "victim@example.org", 1)
	// The booking page's calls carry the victim's real link, so only the
	// guard can refuse them.
	link := tokenOf(t, victim.ManageURL)
	manage := func(extra string) string { return `{"token":"` + link + `"` + extra + `}` }
	endpoints := []struct{ name, path, body string }{
		{"book", "/api/mechmate/book", attack},
		{"cancel", "/api/mechmate/bookings/" + victim.ID + "/cancel?token=" + token, ""},
		{"manage", "/api/bookings/manage", manage("")},
		{"manage/days", "/api/bookings/manage/days", manage(`,"from":"2026-12-07","to":"2026-12-11"`)},
		{"manage/move", "/api/bookings/manage/move", manage(`,"timeSlot":"2026-12-07T10:00:00"`)},
		{"manage/cancel", "/api/bookings/manage/cancel", manage("")},
	}
	attacks := []struct {
		name   string
		hdr    []string
		pad    int
		status int
		code   string
	}{
		{"foreign Origin", []string{"Origin", "https://evil.example"}, 0, 403, "Forbidden"},
		{"foreign Referer, no Origin", []string{"Origin", "", "Referer", "https://evil.example/page"}, 0, 403, "Forbidden"},
		{"no Origin", []string{"Origin", ""}, 0, 403, "Forbidden"},
		{"text/plain", []string{"Content-Type", "text/plain;charset=UTF-8"}, 0, 415, "UnsupportedMediaType"},
		{"form body", []string{"Content-Type", "application/x-www-form-urlencoded"}, 0, 415, "UnsupportedMediaType"},
		{"oversized", nil, bookingapi.MaxBody + 1, 413, "PayloadTooLarge"},
	}
	for _, ep := range endpoints {
		for _, at := range attacks {
			t.Run(ep.name+"/"+at.name, func(t *testing.T) {
				body := ep.body
				if at.pad > 0 {
					body = strings.Repeat(" ", at.pad) + body
				}
				hdr := append([]string{"Idempotency-Key", "attack-" + strconv.Itoa(len(body))}, at.hdr...)
				wantError(t, do(f, "POST", ep.path, body, hdr...), at.status, at.code)
			})
		}
	}
	if n := countRows(t, f, `SELECT count(*) FROM booking_bookings WHERE email = 'victim@example.org'`); n != 0 {
		t.Errorf("%d bookings stored by refused requests", n)
	}
	if n := countRows(t, f, `SELECT count(*) FROM booking_bookings WHERE id = ? AND status = 'booked'`, victim.ID); n != 1 {
		t.Errorf("the victim's booking was cancelled by a refused request")
	}
	if n := countRows(t, f, `SELECT count(*) FROM booking_bookings WHERE id = ? AND day = '2026-12-04' AND sequence = 0`, victim.ID); n != 1 {
		t.Errorf("the victim's booking was moved by a refused request")
	}
	if n := countRows(t, f, `SELECT count(*) FROM mail_outbox`); n != mails {
		t.Errorf("%d mails queued by refused requests", n-mails)
	}
}

// TestSpoofedForwardedFor: without CLIENT_IP_HEADER a client that sends a
// new X-Forwarded-For with every request is still one client: each
// rate-limited call of the booking answers 429 within its limit.
func TestSpoofedForwardedFor(t *testing.T) {
	f := newFixture(t, mustSQLite(t))
	f.api.BookLimit, f.api.StreamLimit = 5, 5
	for _, ep := range []struct {
		name, method, path, body string
		limit                    int
	}{
		{"car", "GET", "/api/mechmate/car/ABC123", "", 120},
		{"stream", "GET", "/api/mechmate/departments/closestAvailable?regNo=ABC123&serviceOfferings=originalservice&latitude=59.85&longitude=17.64", "", 5},
		{"book", "POST", "/api/mechmate/book", `{}`, 5},
		{"cancel", "POST", "/api/mechmate/bookings/BK-NOPE/cancel?token=x", "", 30},
	} {
		t.Run(ep.name, func(t *testing.T) {
			limited := 0
			for i := 0; i <= ep.limit && limited == 0; i++ {
				rec := do(f, ep.method, ep.path, ep.body, "RemoteAddr", "192.0.2.50:1234",
					"X-Forwarded-For", "203.0.113."+strconv.Itoa(i%250+1), "X-Real-IP", "198.51.100."+strconv.Itoa(i%250+1))
				if rec.Code == http.StatusTooManyRequests {
					limited = i + 1
				}
			}
			if limited == 0 {
				t.Fatalf("%d requests with a new X-Forwarded-For each: never limited (limit %d)", ep.limit+1, ep.limit)
			}
		})
	}
}

// TestBookKeyReusedIsConflict: an Idempotency-Key that comes back with a
// different booking answers 409 (booking-engine.md, as the wheel change),
// and the first booking stays the only one.
func TestBookKeyReusedIsConflict(t *testing.T) {
	f := newFixture(t, mustSQLite(t))
	w := volvoWorkshop(f)
	key := "5b0e9a8c-2f3d-4a1b-9c7e-1d2f3a4b5c6d"
	if rec := do(f, "POST", "/api/mechmate/book", bookBody(w.DepartmentID, "2026-12-07T09:00:00.00", false, interval), "Idempotency-Key", key); rec.Code != 200 {
		t.Fatalf("book: %d %s", rec.Code, rec.Body.String())
	}
	e := wantError(t, do(f, "POST", "/api/mechmate/book", bookBody(w.DepartmentID, "2026-12-07T13:00:00.00", false, interval), "Idempotency-Key", key),
		409, "IdempotencyKeyReused")
	if e.Fields["Idempotency-Key"] == "" {
		t.Errorf("no message for the key: %+v", e)
	}
	if n := countRows(t, f, `SELECT count(*) FROM booking_bookings`); n != 1 {
		t.Errorf("%d bookings, want 1", n)
	}
}

// TestBookHorizon: the booking takes times only within the horizon the
// calendar offers (HorizonWeeks from today), and the calendar offers none
// beyond it.
func TestBookHorizon(t *testing.T) {
	f := newFixture(t, mustSQLite(t))
	w := volvoWorkshop(f)
	// The fixture's today is Monday 23 November 2026: the horizon ends on
	// Sunday 14 February 2027.
	for _, slot := range []string{"2029-11-27T10:00:00.00", "2027-02-15T10:00:00.00"} {
		e := wantError(t, do(f, "POST", "/api/mechmate/book", bookBody(w.DepartmentID, slot, false, interval)), 400, "InvalidInput")
		if e.Fields["timeSlot"] == "" {
			t.Errorf("%s: no message for timeSlot: %+v", slot, e)
		}
	}
	if n := countRows(t, f, `SELECT count(*) FROM booking_bookings`); n != 0 {
		t.Errorf("%d bookings beyond the horizon stored", n)
	}
	if rec := do(f, "POST", "/api/mechmate/book", bookBody(w.DepartmentID, "2027-02-12T10:00:00.00", false, interval)); rec.Code != 200 {
		t.Errorf("the horizon's last week: %d %s", rec.Code, rec.Body.String())
	}
	days := func(date string) []map[string]any {
		return decode[[]map[string]any](t, do(f, "GET", "/api/mechmate/timeslots/from/ABC123/"+w.DepartmentID+"/"+date+"T00:00:00/?serviceOfferings=originalservice", ""))
	}
	if got := days("2029-11-26"); len(got) != 0 {
		t.Errorf("three years ahead the calendar offers %d days", len(got))
	}
	if got := days("2027-02-11"); len(got) != 4 || got[3]["date"] != "2027-02-14" {
		t.Errorf("the horizon's last days: %v", got)
	}
}
