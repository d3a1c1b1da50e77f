package tirehotel

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"forecourt/internal/store/storetest"
)

// TestMutationsRefuseCrossSite: every POST of the portal refuses a foreign
// or missing Origin, a text/plain or form body and an oversized body, even
// with the customer's session cookie (what a cross-site page gets from the
// browser), and then has booked, mailed, texted and logged out nothing.
func TestMutationsRefuseCrossSite(t *testing.T) {
	a := mustAPI(t, storetest.MustSQLite(t))
	anna := a.signIn(t, "ABC123", "+46701740605")
	var cust Customer
	a.do(t, anna, "GET", "/api/tirehotel/authorization/search?regNo=ABC123", "", &cust)
	count := func(table string) int {
		var n int
		if err := a.db.QueryRow(`SELECT count(*) FROM ` + table).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	tables := []string{"booking_bookings", "tirehotel_bookings", "tirehotel_reviews", "tirehotel_sms_outbox", "tirehotel_challenges", "mail_outbox"}
	before := map[string]int{}
	for _, tb := range tables {
		before[tb] = count(tb)
	}
	create := `{"bookingDate":"2026-11-30T09:00:00","bookingStart":"2026-11-30T09:00:00","regNo":"ABC123","freeText":"",
		"customer":{"firstName":"Anna","lastName":"Lindqvist","email":"victim@example.org","phoneMobile":"0701740605"}}`
	days := `{"startDate":"2026-11-30","endDate":"2026-12-04","regNo":"ABC123"}`
	endpoints := []struct{ name, path, body string }{
		{"login", "/api/tirehotel/authorization/login?encryptedPhoneNumber=" + url.QueryEscape(cust.EncryptedPhoneNumber), ""},
		{"validate", "/api/tirehotel/authorization/validate?authToken=x&otpToken=1234", ""},
		{"logout", "/api/tirehotel/logout", ""},
		{"days", "/api/tirehotel/booking/GetTimeslotDays?workshopIdentifier=D-1001", days},
		{"slots", "/api/tirehotel/booking/GetTimeslots?workshopIdentifier=D-1001", strings.Replace(days, "2026-12-04", "2026-11-30", 1)},
		{"create", "/api/tirehotel/booking/create?departmentIdentifier=D-1001", create},
		{"review", "/api/tirehotel/review/addReview", `{"rating":1,"comment":"x","date":"2026-11-30T12:00:00.000Z","bookingConfirmationId":"WC-X"}`},
	}
	attacks := []struct {
		name   string
		hdr    []string
		pad    int
		status int
		code   string
	}{
		{"foreign Origin", []string{"Origin", "https://evil.example"}, 0, 403, "Forbidden"},
		{"no Origin", []string{"Origin", ""}, 0, 403, "Forbidden"},
		{"text/plain", []string{"Content-Type", "text/plain;charset=UTF-8"}, 0, 415, "UnsupportedMediaType"},
		{"form body", []string{"Content-Type", "application/x-www-form-urlencoded"}, 0, 415, "UnsupportedMediaType"},
		{"oversized", nil, maxBody + 1, 413, "PayloadTooLarge"},
	}
	for _, ep := range endpoints {
		for _, at := range attacks {
			t.Run(ep.name+"/"+at.name, func(t *testing.T) {
				body := ep.body
				if at.pad > 0 {
					body = strings.Repeat(" ", at.pad) + body
				}
				var e apiErr
				hdr := append([]string{"Idempotency-Key", "attack-" + strconv.Itoa(len(body))}, at.hdr...)
				if res := a.do(t, anna, "POST", ep.path, body, &e, hdr...); res.StatusCode != at.status || e.Code != at.code || e.Message == "" {
					t.Errorf("%d %+v, want %d %s", res.StatusCode, e, at.status, at.code)
				}
			})
		}
	}
	for _, tb := range tables {
		if n := count(tb); n != before[tb] {
			t.Errorf("%s: %d rows written by refused requests", tb, n-before[tb])
		}
	}
	if res := a.do(t, anna, "GET", "/api/tirehotel/session", "", nil); res.StatusCode != http.StatusOK {
		t.Errorf("the session did not survive the refused logouts: %d", res.StatusCode)
	}
}

// TestSpoofedForwardedFor: the portal's per-address limits (plate search,
// code requests, code checks) hold for a client on loopback that sends a
// new X-Forwarded-For each time; only the server's CLIENT_IP_HEADER policy
// (httpguard) may name a proxy header.
func TestSpoofedForwardedFor(t *testing.T) {
	a := mustAPI(t, storetest.MustSQLite(t))
	// Only the per-address bound of code requests is under test here.
	a.auth.Policy.CodesPerNumber.N, a.auth.Policy.CodesPerNumberDay.N = 1000, 1000
	var cust Customer
	a.do(t, a.client(), "GET", "/api/tirehotel/authorization/search?regNo=ABC123", "", &cust)
	for _, ep := range []struct {
		name, method, path string
		limit              int
	}{
		{"search", "GET", "/api/tirehotel/authorization/search?regNo=XYZ789", DefaultPolicy.SearchPerClient.N},
		{"login", "POST", "/api/tirehotel/authorization/login?encryptedPhoneNumber=" + url.QueryEscape(cust.EncryptedPhoneNumber), DefaultPolicy.CodesPerClient.N},
		{"validate", "POST", "/api/tirehotel/authorization/validate?authToken=nope&otpToken=1234", DefaultPolicy.ValidatePerClient.N},
	} {
		t.Run(ep.name, func(t *testing.T) {
			limited := false
			for i := 0; i <= ep.limit && !limited; i++ {
				res := a.do(t, a.client(), ep.method, ep.path, "", nil, "X-Forwarded-For", "203.0.113."+strconv.Itoa(i+1))
				limited = res.StatusCode == http.StatusTooManyRequests
			}
			if !limited {
				t.Errorf("%d requests with a new X-Forwarded-For each: never limited (limit %d)", ep.limit+1, ep.limit)
			}
		})
	}
}

// TestCreateHorizon: the wheel change books only within the window its
// calendar offers (today+3 days … today+3 months).
func TestCreateHorizon(t *testing.T) {
	a := mustAPI(t, storetest.MustSQLite(t))
	anna := a.signIn(t, "ABC123", "+46701740605")
	for _, at := range []string{"2029-11-26T09:00:00", "2027-03-01T09:00:00", "2026-11-27T09:00:00"} {
		body := `{"bookingDate":"` + at + `","bookingStart":"` + at + `","regNo":"ABC123","freeText":"",
			"customer":{"firstName":"Anna","lastName":"Lindqvist","email":"anna@example.com","phoneMobile":"0701740605"}}`
		var e apiErr
		if res := a.do(t, anna, "POST", "/api/tirehotel/booking/create?departmentIdentifier=D-1001", body, &e); res.StatusCode != 400 || e.Fields["bookingDate"] == "" {
			t.Errorf("%s: %d %+v, want 400 naming bookingDate", at, res.StatusCode, e)
		}
	}
}

// TestCreateRefusesControlCharacters: a line break in a one-line field of
// the wheel change (it would split lines of invite.ics and the mail) is
// refused with the field named; numbers as people write them are stored
// in E.164 instead of stripped.
func TestCreateRefusesControlCharacters(t *testing.T) {
	a := mustAPI(t, storetest.MustSQLite(t))
	anna := a.signIn(t, "ABC123", "+46701740605")
	body := func(first, last, email, phone string) string {
		b, _ := json.Marshal(CreateRequest{BookingDate: "2026-12-01T09:00:00", RegNo: "ABC123",
			Customer: CustomerBase{FirstName: first, LastName: last, Email: email, PhoneMobile: phone}})
		return strings.Replace(string(b), `"bookingStart":null`, `"bookingStart":"2026-12-01T09:00:00"`, 1)
	}
	for _, tc := range []struct{ name, body, field string }{
		{"first name with CR LF", body("Anna\r\nDESCRIPTION:x", "Lindqvist", "anna@example.com", "0701740605"), "customer.firstName"},
		{"last name with LF", body("Anna", "Lind\nqvist", "anna@example.com", "0701740605"), "customer.lastName"},
		{"last name with U+2029", body("Anna", "Lind\u2029qvist", "anna@example.com", "0701740605"), "customer.lastName"},
		{"e-mail with a control character", body("Anna", "Lindqvist", "anna\x07@example.com", "0701740605"), "customer.email"},
		{"mobile with a line break", body("Anna", "Lindqvist", "anna@example.com", "070\n1740605"), "customer.phoneMobile"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var e apiErr
			if res := a.do(t, anna, "POST", "/api/tirehotel/booking/create?departmentIdentifier=D-1001", tc.body, &e); res.StatusCode != 400 || e.Code != "InvalidInput" || e.Fields[tc.field] == "" {
				t.Errorf("%d %+v, want 400 InvalidInput naming %s", res.StatusCode, e, tc.field)
			}
		})
	}
	var n int
	a.db.QueryRow(`SELECT count(*) FROM booking_bookings`).Scan(&n)
	if n != 0 {
		t.Errorf("%d bookings stored", n)
	}
	var conf Confirmation
	if res := a.do(t, anna, "POST", "/api/tirehotel/booking/create?departmentIdentifier=D-1001", body("Anna", "Lindqvist", "anna@example.com", "+46 (0)70-174 06 05"), &conf); res.StatusCode != 200 || conf.CustomerBase.PhoneMobile != "+46701740605" {
		t.Errorf("create with '+46 (0)70-174 06 05': %d %+v", res.StatusCode, conf.CustomerBase)
	}
}
