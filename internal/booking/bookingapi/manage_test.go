package bookingapi_test

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"forecourt/internal/booking"
	"forecourt/internal/booking/bookingapi"
	"forecourt/internal/mail"
	"forecourt/internal/store"
	"forecourt/internal/store/storetest"
)

// managePost calls a booking page endpoint the way the page does.
func managePost(f fixture, path string, body any, hdr ...string) string {
	b, _ := json.Marshal(body)
	h := append([]string{"Content-Type", "application/json", "Origin", "https://forecourt.se"}, hdr...)
	rec := do(f, "POST", path, string(b), h...)
	return fmt.Sprintf("%d %s", rec.Code, rec.Body.String())
}

func tokenOf(t *testing.T, manageURL string) string {
	t.Helper()
	u, err := url.Parse(manageURL)
	if err != nil || u.Path != booking.ManagePath {
		t.Fatalf("manage URL %q", manageURL)
	}
	return u.Query().Get("token")
}

// TestManageMoveAndCancel: the link of a confirmation opens the booking,
// lists times at the same workshop, moves it in one transaction (mails
// with the same UID and a higher SEQUENCE), cancels it, and refuses every
// misuse: another site's page, a body that is not JSON, a tampered or
// expired link, a time in the past or beyond the horizon, a move after
// cancelling.
func TestManageMoveAndCancel(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		w := volvoWorkshop(f)
		rec := do(f, "POST", "/api/mechmate/book", bookBody(w.DepartmentID, "2026-11-30T10:00:00.00", false, interval), "Content-Type", "application/json")
		if rec.Code != 200 {
			t.Fatalf("book: %d %s", rec.Code, rec.Body.String())
		}
		ans := decode[bookingapi.BookAnswer](t, rec)
		tok := tokenOf(t, ans.ManageURL)
		var doc string
		db.QueryRow(`SELECT doc FROM mail_outbox WHERE to_addr = 'anna.lind@example.se'`).Scan(&doc)
		if !strings.Contains(doc, "/boka-service/hantera?token="+url.QueryEscape(tok)) && !strings.Contains(doc, "/boka-service/hantera?token="+tok) {
			t.Errorf("the confirmation lacks the booking page's link")
		}

		got := managePost(f, "/api/bookings/manage", map[string]string{"token": tok})
		var v bookingapi.ManageView
		json.Unmarshal([]byte(got[4:]), &v)
		if !strings.HasPrefix(got, "200 ") || v.ID != ans.ID || !v.CanChange || v.FirstDay != "2026-11-23" || v.LastDay != "2027-02-14" || v.Flow != "service" {
			t.Fatalf("manage: %s", got)
		}
		days := managePost(f, "/api/bookings/manage/days", map[string]string{"token": tok, "from": "2026-12-01", "to": "2026-12-07"})
		if !strings.HasPrefix(days, "200 ") || !strings.Contains(days, `"date":"2026-12-01"`) || !strings.Contains(days, `"10:00"`) {
			t.Fatalf("days: %s", days)
		}

		for _, tc := range []struct {
			name, path string
			body       any
			hdr        []string
			want       string
		}{
			{"another site's page", "/api/bookings/manage", map[string]string{"token": tok}, []string{"Origin", "https://evil.example"}, "403 "},
			{"no Origin", "/api/bookings/manage", map[string]string{"token": tok}, []string{"Origin", ""}, "403 "},
			{"not JSON", "/api/bookings/manage/cancel", map[string]string{"token": tok}, []string{"Content-Type", "text/plain"}, "415 "},
			{"tampered link", "/api/bookings/manage/cancel", map[string]string{"token": tok[:len(tok)-2] + "xx"}, nil, `400 {"errors":{"Error Result":["InvalidInput"]},"message":"Något gick fel, försök igen","fields":{"token":"tokenInvalid"}}`},
			{"another purpose", "/api/bookings/manage/cancel", map[string]string{"token": strings.Replace(tok, "booking-manage", "reminder-unsubscribe", 1)}, nil, "400 "},
			{"unknown field", "/api/bookings/manage", map[string]string{"token": tok, "id": "BK-X"}, nil, "400 "},
			{"a range too long", "/api/bookings/manage/days", map[string]string{"token": tok, "from": "2026-12-01", "to": "2027-01-31"}, nil, "400 "},
			{"into the past", "/api/bookings/manage/move", map[string]string{"token": tok, "timeSlot": "2026-11-20T10:00:00"}, nil, `400 `},
			{"inside the notice", "/api/bookings/manage/move", map[string]string{"token": tok, "timeSlot": "2026-11-23T14:00:00"}, nil, `409 `},
			{"beyond the horizon", "/api/bookings/manage/move", map[string]string{"token": tok, "timeSlot": "2029-11-26T10:00:00"}, nil, `400 `},
			{"not a time", "/api/bookings/manage/move", map[string]string{"token": tok, "timeSlot": "snart"}, nil, `400 `},
		} {
			if got := managePost(f, tc.path, tc.body, tc.hdr...); !strings.HasPrefix(got, tc.want) {
				t.Errorf("%s: %s, want %s…", tc.name, got, tc.want)
			}
		}
		big := managePost(f, "/api/bookings/manage", map[string]string{"token": tok, "from": strings.Repeat("x", 3000)})
		if !strings.HasPrefix(big, "413 ") {
			t.Errorf("a large body: %s", big)
		}

		moved := managePost(f, "/api/bookings/manage/move", map[string]any{"token": tok, "timeSlot": "2026-12-02T09:00:00"})
		json.Unmarshal([]byte(moved[4:]), &v)
		if !strings.HasPrefix(moved, "200 ") || v.TimeSlot != "2026-12-02T09:00:00" || v.Token == "" {
			t.Fatalf("move: %s", moved)
		}
		var subj, mdoc string
		db.QueryRow(`SELECT subject, doc FROM mail_outbox WHERE to_addr = 'anna.lind@example.se' AND subject LIKE 'Ny tid%'`).Scan(&subj, &mdoc)
		var m mail.Message
		json.Unmarshal([]byte(mdoc), &m)
		text := m.Text
		if len(m.Attachments) == 1 {
			text += strings.ReplaceAll(string(m.Attachments[0].Data), "\r\n ", "")
		}
		for _, want := range []string{"UID:" + ans.ID + "@forecourt", "SEQUENCE:1", "METHOD:PUBLISH", "onsdag 2 december 2026 kl. 09:00", "måndag 30 november 2026 kl. 10:00"} {
			if !strings.Contains(text, want) {
				t.Errorf("change mail %q lacks %q", subj, want)
			}
		}
		// The old time is free again for everyone.
		if rec := do(f, "POST", "/api/mechmate/book", bookBody(w.DepartmentID, "2026-11-30T10:00:00.00", false, interval)); rec.Code != 200 {
			t.Errorf("the old time was not freed: %d %s", rec.Code, rec.Body.String())
		}
		cal := do(f, "GET", "/api/bookings/manage/calendar?token="+url.QueryEscape(v.Token), "")
		if cal.Code != 200 || !strings.HasPrefix(cal.Header().Get("Content-Type"), "text/calendar") || !strings.Contains(cal.Body.String(), "SEQUENCE:1\r\n") ||
			!strings.Contains(cal.Header().Get("Content-Disposition"), "attachment") {
			t.Errorf("calendar download: %d %q %s", cal.Code, cal.Header(), cal.Body.String())
		}

		if got := managePost(f, "/api/bookings/manage/cancel", map[string]string{"token": tok}); !strings.Contains(got, `"status":"cancelled"`) {
			t.Fatalf("cancel: %s", got)
		}
		// The link still shows the booking, but it cannot be moved any more.
		if got := managePost(f, "/api/bookings/manage/move", map[string]any{"token": tok, "timeSlot": "2026-12-03T09:00:00"}); !strings.HasPrefix(got, "409 ") || !strings.Contains(got, "BookingCancelled") {
			t.Errorf("move after cancel: %s", got)
		}
		if got := managePost(f, "/api/bookings/manage", map[string]string{"token": tok}); !strings.Contains(got, `"canChange":false`) {
			t.Errorf("view after cancel: %s", got)
		}
		cal = do(f, "GET", "/api/bookings/manage/calendar?token="+url.QueryEscape(tok), "")
		if !strings.Contains(cal.Body.String(), "METHOD:CANCEL") || !strings.Contains(cal.Body.String(), "SEQUENCE:2") {
			t.Errorf("calendar after cancel: %s", cal.Body.String())
		}
		// A link expires two days after the booked time.
		f.api.Links.Now = func() time.Time { return now.AddDate(0, 0, 12) }
		defer func() { f.api.Links.Now = func() time.Time { return now } }()
		if got := managePost(f, "/api/bookings/manage", map[string]string{"token": tok}); !strings.Contains(got, "tokenExpired") {
			t.Errorf("an expired link: %s", got)
		}
	})
}
