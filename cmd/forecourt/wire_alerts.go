package main

import (
	"context"
	"net/url"

	"forecourt/internal/alerts"
	"forecourt/internal/catalog"
	"forecourt/internal/gdpr"
	"forecourt/internal/jobs"
	"forecourt/internal/leads"
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
	forms, err := ticketSecret(ctx, a.db, a.cfg.Forms.Secret)
	if err != nil {
		return nil, nil, err
	}
	secret := forms
	if set.Secret != "" {
		secret = []byte(set.Secret)
	}
	tokens, err := alerts.NewTokens(secret)
	if err != nil {
		return nil, nil, err
	}
	return tokens, forms, nil
}

// wireAlerts plugs in the saved searches (issue 14): the sign-up, confirm,
// unsubscribe and manage endpoints, and the match, sweep and digest jobs.
func wireAlerts(ctx context.Context, w *wiring) error {
	set, forms := w.app.cfg.Alerts, w.app.cfg.Forms
	tokens, ticketKey, err := alertsTokens(ctx, w.app, set)
	if err != nil {
		return err
	}
	svc := &alerts.Service{DB: w.app.db, Tokens: tokens, Cars: w.catalog.Store(), Texts: dictionaryOf(w.app),
		Limiter: w.limiter, Limits: set.Limits, DigestHour: set.DigestHour, Kick: w.mail.Kick, Log: w.app.log}
	alerts.Register(w.jobs, svc, set.Sweep)
	api := &alerts.API{Service: svc, Tickets: &leads.Tickets{Secret: ticketKey, MinFill: forms.MinFill},
		Search: w.engine}
	if u, err := url.Parse(w.app.cfg.PublicURL); err == nil && u.Hostname() != "" {
		api.ExtraOriginHosts = []string{u.Hostname()}
	}
	w.deps.Extra = append(w.deps.Extra, api.Mount)
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
