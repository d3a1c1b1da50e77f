package booking

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"forecourt/internal/mail"
	"forecourt/internal/vehicles"
)

var (
	weekdaysSV = []string{"söndag", "måndag", "tisdag", "onsdag", "torsdag", "fredag", "lördag"}
	monthsSV   = []string{"", "januari", "februari", "mars", "april", "maj", "juni", "juli", "augusti", "september", "oktober", "november", "december"}
)

// whenSV writes the drop-off in Swedish: "måndag 30 november 2026 kl. 10:00",
// or for a full day "måndag 30 november 2026, lämna bilen före kl. 08:00".
func whenSV(b Booking, loc *time.Location) string {
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

func itemLines(b Booking) (string, bool) {
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

// VisitName names the service booking's visit in calendar files and on its page.
const VisitName = "Verkstadsbesök"

// calendarAttachment is b's calendar file (CalendarFile, the one
// writer) as a mail attachment.
func calendarAttachment(b Booking, w *Workshop, service, manageURL string) ([]mail.Attachment, error) {
	ics, err := CalendarFile(b, w, InviteOf(b, w, service, manageURL))
	if err != nil {
		return nil, err
	}
	name := "invite.ics"
	if b.Status == StatusCancelled {
		name = "cancel.ics"
	}
	return []mail.Attachment{{Name: name, ContentType: CalendarContentType(b.Status == StatusCancelled), Data: ics}}, nil
}

// ConfirmationMails are the customer's confirmation (with invite.ics and
// the link to the booking's page, where the time can be changed or the
// booking cancelled) and the workshop's copy of a new
func ConfirmationMails(b Booking, w *Workshop, v vehicles.Vehicle, manageURL string) ([]mail.Message, error) {
	when := whenSV(b, w.Zone)
	items, unknown := itemLines(b)
	car := strings.TrimSpace(v.Brand + " " + v.Model)
	att, err := calendarAttachment(b, w, VisitName, manageURL)
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
	fmt.Fprintf(&t, "\nKalenderfilen i mejlet lägger in besöket i din kalender.\nBehöver du ändra tid eller avboka? Gör det här: %s\n\nVälkommen!\n%s\n", manageURL, w.SiteName)
	ref := "booking:" + b.ID
	customer := mail.Message{
		To:          b.Customer.Email,
		Subject:     fmt.Sprintf("Bokningsbekräftelse %s – %s", b.ID, when),
		Text:        t.String(),
		Attachments: att,
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
			Attachments: att,
			Kind:        "booking", Ref: ref,
		})
	}
	return out, nil
}

// CancellationMails tell the customer and the workshop that a booking was
// cancelled, with a calendar file that removes the event.
// rebookURL is where the customer books anew (the service booking, or the
// tyre hotel for a wheel change).
func CancellationMails(b Booking, w *Workshop, service, rebookURL string) ([]mail.Message, error) {
	when := whenSV(b, w.Zone)
	att, err := calendarAttachment(b, w, service, "")
	if err != nil {
		return nil, err
	}
	kind, ref := mailRef(b)
	var out []mail.Message
	if b.Customer.Email != "" { // empty once erased (GDPR)
		out = append(out, mail.Message{
			To: b.Customer.Email, Subject: fmt.Sprintf("Avbokad: %s – %s", b.ID, when),
			Text: fmt.Sprintf("Hej %s!\n\nDin bokning %s hos %s, %s, är avbokad.\n\nVill du boka en ny tid? %s\n\nVänliga hälsningar\n%s\n",
				b.Customer.FirstName, b.ID, w.SiteName, when, rebookURL, w.SiteName),
			Attachments: att, Kind: kind, Ref: ref,
		})
	}
	if w.Email != "" {
		out = append(out, mail.Message{
			To: w.Email, Subject: fmt.Sprintf("Avbokning %s: %s %s", b.ID, b.Reg, when),
			Text:        fmt.Sprintf("Kunden har avbokat %s.\n\nTid: %s\nBil: %s\nKund: %s %s, %s\n", b.ID, when, b.Reg, b.Customer.FirstName, b.Customer.LastName, b.Customer.Phone),
			Attachments: att, Kind: kind, Ref: ref,
		})
	}
	return out, nil
}

// ChangeMails tell the customer and the workshop that a booking's time was
// changed, with the updated calendar file (same UID, higher SEQUENCE, so
// the calendar moves the event) and the link to the booking's page.
func ChangeMails(old, b Booking, w *Workshop, service, manageURL string) ([]mail.Message, error) {
	att, err := calendarAttachment(b, w, service, manageURL)
	if err != nil {
		return nil, err
	}
	was, when := whenSV(old, w.Zone), whenSV(b, w.Zone)
	kind, ref := mailRef(b)
	var out []mail.Message
	if b.Customer.Email != "" {
		var t strings.Builder
		fmt.Fprintf(&t, "Hej %s!\n\nDin bokning %s hos %s har fått en ny tid.\n\nNy tid: %s\nTidigare tid: %s\nTjänst: %s\nBil: %s\nAdress: %s\nTelefon: %s\n\n",
			b.Customer.FirstName, b.ID, w.SiteName, when, was, service, b.Reg, w.Address(), w.Phone)
		fmt.Fprintf(&t, "Kalenderfilen i mejlet flyttar besöket i din kalender.\nBehöver du ändra tid igen eller avboka? Gör det här: %s\n\nVälkommen!\n%s\n", manageURL, w.SiteName)
		m := mail.Message{To: b.Customer.Email, Subject: fmt.Sprintf("Ny tid %s – %s", b.ID, when), Text: t.String(),
			Attachments: att, Kind: kind, Ref: ref}
		if w.Email != "" {
			m.Headers = map[string]string{"Reply-To": w.Email}
		}
		out = append(out, m)
	}
	if w.Email != "" {
		out = append(out, mail.Message{
			To: w.Email, Subject: fmt.Sprintf("Ändrad tid %s: %s %s", b.ID, b.Reg, when),
			Text: fmt.Sprintf("Kunden har ändrat tiden för %s (%s).\n\nNy tid: %s\nTidigare tid: %s\nBil: %s\nKund: %s %s, %s\n",
				b.ID, service, when, was, b.Reg, b.Customer.FirstName, b.Customer.LastName, b.Customer.Phone),
			Headers: map[string]string{"Reply-To": b.Customer.Email}, Attachments: att, Kind: kind, Ref: ref,
		})
	}
	return out, nil
}

// queueAll queues msgs in the outbox inside tx, so they exist exactly
// when the change does.
func (e *Engine) queueAll(ctx context.Context, tx *sql.Tx, msgs []mail.Message) error {
	for _, m := range msgs {
		if err := mail.Queue(ctx, e.db, e.Jobs, tx, m, e.Now()); err != nil {
			return err
		}
	}
	return nil
}

// mailRef is the kind and reference of b's mails: the flow's own, so a
// wheel change's mails sit with its confirmation (WC-…).
func mailRef(b Booking) (kind, ref string) {
	if b.Flow == FlowWheelChange {
		return "wheelchange", "wheelchange:WC-" + strings.TrimPrefix(b.ID, "BK-")
	}
	return "booking", "booking:" + b.ID
}
