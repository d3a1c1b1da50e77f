package leads_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"forecourt/internal/errs"
	"forecourt/internal/forms/leads"
	"forecourt/internal/mail"
)

func formBody(name string, values map[string]any) []byte {
	b, _ := json.Marshal(map[string]any{"formName": name, "formSubmissionId": "form-test-0001", "values": values, "ticket": "t", "website": ""})
	return b
}

func fieldsOf(t *testing.T, err error) map[string]string {
	t.Helper()
	if err == nil {
		return nil
	}
	e, ok := err.(*errs.Error)
	if !ok || e.Code != errs.Invalid {
		t.Fatalf("err = %v, want invalid", err)
	}
	return e.Fields
}

var oslo, _ = time.LoadLocation("Europe/Oslo")

// today is 26 November 2026 in Oslo.
var today = time.Date(2026, 11, 26, 10, 0, 0, 0, oslo)

func TestParseSellCar(t *testing.T) {
	base := func() map[string]any {
		return map[string]any{"regno": "abc 123", "milage": "4500", "customerName": "Sara Svensson", "customerPhone": "+46 70 123 45 67",
			"customerEmail": "sara@example.se", "option": "sell", "other": "", "source": "https://forecourt.se/salja-bil"}
	}
	tests := []struct {
		name string
		mod  func(v map[string]any)
		want map[string]string
	}{
		{"valid", nil, nil},
		{"mileage as a number", func(v map[string]any) { v["milage"] = 0 }, nil},
		{"trade-in", func(v map[string]any) { v["option"] = "tradeIn" }, nil},
		{"Norwegian plate", func(v map[string]any) { v["regno"] = "EK-12345" }, nil},
		{"no regno", func(v map[string]any) { v["regno"] = " " }, map[string]string{"values.regno": "invalidInput"}},
		{"regno with symbols", func(v map[string]any) { v["regno"] = "AB<12>" }, map[string]string{"values.regno": "invalidInput"}},
		{"regno too long", func(v map[string]any) { v["regno"] = "ABCDEFGHIJK" }, map[string]string{"values.regno": "invalidInput"}},
		{"no mileage", func(v map[string]any) { delete(v, "milage") }, map[string]string{"values.milage": "invalidInput"}},
		{"empty mileage", func(v map[string]any) { v["milage"] = "" }, map[string]string{"values.milage": "invalidInput"}},
		{"negative mileage", func(v map[string]any) { v["milage"] = -1 }, map[string]string{"values.milage": "invalidInput"}},
		{"decimal mileage", func(v map[string]any) { v["milage"] = 12.5 }, map[string]string{"values.milage": "invalidInput"}},
		{"mileage as words", func(v map[string]any) { v["milage"] = "many" }, map[string]string{"values.milage": "invalidInput"}},
		{"huge mileage", func(v map[string]any) { v["milage"] = 2_000_001 }, map[string]string{"values.milage": "invalidInput"}},
		{"name, phone and e-mail empty", func(v map[string]any) { v["customerName"], v["customerPhone"], v["customerEmail"] = "", "", "" },
			map[string]string{"values.customerName": "invalidInput", "values.customerPhone": "invalidInput", "values.customerEmail": "invalidInput"}},
		{"phone with letters", func(v map[string]any) { v["customerPhone"] = "070-CALLME" }, map[string]string{"values.customerPhone": "invalidInput"}},
		{"e-mail without top-level part", func(v map[string]any) { v["customerEmail"] = "sara@example" }, map[string]string{"values.customerEmail": "invalidInput"}},
		{"e-mail with a display name", func(v map[string]any) { v["customerEmail"] = "Sara <sara@example.se>" }, map[string]string{"values.customerEmail": "invalidInput"}},
		{"no option", func(v map[string]any) { v["option"] = "" }, map[string]string{"values.option": "invalidInput"}},
		{"other too long", func(v map[string]any) { v["other"] = strings.Repeat("å", 4001) }, map[string]string{"values.other": "invalidInput"}},
		{"name with a line break", func(v map[string]any) { v["customerName"] = "Sara\nSvensson" }, map[string]string{"values.customerName": "invalidInput"}},
		{"name of the wrong type", func(v map[string]any) { v["customerName"] = 12 }, map[string]string{"values.customerName": "invalidInput"}},
		{"values missing", func(v map[string]any) { clear(v) }, map[string]string{"values.regno": "invalidInput", "values.milage": "invalidInput",
			"values.customerName": "invalidInput", "values.customerPhone": "invalidInput", "values.customerEmail": "invalidInput", "values.option": "invalidInput"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := base()
			if tt.mod != nil {
				tt.mod(v)
			}
			f, err := leads.ParseForm(formBody(leads.FormSellCar, v), today, "SE")
			if d := cmp.Diff(tt.want, fieldsOf(t, err)); d != "" {
				t.Fatalf("fields (-want +got):\n%s", d)
			}
			if err == nil && f.Email != "sara@example.se" {
				t.Errorf("email %q", f.Email)
			}
		})
	}
}

func TestParseServiceRequest(t *testing.T) {
	base := func() map[string]any {
		return map[string]any{"typeCar": "car", "siteId": "301", "services": []any{"Service", "Service eldre biler (5+)"}, "desiredDate": "2026-11-26",
			"regno": "EK12345", "customerName": "Ola Nordmann", "customerPhone": "912 34 567", "customerEmail": "ola@example.no",
			"milage": 0, "description": "", "other": "", "gdpr": true, "newsletter": true}
	}
	tests := []struct {
		name string
		mod  func(v map[string]any)
		want map[string]string
	}{
		{"valid, today", nil, nil},
		{"no services", func(v map[string]any) { v["services"] = []any{} }, nil},
		{"no mileage", func(v map[string]any) { delete(v, "milage") }, nil},
		{"empty mileage", func(v map[string]any) { v["milage"] = "" }, nil},
		{"motorbike", func(v map[string]any) {
			v["typeCar"], v["siteId"], v["services"] = "motorbike", "", []any{"Bestille service", "Annet"}
		}, nil},
		{"a year ahead", func(v map[string]any) { v["desiredDate"] = "2027-11-26" }, nil},
		{"yesterday", func(v map[string]any) { v["desiredDate"] = "2026-11-25" }, map[string]string{"values.desiredDate": "invalidInput"}},
		{"more than a year ahead", func(v map[string]any) { v["desiredDate"] = "2027-11-27" }, map[string]string{"values.desiredDate": "invalidInput"}},
		{"no date", func(v map[string]any) { v["desiredDate"] = "" }, map[string]string{"values.desiredDate": "invalidInput"}},
		{"date in another format", func(v map[string]any) { v["desiredDate"] = "01.12.2026" }, map[string]string{"values.desiredDate": "invalidInput"}},
		{"no dealer", func(v map[string]any) { v["siteId"] = "" }, map[string]string{"values.siteId": "invalidInput"}},
		{"unknown vehicle type", func(v map[string]any) { v["typeCar"] = "boat" }, map[string]string{"values.typeCar": "invalidInput"}},
		{"unknown service", func(v map[string]any) { v["services"] = []any{"Oil"} }, map[string]string{"values.services": "invalidInput"}},
		{"a service twice", func(v map[string]any) { v["services"] = []any{"Service", "Service"} }, map[string]string{"values.services": "invalidInput"}},
		{"motorbike service for a car", func(v map[string]any) { v["services"] = []any{"Bestille deler"} }, map[string]string{"values.services": "invalidInput"}},
		{"negative kilometres", func(v map[string]any) { v["milage"] = "-10" }, map[string]string{"values.milage": "invalidInput"}},
		{"no regno", func(v map[string]any) { v["regno"] = "" }, map[string]string{"values.regno": "invalidInput"}},
		{"no consent", func(v map[string]any) { v["gdpr"] = false }, map[string]string{"values.gdpr": "invalidInput"}},
		{"contact missing", func(v map[string]any) { v["customerName"], v["customerPhone"], v["customerEmail"] = "", "1", "x" },
			map[string]string{"values.customerName": "invalidInput", "values.customerPhone": "invalidInput", "values.customerEmail": "invalidInput"}},
		{"description too long", func(v map[string]any) { v["description"] = strings.Repeat("x", 4001) }, map[string]string{"values.description": "invalidInput"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := base()
			if tt.mod != nil {
				tt.mod(v)
			}
			_, err := leads.ParseForm(formBody(leads.FormServiceRequest, v), today, "NO")
			if d := cmp.Diff(tt.want, fieldsOf(t, err)); d != "" {
				t.Fatalf("fields (-want +got):\n%s", d)
			}
		})
	}
}

func TestParseEnvelope(t *testing.T) {
	tests := []struct {
		name string
		body string
		want map[string]string
	}{
		{"unknown form", `{"formName":"lottery","formSubmissionId":"abcdefgh1","values":{}}`, map[string]string{"formName": "invalidInput"}},
		{"short submission id", `{"formName":"sellCar","formSubmissionId":"abc","values":{"regno":"ABC123","milage":1,"customerName":"A","customerPhone":"0701234567","customerEmail":"a@b.se","option":"sell"}}`,
			map[string]string{"formSubmissionId": "invalidInput"}},
		{"values not an object", `{"formName":"sellCar","formSubmissionId":"abcdefgh1","values":"x"}`, map[string]string{"values": "invalidInput"}},
		{"values null", `{"formName":"sellCar","formSubmissionId":"abcdefgh1","values":null}`, map[string]string{"values": "invalidInput"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := leads.ParseForm([]byte(tt.body), today, "SE")
			if d := cmp.Diff(tt.want, fieldsOf(t, err)); d != "" {
				t.Fatalf("fields (-want +got):\n%s", d)
			}
		})
	}
	for _, body := range []string{``, `{`, `nope`, `{"formName": 1}`, `{} []`} {
		_, err := leads.ParseForm([]byte(body), today, "SE")
		if e, ok := err.(*errs.Error); !ok || e.Code != errs.Invalid || e.Message != leads.ErrMalformed || len(e.Fields) != 0 {
			t.Errorf("%q: %v, want malformed", body, err)
		}
	}
}

func TestHoneypotAndTicketAreRead(t *testing.T) {
	b, _ := json.Marshal(map[string]any{"formName": "carDetailContact", "formSubmissionId": "sub-0000000001", "ticket": " t1 ", "website": "spam",
		"values": map[string]any{"car": "1", "name": "A", "phone": "0701234567", "email": "a@b.se"}})
	f, err := leads.ParseForm(b, today, "SE")
	if err != nil {
		t.Fatal(err)
	}
	if !f.Honeypot || f.Ticket != "t1" || f.CarID != 1 {
		t.Errorf("form %+v", f)
	}
}

func TestTextRules(t *testing.T) {
	for s, want := range map[string]bool{"Anna": true, "Anna Åberg-Øst": true, "": true, "a\nb": false, "a\rb": false, "a\tb": false,
		"a\u2028b": false, "a\u0085b": false, "a\x00b": false, "a\x7fb": false, "\xff": false} {
		if got := mail.IsOneLine(s); got != want {
			t.Errorf("OneLine(%q) = %v", s, got)
		}
	}
	for in, want := range map[string]string{"a\r\nBcc: x": "a Bcc: x", "  a \t b  ": "a b", "a\u2029b": "a b"} {
		if got := leads.Flatten(in); got != want {
			t.Errorf("Flatten(%q) = %q, want %q", in, got, want)
		}
	}
	if got, want := leads.Quote("Hej\r\nE-mail: x@y.se\rSubject: z"), "  Hej\r\n  E-mail: x@y.se\r\n  Subject: z"; got != want {
		t.Errorf("Quote = %q, want %q", got, want)
	}
	if got := leads.CleanMultiline(" a\x00b\u2028c\r\n "); got != "ab\nc" {
		t.Errorf("CleanMultiline = %q", got)
	}
	for in, want := range map[string]string{"abc 123": "ABC123", "ek-12345": "EK12345", "ÅÄÖ 12": "ÅÄÖ12"} {
		if got, ok := leads.NormalizeRegno(in); !ok || got != want {
			t.Errorf("NormalizeRegno(%q) = %q, %v", in, got, ok)
		}
	}
	for _, e := range []string{"a@b.se", "first.last+tag@sub.example.co.uk"} {
		if !leads.ValidEmail(e) {
			t.Errorf("ValidEmail(%q) = false", e)
		}
	}
	for _, e := range []string{"a@b", "a@b.c", "a b@c.se", "a@b.se\r\nBcc: c@d.se", "<a@b.se>", "a@b.se,c@d.se", "\"a\"@b.se"} {
		if leads.ValidEmail(e) {
			t.Errorf("ValidEmail(%q) = true", e)
		}
	}
}
