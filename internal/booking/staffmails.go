package booking

import (
	"fmt"
	"maps"
	"strings"
	"time"

	"forecourt/internal/mail"
)

// staffTexts are the customer's mails when the workshop moved or cancelled
// a booking, in the site's language. {name}, {id}, {site}, {when}, {was},
// {service}, {reg}, {address}, {phone}, {link}, {reason} are filled in.
var staffTexts = map[string]struct {
	movedSubject, moved, cancelledSubject, cancelled, reason string
	months                                                   [12]string
	when, fullDay                                            string
}{
	"sv": {
		movedSubject: "Ny tid för din bokning {id} – {when}",
		moved: "Hej {name}!\n\n{site} har flyttat din bokning {id} till en ny tid.\n\nNy tid: {when}\nTidigare tid: {was}\nTjänst: {service}\nBil: {reg}\nAdress: {address}\nTelefon: {phone}\n\n" +
			"Kalenderfilen i mejlet flyttar besöket i din kalender.\nPassar tiden inte? Ändra eller avboka här: {link}\n\nVälkommen!\n{site}\n",
		cancelledSubject: "Din bokning {id} är avbokad – {when}",
		cancelled:        "Hej {name}!\n\n{site} har tyvärr avbokat din bokning {id}, {when}.\n{reason}\nVill du boka en ny tid? {link}\nFrågor? Ring oss på {phone}.\n\nVänliga hälsningar\n{site}\n",
		reason:           "Orsak: {reason}\n",
		months:           [12]string{"januari", "februari", "mars", "april", "maj", "juni", "juli", "augusti", "september", "oktober", "november", "december"},
		when:             "{d} {month} {y} kl. {hm}", fullDay: "{d} {month} {y}, lämna bilen före kl. 08:00 (heldag)",
	},
	"en": {
		movedSubject: "New time for your booking {id} – {when}",
		moved: "Hello {name},\n\n{site} has moved your booking {id} to a new time.\n\nNew time: {when}\nPrevious time: {was}\nService: {service}\nCar: {reg}\nAddress: {address}\nPhone: {phone}\n\n" +
			"The calendar file in this e-mail moves the visit in your calendar.\nDoesn't the time suit you? Change or cancel here: {link}\n\nSee you soon,\n{site}\n",
		cancelledSubject: "Your booking {id} has been cancelled – {when}",
		cancelled:        "Hello {name},\n\nWe are sorry: {site} has cancelled your booking {id}, {when}.\n{reason}\nWould you like to book a new time? {link}\nQuestions? Call us on {phone}.\n\nKind regards,\n{site}\n",
		reason:           "Reason: {reason}\n",
		months:           [12]string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"},
		when:             "{d} {month} {y} at {hm}", fullDay: "{d} {month} {y}, drop the car off before 08:00 (full day)",
	},
	"nb": {
		movedSubject: "Ny tid for bestillingen din {id} – {when}",
		moved: "Hei {name}!\n\n{site} har flyttet bestillingen din {id} til en ny tid.\n\nNy tid: {when}\nTidligere tid: {was}\nTjeneste: {service}\nBil: {reg}\nAdresse: {address}\nTelefon: {phone}\n\n" +
			"Kalenderfilen i e-posten flytter besøket i kalenderen din.\nPasser ikke tiden? Endre eller avbestill her: {link}\n\nVelkommen!\n{site}\n",
		cancelledSubject: "Bestillingen din {id} er avbestilt – {when}",
		cancelled:        "Hei {name}!\n\n{site} har dessverre avbestilt bestillingen din {id}, {when}.\n{reason}\nVil du bestille en ny tid? {link}\nSpørsmål? Ring oss på {phone}.\n\nVennlig hilsen\n{site}\n",
		reason:           "Årsak: {reason}\n",
		months:           [12]string{"januar", "februar", "mars", "april", "mai", "juni", "juli", "august", "september", "oktober", "november", "desember"},
		when:             "{d}. {month} {y} kl. {hm}", fullDay: "{d}. {month} {y}, lever bilen før kl. 08:00 (hel dag)",
	},
	"da": {
		movedSubject: "Ny tid til din booking {id} – {when}",
		moved: "Hej {name}!\n\n{site} har flyttet din booking {id} til en ny tid.\n\nNy tid: {when}\nTidligere tid: {was}\nYdelse: {service}\nBil: {reg}\nAdresse: {address}\nTelefon: {phone}\n\n" +
			"Kalenderfilen i mailen flytter besøget i din kalender.\nPasser tiden ikke? Ændr eller aflys her: {link}\n\nVelkommen!\n{site}\n",
		cancelledSubject: "Din booking {id} er aflyst – {when}",
		cancelled:        "Hej {name}!\n\n{site} har desværre aflyst din booking {id}, {when}.\n{reason}\nVil du booke en ny tid? {link}\nSpørgsmål? Ring til os på {phone}.\n\nVenlig hilsen\n{site}\n",
		reason:           "Årsag: {reason}\n",
		months:           [12]string{"januar", "februar", "marts", "april", "maj", "juni", "juli", "august", "september", "oktober", "november", "december"},
		when:             "{d}. {month} {y} kl. {hm}", fullDay: "{d}. {month} {y}, aflever bilen før kl. 08:00 (hel dag)",
	},
	"fi": {
		movedSubject: "Varauksesi {id} uusi aika – {when}",
		moved: "Hei {name}!\n\n{site} on siirtänyt varauksesi {id} uuteen aikaan.\n\nUusi aika: {when}\nAiempi aika: {was}\nPalvelu: {service}\nAuto: {reg}\nOsoite: {address}\nPuhelin: {phone}\n\n" +
			"Sähköpostin kalenteritiedosto siirtää käynnin kalenterissasi.\nEikö aika sovi? Muuta tai peru täällä: {link}\n\nTervetuloa!\n{site}\n",
		cancelledSubject: "Varauksesi {id} on peruttu – {when}",
		cancelled:        "Hei {name}!\n\n{site} on valitettavasti perunut varauksesi {id}, {when}.\n{reason}\nHaluatko varata uuden ajan? {link}\nKysyttävää? Soita meille: {phone}.\n\nYstävällisin terveisin\n{site}\n",
		reason:           "Syy: {reason}\n",
		months:           [12]string{"tammikuuta", "helmikuuta", "maaliskuuta", "huhtikuuta", "toukokuuta", "kesäkuuta", "heinäkuuta", "elokuuta", "syyskuuta", "lokakuuta", "marraskuuta", "joulukuuta"},
		when:             "{d}. {month} {y} klo {hm}", fullDay: "{d}. {month} {y}, tuo auto ennen klo 08.00 (koko päivä)",
	},
	"sk": {
		movedSubject: "Nový termín vašej rezervácie {id} – {when}",
		moved: "Dobrý deň, {name},\n\n{site} presunul vašu rezerváciu {id} na nový termín.\n\nNový termín: {when}\nPôvodný termín: {was}\nSlužba: {service}\nAuto: {reg}\nAdresa: {address}\nTelefón: {phone}\n\n" +
			"Súbor kalendára v e-maile presunie návštevu vo vašom kalendári.\nTermín vám nevyhovuje? Zmeňte ho alebo zrušte tu: {link}\n\nTešíme sa na vás,\n{site}\n",
		cancelledSubject: "Vaša rezervácia {id} bola zrušená – {when}",
		cancelled:        "Dobrý deň, {name},\n\nŽiaľ, {site} zrušil vašu rezerváciu {id}, {when}.\n{reason}\nChcete si rezervovať nový termín? {link}\nOtázky? Zavolajte nám na {phone}.\n\nS pozdravom\n{site}\n",
		reason:           "Dôvod: {reason}\n",
		months:           [12]string{"januára", "februára", "marca", "apríla", "mája", "júna", "júla", "augusta", "septembra", "októbra", "novembra", "decembra"},
		when:             "{d}. {month} {y} o {hm}", fullDay: "{d}. {month} {y}, auto odovzdajte pred 08:00 (celý deň)",
	},
}

// staffText is lang's texts; a language without its own falls back to English.
func staffText(lang string) string {
	if _, ok := staffTexts[lang]; ok {
		return lang
	}
	if lang == "" {
		return "sv"
	}
	return "en"
}

// WhenIn writes b's drop-off in lang ("1 December 2026 at 09:00").
func WhenIn(b Booking, loc *time.Location, lang string) string {
	t := staffTexts[staffText(lang)]
	at := b.Start.In(loc)
	f := t.when
	if b.FullDay {
		f = t.fullDay
	}
	return strings.NewReplacer("{d}", fmt.Sprint(at.Day()), "{month}", t.months[at.Month()-1], "{y}", fmt.Sprint(at.Year()),
		"{hm}", at.Format("15:04")).Replace(f)
}

func fill(s string, vars map[string]string) string {
	pairs := make([]string, 0, 2*len(vars))
	for k, v := range vars {
		pairs = append(pairs, "{"+k+"}", v)
	}
	return strings.NewReplacer(pairs...).Replace(s)
}

// StaffChangeMails is the customer's mail when the workshop moved a
// booking, in the site's language lang, with the updated calendar file
// (same UID, higher SEQUENCE) and the link to the booking's page. Nothing
// when the booking has no e-mail address (erased).
func StaffChangeMails(old, b Booking, w *Workshop, service, manageURL, lang string) ([]mail.Message, error) {
	t := staffTexts[staffText(lang)]
	return staffMail(b, w, service, lang, staffLetter{subject: t.movedSubject, text: t.moved, calendarLink: manageURL,
		vars: map[string]string{"link": manageURL, "was": WhenIn(old, w.Zone, lang), "service": service, "reg": b.Reg, "address": w.Address()}})
}

// StaffCancellationMails is the customer's mail when the workshop cancelled
// a booking, with its reason, a calendar file that removes the event and
// where to book anew (rebookURL), in the site's language lang. Nothing
// when the booking has no e-mail address (erased).
func StaffCancellationMails(b Booking, w *Workshop, service, rebookURL, reason, lang string) ([]mail.Message, error) {
	t := staffTexts[staffText(lang)]
	why := ""
	if reason != "" {
		why = fill(t.reason, map[string]string{"reason": reason})
	}
	return staffMail(b, w, service, lang, staffLetter{subject: t.cancelledSubject, text: t.cancelled,
		vars: map[string]string{"link": rebookURL, "reason": why}})
}

// staffLetter is what one staff mail has of its own: its texts, the link
// its calendar file carries ("" for none) and the values only its texts
// name.
type staffLetter struct {
	subject, text string
	calendarLink  string
	vars          map[string]string
}

// staffMail is the customer's mail l about b: its texts filled with the
// values every staff mail names ({name}, {id}, {site}, {when}, {phone})
// and l's own, b's calendar file attached, replies going to the workshop.
// Nothing when b has no e-mail address (erased).
func staffMail(b Booking, w *Workshop, service, lang string, l staffLetter) ([]mail.Message, error) {
	if b.Customer.Email == "" {
		return nil, nil
	}
	att, err := calendarAttachment(b, w, service, l.calendarLink)
	if err != nil {
		return nil, err
	}
	vars := map[string]string{"name": b.Customer.FirstName, "id": b.ID, "site": w.SiteName, "when": WhenIn(b, w.Zone, lang), "phone": w.Phone}
	maps.Copy(vars, l.vars)
	kind, ref := mailRef(b)
	m := mail.Message{To: b.Customer.Email, Subject: fill(l.subject, vars), Text: fill(l.text, vars), Attachments: att, Kind: kind, Ref: ref}
	if w.Email != "" {
		m.Headers = map[string]string{"Reply-To": w.Email}
	}
	return []mail.Message{m}, nil
}
