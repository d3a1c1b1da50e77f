package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/riverqueue/river"

	"forecourt/internal/booking"
	"forecourt/internal/catalog"
	"forecourt/internal/gdpr"
	"forecourt/internal/jobs"
	"forecourt/internal/places"
	"forecourt/internal/reminders"
	"forecourt/internal/store"
)

// remindersHolder covers the owner reminders (and the mails about them)
// for `forecourt leads export|erase`.
func remindersHolder(a *app) gdpr.Holder {
	svc := &reminders.Service{DB: a.db}
	return gdpr.Holder{Name: "reminders",
		Export: func(ctx context.Context, email string) (any, error) { return svc.ExportEmail(ctx, email) },
		Erase: func(ctx context.Context, email string) (int, error) {
			rs, err := svc.ExportEmail(ctx, email)
			if err != nil {
				return 0, err
			}
			refs := make([]string, len(rs))
			for i, r := range rs {
				refs[i] = "reminder:" + r.ID
			}
			if err := eraseMailRefs(ctx, a.db, refs); err != nil {
				return 0, err
			}
			return svc.EraseEmail(ctx, email)
		}}
}

// reminderSecret is the key of the unsubscribe tokens: REMINDERS_SECRET,
// or a random one kept in the store's kv table, so every process of one
// store (and `forecourt reminders run`) signs and checks alike.
func reminderSecret(ctx context.Context, db *store.DB, set remindersConfig) ([]byte, error) {
	return storedSecret(ctx, db, "reminders.token_secret", set.Secret, "reminder token")
}

// newReminders is the owner-reminder service over a booking engine.
func newReminders(ctx context.Context, a *app, eng *booking.Engine, q *jobs.Queue) (*reminders.Service, error) {
	secret, err := reminderSecret(ctx, a.db, a.cfg.Reminders)
	if err != nil {
		return nil, err
	}
	tokens, err := reminders.NewTokens(secret)
	if err != nil {
		return nil, err
	}
	return &reminders.Service{
		DB: a.db, Engine: eng, Sites: a.sites, Places: places.Sweden(), Jobs: q, Log: a.log, Tokens: tokens,
	}, nil
}

// ownerReminders is the server's reminder service, made on first use by
// the features that book (service booking, tyre hotel) and by wireReminders.
func (w *wiring) ownerReminders(ctx context.Context) (*reminders.Service, error) {
	if w.reminders != nil {
		return w.reminders, nil
	}
	svc, err := newReminders(ctx, w.app, w.booking, w.jobs)
	if err != nil {
		return nil, err
	}
	w.reminders = svc
	return svc, nil
}

// wireReminders mounts the unsubscribe link of reminder mails and sends
// due reminders every reminders.SweepEvery. The opt-in itself is part of
// the bookings (wire_booking.go, wire_tirehotel.go): there is no other
// way to sign up.
func wireReminders(ctx context.Context, w *wiring) error {
	svc, err := w.ownerReminders(ctx)
	if err != nil {
		return err
	}
	// The pages of links that name no reminder are in the request's
	// site's language (reminders.API's default).
	api := &reminders.API{Service: svc, Limiter: w.limiter}
	w.deps.Routes = append(w.deps.Routes, api.Routes()...)
	// Due reminders go out from a periodic job on the queue (River elects
	// one process to enqueue it; the sweep itself is idempotent).
	river.AddWorker(w.jobs.Workers, &reminders.SweepWorker{Service: svc})
	w.jobs.AddPeriodic(reminders.Periodic())
	return nil
}

// runReminders is `forecourt reminders run [--now TIME]`: send the
// reminders due at TIME (default now) and exit. The mails go to the store's
// outbox with their delivery jobs, which a running server works at once;
// without the job queue (it cannot open) only the mails are written and
// the server's mail sweep queues them within a minute. --now is for
// trying the reminders out and for tests: it only decides what is due.
func runReminders(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fl := newFlags("reminders", "Owner reminders:\n  forecourt reminders run [--now 2027-11-01T09:00]\nsends the reminders due at --now (UTC, or with an offset such as +01:00; default: now) to the mail outbox.", stderr)
	nowFlag := fl.String("now", "", "the time to send the reminders due at (YYYY-MM-DDTHH:MM, UTC unless an offset is given)")
	pos, err := parseArgs(fl, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 || pos[0] != "run" {
		fl.Usage()
		return fmt.Errorf("want run")
	}
	asOf := time.Now()
	if s := strings.TrimSpace(*nowFlag); s != "" {
		t, err := parseNow(s)
		if err != nil {
			return err
		}
		asOf = t
	}
	a, err := openApp(ctx, stderr)
	if err != nil {
		return err
	}
	defer a.db.Close()
	dir := booking.NewDirectory(nil)
	if err := dir.Load(ctx, catalog.NewStore(a.db), a.sites.All()); err != nil {
		return err
	}
	q, err := jobs.Open(ctx, a.db, a.log, jobs.Options{})
	if err != nil {
		a.log.Warn("reminders: job queue unavailable; the mails are delivered by the server's mail sweep", "err", err)
		q = nil
	} else {
		defer q.Stop(context.WithoutCancel(ctx))
	}
	svc, err := newReminders(ctx, a, booking.New(a.db, dir), q)
	if err != nil {
		return err
	}
	n, err := svc.RunDue(ctx, asOf)
	fmt.Fprintf(stdout, "reminders due at %s: %d queued\n", asOf.UTC().Format(time.RFC3339), n)
	return err
}

func parseNow(s string) (time.Time, error) {
	for _, l := range []string{time.RFC3339, "2006-01-02T15:04Z07:00"} {
		if t, err := time.Parse(l, s); err == nil {
			return t, nil
		}
	}
	for _, l := range []string{"2006-01-02T15:04:05", "2006-01-02T15:04", "2006-01-02"} {
		if t, err := time.ParseInLocation(l, s, time.UTC); err == nil {
			return t, nil
		}
	}
	return time.Time{}, fmt.Errorf("--now %q: want YYYY-MM-DDTHH:MM (UTC) or RFC 3339", s)
}
