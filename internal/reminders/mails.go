package reminders

import (
	"html"
	"strings"

	"forecourt/internal/booking"
	"forecourt/internal/mail"
)

// texts are a reminder mail's words in one language. {name}, {reg},
// {workshop}, {link} and {unsubscribe} are filled in.
type texts struct {
	serviceSubject, serviceBody  string
	winterSubject, summerSubject string
	winterBody, summerBody       string
	why                          string // why the mail came, and how to stop it
	button                       string // the HTML link's text
	// The unsubscribe page (http.go).
	pageTitle, pageAsk, pageConfirm, pageDone, pageBad, tooMany string
}

// dictionary holds the mail texts of the sites' languages; a language
// missing here gets English.
var dictionary = map[string]texts{
	"sv": {
		serviceSubject: "Dags för service av {reg}",
		serviceBody:    "Hej {name}!\n\nNu är det dags för nästa service av {reg}. Förra gången var bilen hos {workshop}.\n\nBoka här – registreringsnummer och ort är redan ifyllda:\n{link}\n",
		winterSubject:  "Dags att boka byte till vinterdäck för {reg}",
		summerSubject:  "Dags att boka byte till sommardäck för {reg}",
		winterBody:     "Hej {name}!\n\nSnart är det dags att byta till vinterdäck. Boka ditt hjulskifte i Däckhotellet hos {workshop} – registreringsnumret är redan ifyllt:\n{link}\n",
		summerBody:     "Hej {name}!\n\nSnart är det dags att byta till sommardäck. Boka ditt hjulskifte i Däckhotellet hos {workshop} – registreringsnumret är redan ifyllt:\n{link}\n",
		why:            "Du får det här mejlet för att du bad om en påminnelse när du bokade. Vill du inte ha fler påminnelser: {unsubscribe}",
		button:         "Boka tid",
		pageTitle:      "Avsluta påminnelsen",
		pageAsk:        "Vill du avsluta påminnelserna om {reg}?",
		pageConfirm:    "Avsluta påminnelsen",
		pageDone:       "Klart. Du får inga fler påminnelser om {reg}.",
		pageBad:        "Länken är ogiltig eller har gått ut.",
		tooMany:        "För många försök. Försök igen om en stund.",
	},
	"en": {
		serviceSubject: "{reg} is due for a service",
		serviceBody:    "Hello {name},\n\nIt is time for the next service of {reg}. Last time the car was at {workshop}.\n\nBook here – the registration number and place are already filled in:\n{link}\n",
		winterSubject:  "Time to book your change to winter tyres for {reg}",
		summerSubject:  "Time to book your change to summer tyres for {reg}",
		winterBody:     "Hello {name},\n\nIt will soon be time to change to winter tyres. Book your wheel change at the tyre hotel of {workshop} – the registration number is already filled in:\n{link}\n",
		summerBody:     "Hello {name},\n\nIt will soon be time to change to summer tyres. Book your wheel change at the tyre hotel of {workshop} – the registration number is already filled in:\n{link}\n",
		why:            "You get this e-mail because you asked for a reminder when you booked. To stop reminders: {unsubscribe}",
		button:         "Book a time",
		pageTitle:      "Stop the reminder",
		pageAsk:        "Do you want to stop the reminders about {reg}?",
		pageConfirm:    "Stop the reminder",
		pageDone:       "Done. You will get no more reminders about {reg}.",
		pageBad:        "The link is not valid or has expired.",
		tooMany:        "Too many attempts. Please try again in a while.",
	},
	"nb": {
		serviceSubject: "Tid for service på {reg}",
		serviceBody:    "Hei {name}!\n\nNå er det tid for neste service på {reg}. Forrige gang var bilen hos {workshop}.\n\nBestill her – registreringsnummer og sted er allerede fylt ut:\n{link}\n",
		winterSubject:  "Tid for å bestille bytte til vinterdekk for {reg}",
		summerSubject:  "Tid for å bestille bytte til sommerdekk for {reg}",
		winterBody:     "Hei {name}!\n\nSnart er det tid for å bytte til vinterdekk. Bestill hjulskift på dekkhotellet hos {workshop} – registreringsnummeret er allerede fylt ut:\n{link}\n",
		summerBody:     "Hei {name}!\n\nSnart er det tid for å bytte til sommerdekk. Bestill hjulskift på dekkhotellet hos {workshop} – registreringsnummeret er allerede fylt ut:\n{link}\n",
		why:            "Du får denne e-posten fordi du ba om en påminnelse da du bestilte. Vil du ikke ha flere påminnelser: {unsubscribe}",
		button:         "Bestill time",
		pageTitle:      "Avslutt påminnelsen",
		pageAsk:        "Vil du avslutte påminnelsene om {reg}?",
		pageConfirm:    "Avslutt påminnelsen",
		pageDone:       "Ferdig. Du får ingen flere påminnelser om {reg}.",
		pageBad:        "Lenken er ugyldig eller har utløpt.",
		tooMany:        "For mange forsøk. Prøv igjen om litt.",
	},
	"da": {
		serviceSubject: "Tid til service af {reg}",
		serviceBody:    "Hej {name}!\n\nNu er det tid til næste service af {reg}. Sidste gang var bilen hos {workshop}.\n\nBestil her – registreringsnummer og sted er allerede udfyldt:\n{link}\n",
		winterSubject:  "Tid til at bestille skift til vinterdæk for {reg}",
		summerSubject:  "Tid til at bestille skift til sommerdæk for {reg}",
		winterBody:     "Hej {name}!\n\nSnart er det tid til at skifte til vinterdæk. Bestil dit hjulskift på dækhotellet hos {workshop} – registreringsnummeret er allerede udfyldt:\n{link}\n",
		summerBody:     "Hej {name}!\n\nSnart er det tid til at skifte til sommerdæk. Bestil dit hjulskift på dækhotellet hos {workshop} – registreringsnummeret er allerede udfyldt:\n{link}\n",
		why:            "Du får denne e-mail, fordi du bad om en påmindelse, da du bestilte. Vil du ikke have flere påmindelser: {unsubscribe}",
		button:         "Bestil tid",
		pageTitle:      "Stop påmindelsen",
		pageAsk:        "Vil du stoppe påmindelserne om {reg}?",
		pageConfirm:    "Stop påmindelsen",
		pageDone:       "Færdig. Du får ikke flere påmindelser om {reg}.",
		pageBad:        "Linket er ugyldigt eller udløbet.",
		tooMany:        "For mange forsøg. Prøv igen om lidt.",
	},
	"fi": {
		serviceSubject: "{reg}: huollon aika",
		serviceBody:    "Hei {name}!\n\nAutosi {reg} seuraava huolto on nyt ajankohtainen. Viimeksi auto oli huollossa: {workshop}.\n\nVaraa aika tästä – rekisterinumero ja paikkakunta on jo täytetty:\n{link}\n",
		winterSubject:  "{reg}: aika varata vaihto talvirenkaisiin",
		summerSubject:  "{reg}: aika varata vaihto kesärenkaisiin",
		winterBody:     "Hei {name}!\n\nPian on aika vaihtaa talvirenkaat. Varaa renkaanvaihto rengashotellista ({workshop}) – rekisterinumero on jo täytetty:\n{link}\n",
		summerBody:     "Hei {name}!\n\nPian on aika vaihtaa kesärenkaat. Varaa renkaanvaihto rengashotellista ({workshop}) – rekisterinumero on jo täytetty:\n{link}\n",
		why:            "Saat tämän viestin, koska pyysit muistutusta varauksen yhteydessä. Jos et halua enää muistutuksia: {unsubscribe}",
		button:         "Varaa aika",
		pageTitle:      "Lopeta muistutus",
		pageAsk:        "Haluatko lopettaa muistutukset ajoneuvosta {reg}?",
		pageConfirm:    "Lopeta muistutus",
		pageDone:       "Valmis. Et saa enää muistutuksia ajoneuvosta {reg}.",
		pageBad:        "Linkki on virheellinen tai vanhentunut.",
		tooMany:        "Liian monta yritystä. Yritä hetken kuluttua uudelleen.",
	},
	"sk": {
		serviceSubject: "Čas na servis vozidla {reg}",
		serviceBody:    "Dobrý deň, {name},\n\nje čas na ďalší servis vozidla {reg}. Naposledy bolo vozidlo v servise {workshop}.\n\nRezervujte si termín tu – evidenčné číslo a miesto sú už vyplnené:\n{link}\n",
		winterSubject:  "Čas objednať prezutie na zimné pneumatiky pre {reg}",
		summerSubject:  "Čas objednať prezutie na letné pneumatiky pre {reg}",
		winterBody:     "Dobrý deň, {name},\n\nčoskoro je čas prezuť na zimné pneumatiky. Objednajte si prezutie v pneuhoteli {workshop} – evidenčné číslo je už vyplnené:\n{link}\n",
		summerBody:     "Dobrý deň, {name},\n\nčoskoro je čas prezuť na letné pneumatiky. Objednajte si prezutie v pneuhoteli {workshop} – evidenčné číslo je už vyplnené:\n{link}\n",
		why:            "Tento e-mail dostávate, pretože ste si pri rezervácii vyžiadali pripomienku. Ak nechcete ďalšie pripomienky: {unsubscribe}",
		button:         "Rezervovať termín",
		pageTitle:      "Zrušiť pripomienku",
		pageAsk:        "Chcete zrušiť pripomienky pre {reg}?",
		pageConfirm:    "Zrušiť pripomienku",
		pageDone:       "Hotovo. Ďalšie pripomienky pre {reg} už nedostanete.",
		pageBad:        "Odkaz je neplatný alebo mu vypršala platnosť.",
		tooMany:        "Príliš veľa pokusov. Skúste to znova o chvíľu.",
	},
}

func textsOf(lang string) texts {
	if t, ok := dictionary[lang]; ok {
		return t
	}
	return dictionary["en"]
}

func fill(s string, vars map[string]string) string {
	for k, v := range vars {
		s = strings.ReplaceAll(s, "{"+k+"}", v)
	}
	return s
}

// Message builds the reminder's mail in its site's language: the link into
// the booking flow, and the one-click unsubscribe of token (RFC 8058:
// List-Unsubscribe with List-Unsubscribe-Post). w may be nil (a workshop
// no longer listed).
func Message(r Reminder, w *booking.Workshop, token string) (mail.Message, error) {
	t := textsOf(r.Lang)
	workshop := ""
	replyTo := ""
	if w != nil {
		workshop = mail.OneLine(w.SiteName)
		replyTo = w.Email
	}
	link := Link(r)
	unsub := UnsubscribeURL(r.Origin, token)
	vars := map[string]string{"name": mail.OneLine(r.FirstName), "reg": r.Reg, "workshop": workshop, "link": link, "unsubscribe": unsub}
	subject, body := t.serviceSubject, t.serviceBody
	if r.Kind == KindSeason {
		subject, body = t.winterSubject, t.winterBody
		if r.Season == Summer {
			subject, body = t.summerSubject, t.summerBody
		}
	}
	text := fill(body, vars) + "\n" + fill(t.why, vars) + "\n"
	hv := map[string]string{}
	for k, v := range vars {
		hv[k] = html.EscapeString(v)
	}
	// The HTML part: the same words, the link as a button-like link.
	var h strings.Builder
	h.WriteString(`<!doctype html><html lang="` + html.EscapeString(r.Lang) + `"><body style="font-family:sans-serif;line-height:1.5">`)
	paras := strings.Split(strings.TrimSpace(fill(body, map[string]string{"name": hv["name"], "reg": hv["reg"], "workshop": hv["workshop"], "link": "\x00"})), "\n\n")
	for _, p := range paras {
		if strings.Contains(p, "\x00") {
			before, _, _ := strings.Cut(p, "\x00")
			h.WriteString("<p>" + strings.ReplaceAll(strings.TrimSpace(before), "\n", "<br>") + "</p>")
			h.WriteString(`<p><a href="` + hv["link"] + `" style="display:inline-block;padding:10px 18px;background:#0b3d91;color:#fff;text-decoration:none;border-radius:4px">` + html.EscapeString(t.button) + `</a></p>`)
			continue
		}
		h.WriteString("<p>" + strings.ReplaceAll(p, "\n", "<br>") + "</p>")
	}
	why := fill(t.why, map[string]string{"unsubscribe": "\x00"})
	before, after, _ := strings.Cut(why, "\x00")
	h.WriteString(`<p style="color:#555;font-size:13px">` + html.EscapeString(before) + `<a href="` + hv["unsubscribe"] + `">` + html.EscapeString(t.pageConfirm) + `</a>` + html.EscapeString(after) + `</p></body></html>`)
	headers := map[string]string{
		"List-Unsubscribe":      "<" + unsub + ">",
		"List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
	}
	if replyTo != "" && mail.ValidAddress(replyTo) {
		headers["Reply-To"] = replyTo
	}
	m := mail.Message{
		To: r.Email, Subject: mail.OneLine(fill(subject, vars)), Text: text, HTML: h.String(),
		Headers: headers, Kind: "reminder", Ref: "reminder:" + r.ID,
	}
	return m, m.Check()
}
