package main

import (
	"context"
	"database/sql"
	"net/http"

	"forecourt/internal/booking"
	"forecourt/internal/booking/bookingapi"
	"forecourt/internal/demo/fleet"
	"forecourt/internal/httpguard"
	"forecourt/internal/places"
	"forecourt/internal/vehicles"
	"forecourt/internal/web"
)

// vehicleProvider is the built-in demo register, or with VEHICLE_API_URL
// (and VEHICLE_API_KEY) a real vehicle-data service.
func vehicleProvider(set vehiclesConfig) vehicles.Provider {
	if set.URL == "" {
		return fleet.NewRegistry()
	}
	return &vehicles.HTTPProvider{BaseURL: set.URL, APIKey: set.Key}
}

// wireBooking plugs in the service booking (issue 8): the booking engine
// over the dealer sites' workshops, the /api/mechmate/… and /api/places
// calls, over the server's one booking engine (startBookingEngine).
func wireBooking(ctx context.Context, w *wiring) error {
	vp := vehicleProvider(w.app.cfg.Vehicles)
	api := &bookingapi.API{
		Engine: w.booking, Vehicles: vp, Places: places.Sweden(), Limiter: w.limiter,
		Kick: w.mail.Kick, PublicURL: w.app.cfg.PublicURL, Log: w.app.log,
		SiteOf:    func(r *http.Request) string { return web.SiteOf(r).Name },
		SiteHosts: func(r *http.Request) []string { return web.SiteOf(r).Hosts },
		Guard:     httpguard.Mutation{Allowed: sameSiteOrigin(w.app.cfg)},
	}
	rem, err := w.ownerReminders(ctx)
	if err != nil {
		return err
	}
	api.Remind = func(ctx context.Context, tx *sql.Tx, b booking.Booking, origin string) error {
		_, _, err := rem.OptInTx(ctx, tx, b, origin)
		return err
	}
	api.CancelReminders = rem.CancelBookingTx
	parts, err := w.bookingShared(ctx)
	if err != nil {
		return err
	}
	// The wheel change's flow joins parts.flows when wireTirehotel runs;
	// Mount adds the service booking's own.
	api.Links, api.Flows, api.SMS = parts.links, parts.flows, parts.schedule
	w.deps.Extra = append(w.deps.Extra, api.Mount)
	return nil
}
