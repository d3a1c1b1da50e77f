package main

import (
	"context"

	"forecourt/internal/alerts"
	"forecourt/internal/catalog"
	"forecourt/internal/forms"
	"forecourt/internal/gdpr"
	"forecourt/internal/jobs"
	"forecourt/internal/linktoken"
)

// savedSearchesHolder covers the saved searches and their alert sign-ups
// for `forecourt leads export|erase`.
func savedSearchesHolder(a *app) gdpr.Holder {
	svc := &alerts.Service{DB: a.db}
	return gdpr.Holder{Name: "savedSearches",
		Export: func(ctx context.Context, email string) (any, error) { return svc.ExportEmail(ctx, email) },
		Erase:  svc.EraseEmail}
}

// alertsTokens returns the signer of the alert links: ALERTS_SECRET, or a
// key derived from the form ticket key that every process shares.
func alertsTokens(ctx context.Context, a *app, set alertsConfig) (*linktoken.Signer, []byte, error) {
	formsKey, err := ticketSecret(ctx, a.db, a.cfg.Forms.Secret)
	if err != nil {
		return nil, nil, err
	}
	secret := formsKey
	if set.Secret != "" {
		secret = []byte(set.Secret)
	}
	tokens, err := alerts.NewTokens(secret)
	if err != nil {
		return nil, nil, err
	}
	return tokens, formsKey, nil
}

// wireAlerts plugs in the saved searches: the sign-up, confirm,
// unsubscribe and manage endpoints, and the match, sweep and digest jobs.
func wireAlerts(ctx context.Context, w *wiring) error {
	set, formSet := w.app.cfg.Alerts, w.app.cfg.Forms
	tokens, ticketKey, err := alertsTokens(ctx, w.app, set)
	if err != nil {
		return err
	}
	svc := &alerts.Service{DB: w.app.db, Tokens: tokens, Cars: w.catalog.Store(), Texts: dictionaryOf(w.app),
		Limiter: w.limiter, Limits: set.Limits, DigestHour: set.DigestHour, Jobs: w.jobs, Log: w.app.log}
	alerts.Register(w.jobs, svc, set.Sweep)
	api := &alerts.API{Service: svc, Tickets: &forms.Tickets{Secret: ticketKey, MinFill: formSet.MinFill},
		Search: w.engine}
	w.deps.Routes = append(w.deps.Routes, api.Routes()...)
	return nil
}

func dictionaryOf(a *app) alerts.Dictionary {
	return func(ctx context.Context, siteName, lang string) (map[string]string, error) {
		d, err := a.content.Dictionary(ctx, siteName, lang)
		return d, err
	}
}

// alertsImportHook is the catalog import's hook for `forecourt import
// cars`: each written batch's new cars and price drops are recorded with
// their match job in the batch's transaction. Without a job queue (it
// cannot open) the diffs are still recorded and the server's sweep queues
// their match later. close releases the queue.
func alertsImportHook(ctx context.Context, a *app) (hook catalog.CarsHook, done func()) {
	svc := &alerts.Service{DB: a.db, Log: a.log}
	q, err := jobs.Open(ctx, a.db, a.log, jobs.Options{})
	if err != nil {
		a.log.Warn("alerts: job queue unavailable; import diffs are matched by the server's next sweep", "err", err)
		return svc.Hook(), func() {}
	}
	alerts.RegisterWorkers(q, svc)
	return svc.Hook(), func() { q.Stop(context.WithoutCancel(ctx)) }
}
