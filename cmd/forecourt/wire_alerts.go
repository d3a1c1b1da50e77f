package main

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"time"

	"forecourt/internal/alerts"
	"forecourt/internal/catalog"
	"forecourt/internal/forms"
	"forecourt/internal/gdpr"
	"forecourt/internal/jobs"
	"forecourt/internal/linktoken"
	"forecourt/internal/ratelimit"
)

// savedSearchesHolder covers the saved searches and their alert sign-ups
// for `forecourt leads export|erase`.
func savedSearchesHolder(a *app) gdpr.Holder {
	svc := &alerts.Service{DB: a.db}
	return gdpr.Holder{Name: "savedSearches",
		Export: func(ctx context.Context, email string) (any, error) { return svc.ExportEmail(ctx, email) },
		Erase:  svc.EraseEmail}
}

// alertsSettings are the settings of the saved searches (environment):
//
//	ALERTS_SECRET           key of the links in alert mails (≥ 16 characters); empty: derived from the form ticket key
//	ALERTS_SWEEP_INTERVAL   how often due digests are looked for (default 1h; tests 2s)
//	ALERTS_DIGEST_HOUR      local hour from which a day's digest goes out (0–23, default 7)
//	ALERTS_LIMIT_ADDRESS    sign-ups per client address (default 20/10m)
//	ALERTS_LIMIT_EMAIL      sign-ups per e-mail address (default 10/1h)
//	ALERTS_LIMIT_RECIPIENT  confirmation mails per recipient (default 3/24h)
type alertsSettings struct {
	secret     string
	sweep      time.Duration
	digestHour int
	limits     alerts.Limits
}

func loadAlertsSettings() (alertsSettings, error) {
	s := alertsSettings{secret: os.Getenv("ALERTS_SECRET"), sweep: time.Hour, digestHour: 7, limits: alerts.DefaultLimits}
	if s.secret != "" && len(s.secret) < 16 {
		return s, fmt.Errorf("ALERTS_SECRET must be at least 16 characters")
	}
	if v := os.Getenv("ALERTS_SWEEP_INTERVAL"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < time.Second || d > 7*24*time.Hour {
			return s, fmt.Errorf("ALERTS_SWEEP_INTERVAL %q: want a duration from 1s to 168h", v)
		}
		s.sweep = d
	}
	if v := os.Getenv("ALERTS_DIGEST_HOUR"); v != "" {
		h, err := strconv.Atoi(v)
		if err != nil || h < 0 || h > 23 {
			return s, fmt.Errorf("ALERTS_DIGEST_HOUR %q: want an hour from 0 to 23", v)
		}
		s.digestHour = h
	}
	for _, x := range []struct {
		name string
		dst  *ratelimit.Limit
	}{{"ALERTS_LIMIT_ADDRESS", &s.limits.Address}, {"ALERTS_LIMIT_EMAIL", &s.limits.Email}, {"ALERTS_LIMIT_RECIPIENT", &s.limits.Recipient}} {
		if v := os.Getenv(x.name); v != "" {
			l, err := ratelimit.ParseLimit(v)
			if err != nil {
				return s, fmt.Errorf("%s: %w", x.name, err)
			}
			*x.dst = l
		}
	}
	return s, nil
}

// alertsTokens returns the signer of the alert links: ALERTS_SECRET, or a
// key derived from the form ticket key that every process shares.
func alertsTokens(ctx context.Context, a *app, set alertsSettings) (*linktoken.Signer, []byte, error) {
	formsKey, err := ticketSecret(ctx, a.db, os.Getenv("FORMS_SECRET"))
	if err != nil {
		return nil, nil, err
	}
	secret := formsKey
	if set.secret != "" {
		secret = []byte(set.secret)
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
	set, err := loadAlertsSettings()
	if err != nil {
		return err
	}
	formSet, err := loadFormsSettings()
	if err != nil {
		return err
	}
	tokens, ticketKey, err := alertsTokens(ctx, w.app, set)
	if err != nil {
		return err
	}
	svc := &alerts.Service{DB: w.app.db, Tokens: tokens, Cars: w.catalog.Store(), Texts: dictionaryOf(w.app),
		Limiter: w.limiter, Limits: set.limits, DigestHour: set.digestHour, Kick: w.mail.Kick, Log: w.app.log}
	alerts.Register(w.jobs, svc, set.sweep)
	api := &alerts.API{Service: svc, Tickets: &forms.Tickets{Secret: ticketKey, MinFill: formSet.minFill},
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
