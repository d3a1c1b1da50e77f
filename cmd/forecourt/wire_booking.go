package main

import (
	"context"
	"strings"
	"time"

	"forecourt/internal/booking/bookingapi"
	"forecourt/internal/catalog"
	"forecourt/internal/demo/fleet"
	"forecourt/internal/places"
	"forecourt/internal/site"
	"forecourt/internal/testdrive"
	"forecourt/internal/vehicles"
)

// vehicleProvider is the built-in demo register, or with VEHICLE_API_URL
// (and VEHICLE_API_KEY) a real vehicle-data service.
func vehicleProvider(set vehiclesConfig) vehicles.Provider {
	if set.URL == "" {
		return fleet.NewRegistry()
	}
	return &vehicles.HTTPProvider{BaseURL: set.URL, APIKey: set.Key}
}

// wireBooking plugs in the service booking: the booking engine
// over the dealer sites' workshops, the /api/mechmate/… and /api/places
// calls, over the server's one booking engine (startBookingEngine).
func wireBooking(ctx context.Context, w *wiring) error {
	vp := vehicleProvider(w.app.cfg.Vehicles)
	parts, err := w.bookingShared(ctx)
	if err != nil {
		return err
	}
	// Every change goes through the shared use case; the wheel change's
	// flow joins it when wireTirehotel runs. The guard's Origin rule and
	// the mails' links are the server's one policy (httpguard).
	// Test drives are a flow of the same use case, at each dealer site's
	// sales department (booking.SalesFromDealerSite).
	td, err := testdrive.New(parts.bookings, catalog.NewStore(w.app.db))
	if err != nil {
		return err
	}
	w.testDrives = td
	go sweepTestDrives(ctx, w.app, td)
	api := &bookingapi.API{
		Engine: w.booking, Bookings: parts.bookings, Links: parts.bookings.Links, Vehicles: vp, Places: places.Sweden(),
		Limiter: w.limiter, Log: w.app.log, TestDrives: td,
	}
	w.deps.Routes = append(w.deps.Routes, api.Routes()...)
	return nil
}

// sweepTestDrives cancels, every minute, the future test drives of cars an
// import removed (sold or gone from the feed), each with the customer's
// mail in the site's language. The import runs in its own process, so the
// server notices the removal here rather than in the import; a booking is
// cancelled once whichever process sweeps first.
func sweepTestDrives(ctx context.Context, a *app, td *testdrive.TestDrives) {
	t := time.NewTicker(time.Minute)
	defer t.Stop()
	for {
		sweepTestDrivesOnce(ctx, a, td)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// sweepTestDrivesOnce is one round of sweepTestDrives over every site.
func sweepTestDrivesOnce(ctx context.Context, a *app, td *testdrive.TestDrives) {
	for _, st := range a.sites.All() {
		if n, err := td.CancelGone(ctx, st.Name, siteOrigin(a, st), st.DefaultLanguage()); err != nil {
			a.log.Warn("cancelling test drives of cars gone failed", "site", st.Name, "err", err)
		} else if n > 0 {
			a.log.Info("cancelled test drives of cars gone", "site", st.Name, "count", n)
		}
	}
}

// siteOrigin is a site's public origin without a request (httpguard's
// order: PUBLIC_URLS, PUBLIC_URL for the default site, its first host).
func siteOrigin(a *app, st *site.Site) string {
	if u := a.cfg.Hardening.PublicURLs[st.Name]; u != "" {
		return strings.TrimSuffix(u, "/")
	}
	if a.cfg.PublicURL != "" && st == a.sites.Default() {
		return strings.TrimSuffix(a.cfg.PublicURL, "/")
	}
	if len(st.Hosts) > 0 {
		return "https://" + st.Hosts[0]
	}
	return "http://" + st.Name + ".localhost"
}
