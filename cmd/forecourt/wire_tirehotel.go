package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"

	"forecourt/internal/booking"
	"forecourt/internal/booking/bookingapi"
	"forecourt/internal/catalog"
	"forecourt/internal/httpguard"
	"forecourt/internal/tirehotel"
	"forecourt/internal/web"
)

// tirehotelKeys loads TIREHOTEL_KEY, or the development key file under
// DATA_DIR (created when absent: `make run` seeds first, so it is there).
func tirehotelKeys(a *app) (*tirehotel.Keys, error) {
	k, created, err := tirehotel.LoadKeys(os.Getenv("TIREHOTEL_KEY"), a.cfg.DataDir, true)
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
func smsProvider() (tirehotel.SMSProvider, error) {
	u := strings.TrimSpace(os.Getenv("SMS_GATEWAY_URL"))
	if u == "" {
		return tirehotel.DevOutbox{}, nil
	}
	if !strings.HasPrefix(u, "https://") && !strings.HasPrefix(u, "http://") {
		return nil, fmt.Errorf("SMS_GATEWAY_URL must be an http(s) URL")
	}
	sender := os.Getenv("SMS_SENDER")
	if sender == "" {
		sender = "Forecourt"
	}
	return &tirehotel.Gateway{URL: u, User: os.Getenv("SMS_GATEWAY_USER"), Token: os.Getenv("SMS_GATEWAY_TOKEN"), Sender: sender,
		Client: &http.Client{Timeout: 10 * time.Second}}, nil
}

// wireTirehotel mounts the tyre hotel portal's API (/api/tirehotel/…), its
// SMS outbox worker and, without a gateway, the development SMS outbox.
func wireTirehotel(ctx context.Context, w *wiring) error {
	a := w.app
	start := time.Now()
	keys, err := tirehotelKeys(a)
	if err != nil {
		return err
	}
	provider, err := smsProvider()
	if err != nil {
		return err
	}
	st := tirehotel.NewStore(a.db, keys)
	sms := tirehotel.NewSMSOutbox(st, provider, a.log)
	go sms.Run(ctx)
	_, dev := provider.(tirehotel.DevOutbox)
	if dev {
		a.log.Warn("SMS_GATEWAY_URL is not set: codes go to the development outbox at /_dev/sms.html")
	}
	scale := 1
	if v := os.Getenv("TIREHOTEL_RATE_SCALE"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 1000 {
			return fmt.Errorf("TIREHOTEL_RATE_SCALE must be a whole number from 1 to 1000, got %q", v)
		}
		scale = n
	}
	policy := tirehotel.DefaultPolicy.Scaled(scale)
	auth := &tirehotel.Auth{Store: st, Keys: keys, Limiter: w.limiter, SMS: sms, Policy: policy, Log: a.log}
	parts, err := w.bookingShared(ctx)
	if err != nil {
		return err
	}
	parts.sms.Kick = sms.Kick
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
	api := &tirehotel.API{Auth: auth, Wheel: wheel, Log: a.log, DevSMS: dev, Lang: siteLang,
		Guard:  httpguard.Mutation{Allowed: sameSiteOrigin(a.cfg)},
		Origin: func(r *http.Request) string { return bookingapi.PublicOrigin(a.cfg.PublicURL, web.SiteOf(r).Hosts, r) }}
	// The workshop's side (/api/staff/tirehotel…): lookup by plate and the
	// inspection the customer then sees in the portal.
	staffAPI := &tirehotel.StaffAPI{Store: st, Recorder: w.audit(), Session: w.staffSession, Log: a.log,
		Guard: httpguard.Mutation{Allowed: sameSiteOrigin(a.cfg)}}
	w.deps.Extra = append(w.deps.Extra, func(mux *http.ServeMux, s *web.Server) {
		for _, r := range api.Routes() {
			s.Route(mux, r.Pattern, r.Name, r.Handler)
		}
		for _, r := range staffAPI.Routes() {
			s.Route(mux, r.Pattern, r.Name, r.Handler)
		}
	})
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
	n, err := tirehotel.SeedIfEmpty(ctx, tirehotel.NewStore(a.db, keys), tirehotel.Workshops(sites), tirehotel.SeedOptions{NoTimes: booking.NoFreeTimes})
	if err != nil {
		return fmt.Errorf("tyre hotel demo: %w", err)
	}
	if n > 0 {
		fmt.Fprintf(stdout, "seeded tyre hotel   %6d agreements (demo plates %s, %s, %s)\n", n, tirehotel.PlateFine, tirehotel.PlateWorn, tirehotel.PlateNoTimes)
	}
	return nil
}

// tirehotelStore opens the tyre hotel's store for operator commands (the
// GDPR export and erasure: st.ExportEmail, st.EraseEmail). It never
// creates a key: without TIREHOTEL_KEY or the key file nothing sealed
// could be read anyway.
func tirehotelStore(a *app) (*tirehotel.Store, error) {
	keys, _, err := tirehotel.LoadKeys(os.Getenv("TIREHOTEL_KEY"), a.cfg.DataDir, false)
	if err != nil {
		return nil, err
	}
	return tirehotel.NewStore(a.db, keys), nil
}
