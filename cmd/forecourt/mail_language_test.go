package main

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"forecourt/internal/booking"
	"forecourt/internal/formbuilder"
	"forecourt/internal/leads"
	"forecourt/internal/mail"
	"forecourt/internal/reminders"
	"forecourt/internal/site"
	"forecourt/internal/vehicles"
)

// englishWords are words of the English mail texts; none may appear in a
// subject, or as a label, of a mail to a Swedish or Norwegian site.
var englishWords = regexp.MustCompile(`\b(Lead|Trade in|Sell the car|Service request|request|is due|Time to|Booking|Cancelled|answer|Reminder|Wants|Name|Phone|Reference|Mileage|Registration number|Message|Sent from|yes|no)\b`)

// englishLabel finds an English "Label: value" line in a body.
var englishLabel = regexp.MustCompile(`(?m)^\s*(Name|Phone|E-mail|Reference|Request|Wants to|Wants a quote|Wants a test drive|Registration number|Mileage|Sent from|Message|Other|Vehicle|Dealer|Services|Desired date|Description)\s*:`)

// TestMailsInTheSiteLanguage renders every mail the product sends to or for
// a Swedish and a Norwegian site (lead forms, form builder, reminders, and
// on group-se, whose workshops take bookings, the booking and wheel-change
// mails) and checks that none has an English subject or English labels
// (21.10: 'Trade in the car: …' went to Swedish dealers).
func TestMailsInTheSiteLanguage(t *testing.T) {
	sites, err := site.New(site.All(), "group-se")
	if err != nil {
		t.Fatal(err)
	}
	dealer := leads.Recipient{Name: "Bilhallen", Email: "dealer@example.se"}
	for _, name := range []string{"group-se", "group-no"} {
		st, err := sites.ByName(name)
		if err != nil {
			t.Fatal(err)
		}
		lang := st.DefaultLanguage()
		var msgs []mail.Message
		forms := map[string]string{
			"car lead": `{"formName":"carDetailContact","formSubmissionId":"mail-lang-0001","values":{"car":"1000123","name":"Anna Berg","phone":"070-123 45 67","email":"anna@example.se","message":"Hej","quote":true}}`,
			"sell":     `{"formName":"sellCar","formSubmissionId":"mail-lang-0002","values":{"regno":"ABC123","milage":"4500","customerName":"Anna Berg","customerPhone":"070-123 45 67","customerEmail":"anna@example.se","option":"tradeIn","other":"Vinterdäck"}}`,
			"service":  `{"formName":"serviceRequestNo","formSubmissionId":"mail-lang-0003","values":{"typeCar":"car","siteId":"301","services":["Service"],"desiredDate":"2026-12-01","regno":"EK12345","customerName":"Ola Nordmann","customerPhone":"912 34 567","customerEmail":"ola@example.no","gdpr":true,"newsletter":false}}`,
		}
		for kind, body := range forms {
			country := st.Country
			if kind == "service" {
				country = "NO" // the Norwegian form: Norwegian numbers
			} else if name == "group-no" {
				body = strings.ReplaceAll(body, "070-123 45 67", "912 34 567")
			}
			f, err := leads.ParseForm([]byte(body), time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC), country)
			if err != nil {
				t.Fatalf("%s %s: %v", name, kind, err)
			}
			text := f.Mail(dealer, "Volvo XC60 2024", lang)
			msgs = append(msgs, mail.Message{Subject: text.Subject, Text: text.Body, Kind: kind})
		}
		fb := formbuilder.MailOf(formbuilder.Submission{Site: name, Lang: lang, SubmissionID: "mail-lang-0004",
			Def: &formbuilder.Definition{ID: "kontakt", Title: "Kontakt", Recipient: "dealer@example.se"}})
		fb.Kind = "form builder"
		msgs = append(msgs, fb)
		for _, r := range []reminders.Reminder{
			{ID: "R1", Kind: reminders.KindService, Lang: lang, Reg: "ABC123", Email: "anna@example.se", FirstName: "Anna", Origin: "https://" + st.Hosts[0]},
			{ID: "R2", Kind: reminders.KindSeason, Season: reminders.Summer, Lang: lang, Reg: "ABC123", Email: "anna@example.se", FirstName: "Anna", Origin: "https://" + st.Hosts[0]},
		} {
			m, err := reminders.Message(r, nil, "token")
			if err != nil {
				t.Fatal(err)
			}
			m.Kind = "reminder " + r.Kind
			msgs = append(msgs, m)
		}
		if name == "group-se" {
			zone, _ := time.LoadLocation("Europe/Stockholm")
			w := &booking.Workshop{DepartmentID: "D-1", SiteName: "Bilhallen Uppsala", Email: "verkstad@example.se", Zone: zone, ZoneName: "Europe/Stockholm"}
			b := booking.Booking{ID: "BK-1", DepartmentID: "D-1", Start: time.Date(2026, 12, 1, 9, 0, 0, 0, zone), Zone: "Europe/Stockholm", Status: "booked",
				Customer: booking.Customer{FirstName: "Anna", LastName: "Berg", Phone: "+46701234567", Email: "anna@example.se"}, Reg: "ABC123",
				Items: []booking.Item{{Code: "originalservice", Name: "Service", Units: 1, Price: 4295, PriceKnown: true}}, CancelToken: "t"}
			conf, err := booking.ConfirmationMails(b, w, vehicles.Vehicle{Reg: "ABC123", Brand: "Volvo", Model: "XC60"}, "https://forecourt.se")
			if err != nil {
				t.Fatal(err)
			}
			canc, err := booking.CancellationMails(b, w, booking.VisitName, "https://forecourt.se/boka-service")
			if err != nil {
				t.Fatal(err)
			}
			msgs = append(append(msgs, conf...), canc...)
		}
		for _, m := range msgs {
			if m.Subject == "" {
				t.Errorf("%s %s: no subject", name, m.Kind)
			}
			if w := englishWords.FindString(m.Subject); w != "" {
				t.Errorf("%s %s: English subject %q (%q)", name, m.Kind, m.Subject, w)
			}
			if l := englishLabel.FindString(m.Text); l != "" {
				t.Errorf("%s %s: English label %q in\n%s", name, m.Kind, strings.TrimSpace(l), m.Text)
			}
		}
	}
}
