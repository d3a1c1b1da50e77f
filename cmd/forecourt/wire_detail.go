package main

import (
	"context"
	"os"
	"strconv"

	"forecourt/internal/cardetail"
	"forecourt/internal/leads"
)

func init() { wirers = append(wirers, wireCarDetail) }

// wireCarDetail plugs in the car detail page (issue 4 "Choose a car"): the
// /<pathToCarDetail>{id}/{slug} route, its loaders (car, similar cars, car of
// the week) and the finance, media and lead APIs.
func wireCarDetail(ctx context.Context, w *wiring) error {
	svc := &cardetail.Service{
		Engine:  w.engine,
		Catalog: w.catalog.Store(),
		Content: w.app.content,
		Log:     w.app.log,
	}
	w.pages.Rewrite(cardetail.Rewriter(cardetail.DetailItemPath))
	w.pages.Register("CarDetail", svc.DetailLoader())
	w.pages.Register("SimilarCars", svc.SimilarLoader())
	w.pages.Register("CarOfTheWeek", svc.CarOfTheWeekLoader())
	w.deps.Extra = append(w.deps.Extra, svc.Mount)

	// Leads: stored first, then mailed to the dealer by the outbox worker
	// (SMTP_ADDR host:port, SMTP_FROM sender). Without SMTP_ADDR leads are
	// kept in the outbox until a mail server is configured.
	lst := leads.NewStore(w.app.db)
	from := os.Getenv("SMTP_FROM")
	if from == "" {
		from = "no-reply@forecourt.local"
	}
	outbox := leads.NewOutbox(lst, leads.SMTPMailer{Addr: os.Getenv("SMTP_ADDR"), From: from}, w.app.log)
	if os.Getenv("SMTP_ADDR") != "" {
		go outbox.Run(ctx)
	} else {
		w.app.log.Warn("SMTP_ADDR is not set: leads are stored and queued but not mailed")
	}
	w.deps.Extra = append(w.deps.Extra, svc.MountLeads(cardetail.LeadIntake{Store: lst, Outbox: outbox}))
	w.deps.Health["lead-outbox"] = func(ctx context.Context) string {
		_, unsent, err := lst.OutboxState(ctx)
		if err != nil {
			return "error: " + err.Error()
		}
		if unsent > 0 {
			return "ok (" + strconv.Itoa(unsent) + " mails waiting)"
		}
		return "ok"
	}
	return nil
}
