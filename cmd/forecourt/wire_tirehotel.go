package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"time"

	"forecourt/internal/booking"
	"forecourt/internal/catalog"
	"forecourt/internal/demo/tyres"
	"forecourt/internal/tirehotel"
)

// tirehotelKeys loads TIREHOTEL_KEY, or the development key file under
// DATA_DIR (created when absent: `make run` seeds first, so it is there).
func tirehotelKeys(a *app) (*tirehotel.Keys, error) {
	k, created, err := tirehotel.LoadKeys(a.cfg.Tirehotel.Key, a.cfg.DataDir, true)
	if err != nil {
		return nil, err
	}
	if created {
		a.log.Warn("TIREHOTEL_KEY is not set: created a development key file", "file", tirehotel.KeyFileName)
	}
	return k, nil
}

// smsProvider is the HTTP gateway of SMS_GATEWAY_URL, or without it the
// development outbox (GET /_dev/sms).
func smsProvider(set smsConfig) tirehotel.SMSProvider {
	if set.GatewayURL == "" {
		return tirehotel.DevOutbox{}
	}
	return &tirehotel.Gateway{URL: set.GatewayURL, User: set.User, Token: set.Token, Sender: set.Sender,
		Client: &http.Client{Timeout: 10 * time.Second}}
}

// wireTirehotel mounts the tyre hotel portal's API (/api/tirehotel/…) and,
// without a gateway, the development SMS outbox. Its login codes go
// through the one SMS outbox and delivery job of the shared booking parts.
func wireTirehotel(ctx context.Context, w *wiring) error {
	a := w.app
	start := time.Now()
	keys, err := tirehotelKeys(a)
	if err != nil {
		return err
	}
	parts, err := w.bookingShared(ctx)
	if err != nil {
		return err
	}
	st := parts.tirehotel
	_, dev := smsProvider(a.cfg.SMS).(tirehotel.DevOutbox)
	scale := a.cfg.Tirehotel.RateScale
	policy := tirehotel.DefaultPolicy.Scaled(scale)
	auth := &tirehotel.Auth{Store: st, Keys: keys, Limiter: w.limiter, Policy: policy, Log: a.log}
	// Wheel changes book through the one booking use case over the one
	// engine (startBookingEngine), which takes their flow for moves and
	// cancellations.
	wheel := &tirehotel.WheelChange{Store: st, Engine: w.booking, Bookings: parts.bookings, Log: a.log,
		Limiter: w.limiter, Reads: tirehotel.DefaultReads, Writes: tirehotel.DefaultWrites}
	if scale > 1 {
		wheel.Reads.N *= scale
		wheel.Writes.N *= scale
	}
	if err := parts.bookings.AddFlow(wheel.Flow()); err != nil {
		return err
	}
	// The guard's Origin rule and the mails' links (Origin) are the
	// server's one policy by default (httpguard.OriginAllowed, BaseURL).
	api := &tirehotel.API{Auth: auth, Wheel: wheel, Log: a.log, DevSMS: dev, Lang: siteLang}
	// The workshop's side (/api/staff/tirehotel…): lookup by plate and the
	// inspection the customer then sees in the portal.
	staffAPI := &tirehotel.StaffAPI{Store: st, Recorder: w.audit(), Log: a.log}
	w.deps.Routes = append(w.deps.Routes, api.Routes()...)
	w.deps.Routes = append(w.deps.Routes, staffAPI.Routes()...)
	a.log.Info("tyre hotel ready", "took_ms", time.Since(start).Milliseconds())
	return nil
}

// seedTirehotel creates the development key and the demo agreements (at
// group-se's workshops) when absent; `forecourt seed` calls it after the
// catalogue.
func seedTirehotel(ctx context.Context, a *app, stdout io.Writer) error {
	keys, err := tirehotelKeys(a)
	if err != nil {
		return err
	}
	sites, err := catalog.NewStore(a.db).DealerSites(ctx, "group-se")
	if err != nil {
		return err
	}
	n, err := tyres.SeedIfEmpty(ctx, tirehotel.NewStore(a.db, keys), tyres.Workshops(sites), tyres.SeedOptions{NoTimes: booking.NoFreeTimes})
	if err != nil {
		return fmt.Errorf("tyre hotel demo: %w", err)
	}
	if n > 0 {
		fmt.Fprintf(stdout, "seeded tyre hotel   %6d agreements (demo plates %s, %s, %s)\n", n, tyres.PlateFine, tyres.PlateWorn, tyres.PlateNoTimes)
	}
	return nil
}

// tirehotelStore opens the tyre hotel's store for operator commands (the
// GDPR export and erasure: st.ExportEmail, st.EraseEmail). It never
// creates a key: without TIREHOTEL_KEY or the key file nothing sealed
// could be read anyway.
func tirehotelStore(a *app) (*tirehotel.Store, error) {
	keys, _, err := tirehotel.LoadKeys(a.cfg.Tirehotel.Key, a.cfg.DataDir, false)
	if err != nil {
		return nil, err
	}
	return tirehotel.NewStore(a.db, keys), nil
}
