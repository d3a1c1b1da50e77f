package leads

import (
	"fmt"
	"strings"

	"forecourt/internal/mail"
)

// ReceiptKind is the outbox kind of the customer's receipts.
const ReceiptKind = "lead-receipt"

// Reference is the short reference a customer quotes for a lead: the
// first eight characters of its formSubmissionId, upper case (the dealer's
// mail names the whole id, which starts with them).
func Reference(submissionID string) string {
	s := strings.ToUpper(strings.ReplaceAll(submissionID, "-", ""))
	if len(s) > 8 {
		s = s[:8]
	}
	return s
}

// receiptTexts are the receipts' texts by language: subject, greeting,
// what was received, what happens next, the reference line and the
// closing. {name}, {regno}, {to}, {ref} and {date} are filled in.
var receiptTexts = map[string]map[string][6]string{
	FormSellCar: {
		"sv": {"Vi har tagit emot din förfrågan om {regno} – referens {ref}", "Hej {name}!", "Tack för din förfrågan om att {what} {regno}.",
			"Så här går det till: en bilinköpare går igenom uppgifterna och hör av sig inom en arbetsdag med ett prisförslag. Förslaget är inte bindande för dig.",
			"Ange referens {ref} om du kontaktar oss.", "Vänliga hälsningar\nForecourt"},
		"en": {"We have received your request about {regno} – reference {ref}", "Hello {name},", "Thank you for your request to {what} {regno}.",
			"What happens next: a car buyer reviews the details and gets back to you within one working day with an offer. The offer does not bind you.",
			"Please quote reference {ref} if you contact us.", "Kind regards\nForecourt"},
		"nb": {"Vi har mottatt forespørselen din om {regno} – referanse {ref}", "Hei {name}!", "Takk for forespørselen om å {what} {regno}.",
			"Slik går det videre: en bilinnkjøper går gjennom opplysningene og tar kontakt innen én arbeidsdag med et pristilbud. Tilbudet er ikke bindende for deg.",
			"Oppgi referanse {ref} hvis du kontakter oss.", "Vennlig hilsen\nForecourt"},
		"da": {"Vi har modtaget din forespørgsel om {regno} – reference {ref}", "Hej {name}!", "Tak for din forespørgsel om at {what} {regno}.",
			"Sådan foregår det: en bilopkøber gennemgår oplysningerne og kontakter dig inden for én arbejdsdag med et tilbud. Tilbuddet er ikke bindende for dig.",
			"Oplys reference {ref}, hvis du kontakter os.", "Venlig hilsen\nForecourt"},
		"fi": {"Olemme vastaanottaneet pyyntösi ({regno}) – viite {ref}", "Hei {name}!", "Kiitos pyynnöstäsi: {what} {regno}.",
			"Mitä seuraavaksi: autonostajamme käy tiedot läpi ja ottaa yhteyttä yhden arkipäivän kuluessa hintatarjouksen kanssa. Tarjous ei sido sinua.",
			"Mainitse viite {ref}, jos otat meihin yhteyttä.", "Ystävällisin terveisin\nForecourt"},
	},
	FormServiceRequest: {
		"nb": {"Vi har mottatt serviceforespørselen din – referanse {ref}", "Hei {name}!", "Takk for din henvendelse! Vi har mottatt forespørselen om {regno} hos {to}, ønsket dato {date}.",
			"Slik går det videre: forhandleren ser på forespørselen og tar kontakt innen én arbeidsdag for å bekrefte tid og pris. Tiden er ikke bestilt før du har fått bekreftelsen.",
			"Oppgi referanse {ref} hvis du kontakter oss.", "Vennlig hilsen\n{to}"},
		"en": {"We have received your service request – reference {ref}", "Hello {name},", "Thank you! We have received your request for {regno} at {to}, preferred date {date}.",
			"What happens next: the dealer reviews the request and contacts you within one working day to confirm the time and price. The time is not booked until you have that confirmation.",
			"Please quote reference {ref} if you contact us.", "Kind regards\n{to}"},
	},
}

// sellWhat is "sell" / "trade in" in each language.
var sellWhat = map[string][2]string{
	"sv": {"sälja", "byta in"}, "en": {"sell", "trade in"}, "nb": {"selge", "bytte inn"}, "da": {"sælge", "bytte"}, "fi": {"myydä", "vaihtaa"},
}

// Receipt is the customer's receipt of a sell / trade-in request or a
// Norwegian service request in lang (the site's language; the form's own
// language when the site's has no texts): what was received, what happens
// next and the reference. ok is false for other forms.
func (f *Form) Receipt(lang string, to Recipient) (mail.Message, bool) {
	var texts map[string][6]string
	var name, email, regno, date, what string
	switch {
	case f.sell != nil:
		texts, name, email, regno = receiptTexts[FormSellCar], f.sell.CustomerName, f.sell.CustomerEmail, f.sell.Regno
	case f.svc != nil:
		texts, name, email, regno, date = receiptTexts[FormServiceRequest], f.svc.CustomerName, f.svc.CustomerEmail, f.svc.Regno, f.svc.DesiredDate
	default:
		return mail.Message{}, false
	}
	t, ok := texts[lang]
	if !ok {
		lang = map[string]string{FormSellCar: "sv", FormServiceRequest: "nb"}[f.Name]
		t = texts[lang]
	}
	if f.sell != nil {
		w := sellWhat[lang]
		what = w[0]
		if f.sell.Option == OptionTradeIn {
			what = w[1]
		}
	}
	ref := Reference(f.SubmissionID)
	fill := strings.NewReplacer("{name}", Flatten(name), "{regno}", regno, "{to}", Flatten(to.Name), "{ref}", ref, "{date}", date, "{what}", what).Replace
	body := fmt.Sprintf("%s\r\n\r\n%s\r\n\r\n%s\r\n\r\n%s\r\n\r\n%s\r\n", fill(t[1]), fill(t[2]), fill(t[3]), fill(t[4]), strings.ReplaceAll(fill(t[5]), "\n", "\r\n"))
	return mail.Message{To: email, Subject: Flatten(fill(t[0])), Text: body, Kind: ReceiptKind, Ref: MailRef(f.SubmissionID)}, true
}
