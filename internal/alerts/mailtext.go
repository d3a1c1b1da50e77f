package alerts

import (
	"bytes"
	"html/template"
	"math"
	"net/url"
	"strconv"
	"strings"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/linktoken"
	"forecourt/internal/mail"
)

// defaultTexts are used for keys a dictionary lacks (English).
var defaultTexts = map[string]string{
	"alertsConfirmSubject": "Confirm your saved search",
	"alertsConfirmIntro":   "You asked us to watch the search {search} on {site}. Confirm it and we will e-mail you when matching cars arrive or drop in price.",
	"alertsConfirmAction":  "Confirm the saved search",
	"alertsConfirmIgnore":  "If this was not you, ignore this e-mail: without a confirmation we send nothing more.",
	"alertsDigestSubject":  "New for your search: {search}",
	"alertsDigestIntro":    "News for your saved search {search} since the last e-mail:",
	"alertsNewCars":        "New cars",
	"alertsPriceDrops":     "Lower prices",
	"alertsWas":            "was {price}",
	"alertsShowAll":        "See every car of the search",
	"alertsUnsubscribe":    "Unsubscribe from this search",
	"alertsManage":         "Manage your saved searches",
	"alertsFooter":         "You get this e-mail because you saved a search on {site}.",
	"alertsAllCars":        "All cars",
}

// text returns key of texts (or the default) with {name} placeholders filled.
func text(texts map[string]string, key string, kv ...string) string {
	t := texts[key]
	if t == "" {
		t = defaultTexts[key]
	}
	for i := 0; i+1 < len(kv); i += 2 {
		t = strings.ReplaceAll(t, "{"+kv[i]+"}", kv[i+1])
	}
	return t
}

// links are the signed addresses every mail of a search carries.
type links struct {
	Unsubscribe string // the page that unsubscribes (one click)
	OneClick    string // RFC 8058 POST target
	Manage      string
}

func managePath(x Search, texts map[string]string) string {
	if p := texts["pathToSavedSearches"]; strings.HasPrefix(p, "/") {
		return p
	}
	return x.ListPath
}

func mailLinks(x Search, texts map[string]string, tk *linktoken.Signer, now time.Time) (links, error) {
	unsub, err := tk.Sign(PurposeUnsubscribe, x.ID, now.Add(UnsubscribeTTL))
	if err != nil {
		return links{}, err
	}
	manage, err := tk.Sign(PurposeManage, manageSubject(x.SiteName, x.Email), now.Add(ManageTTL))
	if err != nil {
		return links{}, err
	}
	unsub, manage = url.QueryEscape(unsub), url.QueryEscape(manage)
	page := x.Origin + managePath(x, texts)
	return links{
		Unsubscribe: page + "?unsubscribe=" + unsub,
		OneClick:    x.Origin + "/api/alerts/unsubscribe?token=" + unsub,
		Manage:      page + "?token=" + manage,
	}, nil
}

// headers are the RFC 8058 one-click unsubscribe headers.
func (l links) headers() map[string]string {
	return map[string]string{
		"List-Unsubscribe":      "<" + l.OneClick + ">",
		"List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
	}
}

func siteDisplay(siteName string) string {
	if st := siteOf(siteName); st != nil && st.Settings.DisplayName != "" {
		return st.Settings.DisplayName
	}
	return siteName
}

var confirmHTML = template.Must(template.New("confirm").Parse(`<!doctype html>
<html lang="{{.Lang}}"><body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1a1a1a">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px"><tr><td style="padding:28px">
<h1 style="font-size:22px;margin:0 0 16px">{{.Subject}}</h1>
<p style="font-size:16px;line-height:1.5">{{.Intro}}</p>
<p style="margin:28px 0"><a href="{{.Confirm}}" style="background:#0b3d91;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold;display:inline-block">{{.Action}}</a></p>
<p style="font-size:14px;color:#555;line-height:1.5">{{.Ignore}}</p>
<p style="font-size:12px;color:#777;margin-top:28px"><a href="{{.Unsubscribe}}" style="color:#555">{{.UnsubscribeText}}</a></p>
</td></tr></table></body></html>`))

// confirmationMail is the double opt-in mail of search x.
func confirmationMail(x Search, texts map[string]string, tk *linktoken.Signer, now time.Time) (mail.Message, error) {
	l, err := mailLinks(x, texts, tk, now)
	if err != nil {
		return mail.Message{}, err
	}
	tok, err := tk.Sign(PurposeConfirm, x.ID, now.Add(ConfirmTTL))
	if err != nil {
		return mail.Message{}, err
	}
	confirm := x.Origin + managePath(x, texts) + "?confirm=" + url.QueryEscape(tok)
	site := siteDisplay(x.SiteName)
	label := mail.OneLine(x.Label)
	d := map[string]string{
		"Lang": x.Lang, "Subject": text(texts, "alertsConfirmSubject"),
		"Intro":  text(texts, "alertsConfirmIntro", "search", "”"+label+"”", "site", site),
		"Action": text(texts, "alertsConfirmAction"), "Confirm": confirm,
		"Ignore": text(texts, "alertsConfirmIgnore"), "Unsubscribe": l.Unsubscribe,
		"UnsubscribeText": text(texts, "alertsUnsubscribe"),
	}
	var h bytes.Buffer
	confirmHTML.Execute(&h, d)
	var t strings.Builder
	t.WriteString(d["Intro"] + "\n\n" + d["Action"] + ":\n" + confirm + "\n\n" + d["Ignore"] + "\n\n" + d["UnsubscribeText"] + ": " + l.Unsubscribe + "\n")
	return mail.Message{To: x.Email, Subject: mail.OneLine(d["Subject"]), Text: t.String(), HTML: h.String(),
		Headers: l.headers(), Kind: "alert-confirm", Ref: MailRef(x.ID)}, nil
}

type digestRow struct {
	Title, Facts, Price, Was, URL, Image string
}

var digestHTML = template.Must(template.New("digest").Parse(`<!doctype html>
<html lang="{{.Lang}}"><body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1a1a1a">
<table role="presentation" width="100%" style="max-width:600px;margin:0 auto;background:#fff;border-radius:8px"><tr><td style="padding:28px">
<h1 style="font-size:22px;margin:0 0 12px">{{.Subject}}</h1>
<p style="font-size:16px;line-height:1.5;margin:0 0 20px">{{.Intro}}</p>
{{range .Sections}}<h2 style="font-size:18px;margin:24px 0 8px;border-bottom:2px solid #0b3d91;padding-bottom:6px">{{.Heading}}</h2>
<table role="presentation" width="100%" style="border-collapse:collapse">{{range .Rows}}
<tr><td style="padding:10px 12px 10px 0;width:160px;vertical-align:top">{{if .Image}}<a href="{{.URL}}"><img src="{{.Image}}" width="160" alt="" style="display:block;border-radius:4px;width:160px;height:auto"></a>{{end}}</td>
<td style="padding:10px 0;vertical-align:top"><a href="{{.URL}}" style="font-size:16px;font-weight:bold;color:#0b3d91;text-decoration:none">{{.Title}}</a>
<div style="font-size:14px;color:#555;margin-top:4px">{{.Facts}}</div>
<div style="font-size:17px;font-weight:bold;margin-top:6px">{{.Price}}{{if .Was}} <span style="font-size:14px;font-weight:normal;color:#777;text-decoration:line-through">{{.Was}}</span>{{end}}</div></td></tr>{{end}}
</table>{{end}}
<p style="margin:28px 0"><a href="{{.ListURL}}" style="background:#0b3d91;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold;display:inline-block">{{.ShowAll}}</a></p>
<p style="font-size:12px;color:#777;line-height:1.6;margin-top:28px">{{.Footer}}<br>
<a href="{{.Manage}}" style="color:#555">{{.ManageText}}</a> · <a href="{{.Unsubscribe}}" style="color:#555">{{.UnsubscribeText}}</a></p>
</td></tr></table></body></html>`))

// digestMail is the digest of search x listing cars.
func digestMail(x Search, cars []DigestCar, texts map[string]string, tk *linktoken.Signer, now time.Time) (mail.Message, error) {
	l, err := mailLinks(x, texts, tk, now)
	if err != nil {
		return mail.Message{}, err
	}
	st := siteOf(x.SiteName)
	currency := ""
	if st != nil {
		currency = st.Currency
	}
	site := siteDisplay(x.SiteName)
	label := mail.OneLine(x.Label)
	type section struct {
		Heading string
		Rows    []digestRow
	}
	var secs []section
	var t strings.Builder
	subject := text(texts, "alertsDigestSubject", "search", label, "count", strconv.Itoa(len(cars)))
	intro := text(texts, "alertsDigestIntro", "search", "”"+label+"”")
	t.WriteString(intro + "\n")
	for _, kind := range []string{KindNew, KindDrop} {
		heading := text(texts, "alertsNewCars")
		if kind == KindDrop {
			heading = text(texts, "alertsPriceDrops")
		}
		var rows []digestRow
		for _, c := range cars {
			if c.Kind != kind {
				continue
			}
			cur := c.Car.CarPriceCurrency
			if cur == "" {
				cur = currency
			}
			r := digestRow{Title: carTitle(&c.Car), Facts: carFacts(&c.Car, texts, x.Lang), Price: FormatPrice(c.Price, cur, x.Lang), URL: c.URL}
			if kind == KindDrop {
				r.Was = FormatPrice(c.OldPrice, cur, x.Lang)
			}
			if len(c.Car.CarImages) > 0 && strings.HasPrefix(c.Car.CarImages[0].Original, "/") {
				r.Image = x.Origin + "/_img?src=" + url.QueryEscape(c.Car.CarImages[0].Original) + "&w=320"
			}
			rows = append(rows, r)
		}
		if len(rows) == 0 {
			continue
		}
		secs = append(secs, section{Heading: heading, Rows: rows})
		t.WriteString("\n" + heading + "\n" + strings.Repeat("=", len([]rune(heading))) + "\n")
		for _, r := range rows {
			t.WriteString("\n" + r.Title + "\n")
			if r.Facts != "" {
				t.WriteString(r.Facts + "\n")
			}
			t.WriteString(r.Price)
			if r.Was != "" {
				t.WriteString(" (" + text(texts, "alertsWas", "price", r.Was) + ")")
			}
			t.WriteString("\n" + r.URL + "\n")
		}
	}
	footer := text(texts, "alertsFooter", "site", site)
	t.WriteString("\n" + text(texts, "alertsShowAll") + ": " + x.ListURL() + "\n\n" + footer + "\n" +
		text(texts, "alertsManage") + ": " + l.Manage + "\n" + text(texts, "alertsUnsubscribe") + ": " + l.Unsubscribe + "\n")
	var h bytes.Buffer
	digestHTML.Execute(&h, map[string]any{
		"Lang": x.Lang, "Subject": subject, "Intro": intro, "Sections": secs,
		"ListURL": x.ListURL(), "ShowAll": text(texts, "alertsShowAll"), "Footer": footer,
		"Manage": l.Manage, "ManageText": text(texts, "alertsManage"),
		"Unsubscribe": l.Unsubscribe, "UnsubscribeText": text(texts, "alertsUnsubscribe"),
	})
	if len([]rune(subject)) > 200 {
		subject = string([]rune(subject)[:199]) + "…"
	}
	return mail.Message{To: x.Email, Subject: mail.OneLine(subject), Text: t.String(), HTML: h.String(),
		Headers: l.headers(), Kind: "alert-digest", Ref: MailRef(x.ID)}, nil
}

func carTitle(c *catalog.Car) string {
	parts := []string{c.CarBrand, c.CarModel, c.CarVersion}
	var out []string
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return mail.OneLine(strings.Join(out, " "))
}

func carFacts(c *catalog.Car, texts map[string]string, lang string) string {
	var f []string
	if c.CarYear > 0 {
		f = append(f, strconv.Itoa(c.CarYear))
	}
	if c.CarMileage > 0 {
		unit := texts["mileageUnit"]
		if unit == "" {
			unit = "km"
		}
		f = append(f, group(int64(c.CarMileage), lang)+" "+unit)
	}
	for _, s := range []string{c.CarFuel, c.CarGearbox, c.CarSiteCity} {
		if s = strings.TrimSpace(s); s != "" {
			f = append(f, s)
		}
	}
	return mail.OneLine(strings.Join(f, " · "))
}

// FormatPrice writes a whole amount the way the site's language does:
// "389 900 kr" (sv, nb), "389.900 kr." (da), "£38,990", "38 990 €".
func FormatPrice(v float64, currency, lang string) string {
	n := group(int64(math.Round(v)), lang)
	switch currency {
	case "SEK", "NOK":
		return n + "\u00a0kr"
	case "DKK":
		return n + "\u00a0kr."
	case "GBP":
		return "£" + n
	case "EUR":
		if lang == "en" {
			return "€" + n
		}
		return n + "\u00a0€"
	case "":
		return n
	}
	return n + "\u00a0" + currency
}

// group writes n with thousands separators of lang.
func group(n int64, lang string) string {
	sep := "\u00a0"
	switch lang {
	case "en":
		sep = ","
	case "da":
		sep = "."
	}
	neg := n < 0
	if neg {
		n = -n
	}
	s := strconv.FormatInt(n, 10)
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteString(sep)
		}
		b.WriteRune(r)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}
