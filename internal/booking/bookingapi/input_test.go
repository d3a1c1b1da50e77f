package bookingapi_test

import (
	"strconv"
	"strings"
	"testing"
)

// TestBookRefusesControlCharacters: a line break or another control
// character in a one-line field is refused with the field named, and
// nothing is stored.
func TestBookRefusesControlCharacters(t *testing.T) {
	f := newFixture(t, mustSQLite(t))
	w := volvoWorkshop(f)
	ok := bookBody(w.DepartmentID, "2026-12-08T09:00:00.00", false, interval)
	for _, tc := range []struct{ name, from, to, field string }{
		{"first name with a line break", `"firstName": "Anna"`, `"firstName": "Anna\r\nBcc: x@example.org"`, "customer.firstName"},
		{"last name with a line separator", `"lastName": "Lind"`, `"lastName": "Lind\u2028SUMMARY:x"`, "customer.lastName"},
		{"last name with NUL", `"lastName": "Lind"`, `"lastName": "Li\u0000nd"`, "customer.lastName"},
		{"e-mail with a line break", `"email": "anna.lind@example.se"`, `"email": "anna.lind\n@example.se"`, "customer.email"},
		{"phone with a tab", `"phone": "070-1234567"`, `"phone": "070\t1234567"`, "customer.phone"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			body := strings.Replace(ok, tc.from, tc.to, 1)
			if body == ok {
				t.Fatal("the case changed nothing")
			}
			e := wantError(t, do(f, "POST", "/api/mechmate/book", body), 400, "InvalidInput")
			if e.Fields[tc.field] == "" {
				t.Errorf("no message for %s: %+v", tc.field, e.Fields)
			}
		})
	}
	if n := countRows(t, f, `SELECT count(*) FROM booking_bookings`); n != 0 {
		t.Errorf("%d bookings stored", n)
	}
}

// TestBookNormalisesPhone: numbers as people write them are booked and
// stored in E.164.
func TestBookNormalisesPhone(t *testing.T) {
	f := newFixture(t, mustSQLite(t))
	w := volvoWorkshop(f)
	for i, p := range []string{"070-123 45 67", "+46 (0)70 123 45 67", "0046 70 123 45 67"} {
		slot := "2026-12-" + strconv.Itoa(14+i) + "T09:00:00.00"
		body := strings.Replace(bookBody(w.DepartmentID, slot, false, interval), "070-1234567", p, 1)
		rec := do(f, "POST", "/api/mechmate/book", body)
		if rec.Code != 200 {
			t.Fatalf("%q: %d %s", p, rec.Code, rec.Body.String())
		}
	}
	if n := countRows(t, f, `SELECT count(*) FROM booking_bookings WHERE phone = '+46701234567'`); n != 3 {
		t.Errorf("%d of 3 bookings stored the phone as +46701234567", n)
	}
}
