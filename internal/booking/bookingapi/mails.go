package bookingapi

import (
	"fmt"
	"strings"
	"time"

	"forecourt/internal/booking"
	"forecourt/internal/mail"
	"forecourt/internal/vehicles"
)

var (
	weekdaysSV = []string{"söndag", "måndag", "tisdag", "onsdag", "torsdag", "fredag", "lördag"}
	monthsSV   = []string{"", "januari", "februari", "mars", "april", "maj", "juni", "juli", "augusti", "september", "oktober", "november", "december"}
)

// whenSV writes the drop-off in Swedish: "måndag 30 november 2026 kl. 10:00",
// or for a full day "måndag 30 november 2026, lämna bilen före kl. 08:00".
func whenSV(b booking.Booking, loc *time.Location) string {
	t := b.Start.In(loc)
	day := fmt.Sprintf("%s %d %s %d", weekdaysSV[t.Weekday()], t.Day(), monthsSV[t.Month()], t.Year())
	if b.FullDay {
		return day + ", lämna bilen före kl. 08:00 (heldag)"
	}
	return day + " kl. " + t.Format("15:04")
}

// kronor writes an amount the Swedish way: "4 295 kr".
func kronor(v float64) string {
	s := fmt.Sprintf("%d", int64(v+0.5))
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteRune(' ')
		}
		b.WriteRune(r)
	}
	return b.String() + " kr"
}

func itemLines(b booking.Booking) (string, bool) {
	var sb strings.Builder
	unknown := false
	for _, it := range b.Items {
		price := "Pris saknas*"
		if it.PriceKnown {
			price = kronor(it.Price * float64(max(it.Units, 1)))
			if it.Units > 1 {
				price = fmt.Sprintf("%d × %s = %s", it.Units, kronor(it.Price), price)
			}
			if it.Discount > 0 {
				price += fmt.Sprintf(" (serviceavtal: −%s)", kronor(it.Discount*float64(max(it.Units, 1))))
			}
		} else {
			unknown = true
		}
		fmt.Fprintf(&sb, "- %s: %s\n", it.Name, price)
		if it.UserInput != "" {
			fmt.Fprintf(&sb, "  Meddelande: %s\n", it.UserInput)
		}
	}
	return sb.String(), unknown
}

// ConfirmationMails are the customer's confirmation (with invite.ics and
// the cancel link) and the workshop's copy of a new booking.
func ConfirmationMails(b booking.Booking, w *booking.Workshop, v vehicles.Vehicle, origin string) ([]mail.Message, error) {
	cancelURL := origin + CancelPath(b)
	when := whenSV(b, w.Zone)
	items, unknown := itemLines(b)
	car := strings.TrimSpace(v.Brand + " " + v.Model)
	ics, err := booking.CalendarFile(b, w, booking.Invite{
		Summary:     fmt.Sprintf("Verkstadsbesök: %s %s", car, b.Reg),
		Description: fmt.Sprintf("Bokning %s hos %s.\nAvboka: %s", b.ID, w.SiteName, cancelURL),
		URL:         cancelURL, Organizer: w.Email, Attendee: b.Customer.Email,
	})
	if err != nil {
		return nil, err
	}
	var t strings.Builder
	fmt.Fprintf(&t, "Hej %s!\n\nTack för din bokning. Här är en sammanfattning.\n\n", b.Customer.FirstName)
	fmt.Fprintf(&t, "Bokningsnummer: %s\nBil: %s, %s\nTid: %s\nVerkstad: %s\nAdress: %s\nTelefon: %s\nE-post: %s\n\n",
		b.ID, car, b.Reg, when, w.SiteName, w.Address(), w.Phone, w.Email)
	fmt.Fprintf(&t, "Tjänster:\n%s", items)
	if b.FreeText != "" {
		fmt.Fprintf(&t, "\nDitt meddelande: %s\n", b.FreeText)
	}
	t.WriteString("\nPriserna är medianpriser för din bil hos verkstaden; slutpriset står på fakturan.\n")
	if unknown {
		t.WriteString("* Vissa priser kan inte beräknas förrän din bokning nått vår verkstad.\n")
	}
	if v.HasServiceAgreement {
		t.WriteString("Din bil har serviceavtal, så rabatterade priser gäller.\n")
	}
	fmt.Fprintf(&t, "\nKalenderfilen i mejlet lägger in besöket i din kalender.\nBehöver du avboka? Gör det här: %s\n\nVälkommen!\n%s\n", cancelURL, w.SiteName)
	ref := "booking:" + b.ID
	customer := mail.Message{
		To:          b.Customer.Email,
		Subject:     fmt.Sprintf("Bokningsbekräftelse %s – %s", b.ID, when),
		Text:        t.String(),
		Attachments: []mail.Attachment{{Name: "invite.ics", ContentType: "text/calendar; charset=utf-8; method=REQUEST", Data: ics}},
		Kind:        "booking", Ref: ref,
	}
	if w.Email != "" {
		customer.Headers = map[string]string{"Reply-To": w.Email}
	}
	out := []mail.Message{customer}
	if w.Email != "" {
		var s strings.Builder
		fmt.Fprintf(&s, "Ny bokning via webben.\n\nBokningsnummer: %s\nTid: %s\nBil: %s, %s, årsmodell %d, %d mil\n",
			b.ID, when, car, b.Reg, v.BuildYear, b.Mileage)
		if v.HasServiceAgreement {
			s.WriteString("Serviceavtal: ja\n")
		}
		fmt.Fprintf(&s, "Kund: %s %s\nTelefon: %s\nE-post: %s\n\nTjänster:\n%s", b.Customer.FirstName, b.Customer.LastName,
			b.Customer.Phone, b.Customer.Email, items)
		if b.FreeText != "" {
			fmt.Fprintf(&s, "\nMeddelande från kunden: %s\n", b.FreeText)
		}
		out = append(out, mail.Message{
			To: w.Email, Subject: fmt.Sprintf("Ny bokning %s: %s %s", b.ID, b.Reg, when), Text: s.String(),
			Headers:     map[string]string{"Reply-To": b.Customer.Email},
			Attachments: []mail.Attachment{{Name: "invite.ics", ContentType: "text/calendar; charset=utf-8; method=REQUEST", Data: ics}},
			Kind:        "booking", Ref: ref,
		})
	}
	return out, nil
}

// CancellationMails tell the customer and the workshop that a booking was
// cancelled, with a calendar file that removes the event.
func CancellationMails(b booking.Booking, w *booking.Workshop, origin string) ([]mail.Message, error) {
	when := whenSV(b, w.Zone)
	ics, err := booking.CalendarFile(b, w, booking.Invite{Summary: "Avbokat verkstadsbesök " + b.Reg, Organizer: w.Email,
		Attendee: b.Customer.Email, Cancelled: true})
	if err != nil {
		return nil, err
	}
	att := []mail.Attachment{{Name: "cancel.ics", ContentType: "text/calendar; charset=utf-8; method=CANCEL", Data: ics}}
	ref := "booking:" + b.ID
	var out []mail.Message
	if b.Customer.Email != "" { // empty once erased (GDPR)
		out = append(out, mail.Message{
			To: b.Customer.Email, Subject: fmt.Sprintf("Avbokad: %s – %s", b.ID, when),
			Text: fmt.Sprintf("Hej %s!\n\nDin bokning %s hos %s, %s, är avbokad.\n\nVill du boka en ny tid? %s/boka-service\n\nVänliga hälsningar\n%s\n",
				b.Customer.FirstName, b.ID, w.SiteName, when, origin, w.SiteName),
			Attachments: att, Kind: "booking", Ref: ref,
		})
	}
	if w.Email != "" {
		out = append(out, mail.Message{
			To: w.Email, Subject: fmt.Sprintf("Avbokning %s: %s %s", b.ID, b.Reg, when),
			Text:        fmt.Sprintf("Kunden har avbokat %s.\n\nTid: %s\nBil: %s\nKund: %s %s, %s\n", b.ID, when, b.Reg, b.Customer.FirstName, b.Customer.LastName, b.Customer.Phone),
			Attachments: att, Kind: "booking", Ref: ref,
		})
	}
	return out, nil
}
