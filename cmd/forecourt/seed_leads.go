package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/leads"
	"forecourt/internal/mail"
)

// demoLead is one lead of the demo inbox: a visitor of a group-se dealer
// site (by slug; "" goes to the site as a whole) asking about one of its
// cars, or selling their own, hours ago.
type demoLead struct {
	dealer  string
	form    string
	ago     time.Duration
	name    string
	phone   string
	email   string
	message string
	quote   bool
	drive   bool
	regno   string
}

// demoLeads fill the sellers' inbox on `make run` (the demo seller
// "saljare" works Stockholm Kungsholmen).
var demoLeads = []demoLead{
	{dealer: "stockholm-kungsholmen", form: leads.FormCarDetail, ago: 50 * time.Minute, name: "Karin Lindqvist", phone: "070-312 45 67", email: "karin.lindqvist@example.se",
		message: "Hej! Finns bilen kvar? Vi skulle vilja provköra den på lördag förmiddag om det går.", drive: true},
	{dealer: "stockholm-kungsholmen", form: leads.FormCarDetail, ago: 5 * time.Hour, name: "Ahmed Yilmaz", phone: "073-998 12 03", email: "ahmed.yilmaz@example.se",
		message: "Vad blir månadskostnaden med 20 % kontantinsats och 60 månader? Jag har en Golf 2016 att byta in.", quote: true},
	{dealer: "stockholm-kungsholmen", form: leads.FormCarDetail, ago: 28 * time.Hour, name: "Eva Sjöberg", phone: "076-220 87 14", email: "eva.sjoberg@example.se",
		message: "Har bilen dragkrok och vinterhjul? Ring gärna efter kl. 16."},
	{dealer: "goteborg-hisingen", form: leads.FormCarDetail, ago: 3 * time.Hour, name: "Johan Berg", phone: "070-455 10 98", email: "johan.berg@example.se",
		message: "Intresserad av bilen. Kan ni skicka fler bilder på interiören?"},
	{dealer: "", form: leads.FormSellCar, ago: 7 * time.Hour, name: "Maria Holm", phone: "072-601 33 90", email: "maria.holm@example.se",
		message: "Servad hos er varje år, inga skador.", regno: "JKL482"},
}

// seedLeads stores the demo leads once (when the store has no leads), each
// through the lead store like a visitor's form. Their dealer mails are
// taken out of the outbox again: the demo's leads arrived before the demo
// started, and a journey's mail catcher gets only the mails it caused.
func seedLeads(ctx context.Context, a *app, stdout io.Writer) error {
	st := leads.NewStore(a.db)
	if n, err := st.Count(ctx); err != nil || n > 0 {
		return err
	}
	cat := catalog.NewStore(a.db)
	dealers, err := cat.DealerSites(ctx, "group-se")
	if err != nil {
		return err
	}
	bySlug := map[string]catalog.DealerSite{}
	for _, d := range dealers {
		bySlug[d.Slug] = d
	}
	cars, err := cat.Cars(ctx, "group-se")
	if err != nil {
		return err
	}
	now := time.Now()
	used := map[int64]bool{}
	n := 0
	var refs []string
	for i, dl := range demoLeads {
		var body map[string]any
		to := leads.Recipient{Name: "Forecourt Bilinköp", Email: "bilinkop@forecourt.se"}
		switch dl.form {
		case leads.FormCarDetail:
			d, ok := bySlug[dl.dealer]
			if !ok {
				continue
			}
			var car *catalog.Car
			for j := range cars {
				if cars[j].CarSiteID == d.SiteID && !cars[j].CarIsSample && !used[cars[j].CarID] {
					car = &cars[j]
					break
				}
			}
			if car == nil {
				continue
			}
			used[car.CarID] = true
			to = leads.Recipient{Name: d.SiteOfficialName, Email: d.SiteEmail, DealerSiteID: d.SiteID}
			body = map[string]any{"car": fmt.Sprint(car.CarID), "name": dl.name, "phone": dl.phone, "email": dl.email, "message": dl.message,
				"quote": dl.quote, "testDrive": dl.drive, "source": fmt.Sprintf("https://forecourt.se/bilar/%d", car.CarID)}
		case leads.FormSellCar:
			body = map[string]any{"regno": dl.regno, "milage": 8450, "customerName": dl.name, "customerPhone": dl.phone, "customerEmail": dl.email,
				"option": "tradeIn", "other": dl.message, "source": "https://forecourt.se/salja-bil"}
		}
		sub := fmt.Sprintf("demo-lead-%04d", i+1)
		refs = append(refs, leads.MailRef(sub))
		raw, _ := json.Marshal(map[string]any{"formName": dl.form, "formSubmissionId": sub, "values": body})
		f, err := leads.ParseForm(raw, now, "SE")
		if err != nil {
			return fmt.Errorf("demo lead %d: %w", i+1, err)
		}
		text := f.Mail(to, "", "sv")
		if _, _, err := st.Save(ctx, "group-se", f, to, text, "", now.Add(-dl.ago)); err != nil {
			return fmt.Errorf("demo lead %d: %w", i+1, err)
		}
		n++
	}
	if err := a.db.Tx(ctx, func(tx *sql.Tx) error {
		_, err := mail.EraseRefs(ctx, tx, a.db, refs)
		return err
	}); err != nil {
		return fmt.Errorf("demo leads' mails: %w", err)
	}
	if n > 0 {
		fmt.Fprintf(stdout, "seeded leads        %6d for the sellers' inbox (group-se)\n", n)
	}
	return nil
}
