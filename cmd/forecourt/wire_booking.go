package main

import (
	"context"
	"net/http"
	"os"
	"strings"

	"forecourt/internal/booking/bookingapi"
	"forecourt/internal/errs"
	"forecourt/internal/httpguard"
	"forecourt/internal/places"
	"forecourt/internal/vehicles"
	"forecourt/internal/web"
)

// vehicleProvider is the built-in demo register, or with VEHICLE_API_URL
// (and VEHICLE_API_KEY) a real vehicle-data service.
func vehicleProvider() (vehicles.Provider, error) {
	u := strings.TrimSpace(os.Getenv("VEHICLE_API_URL"))
	if u == "" {
		return vehicles.NewRegistry(), nil
	}
	if !strings.HasPrefix(u, "http://") && !strings.HasPrefix(u, "https://") {
		return nil, errs.E(errs.Invalid, "VEHICLE_API_URL must start with http:// or https://")
	}
	return &vehicles.HTTPProvider{BaseURL: u, APIKey: os.Getenv("VEHICLE_API_KEY")}, nil
}

// wireBooking plugs in the service booking (issue 8): the booking engine
// over the dealer sites' workshops, the /api/mechmate/… and /api/places
// calls, over the server's one booking engine (startBookingEngine).
func wireBooking(ctx context.Context, w *wiring) error {
	vp, err := vehicleProvider()
	if err != nil {
		return err
	}
	parts, err := w.bookingShared(ctx)
	if err != nil {
		return err
	}
	// Every change goes through the shared use case; the wheel change's
	// flow joins it when wireTirehotel runs.
	api := &bookingapi.API{
		Engine: w.booking, Bookings: parts.bookings, Links: parts.bookings.Links, Vehicles: vp, Places: places.Sweden(),
		Limiter: w.limiter, PublicURL: w.app.cfg.PublicURL, Log: w.app.log,
		SiteOf:    func(r *http.Request) string { return web.SiteOf(r).Name },
		SiteHosts: func(r *http.Request) []string { return web.SiteOf(r).Hosts },
		Guard:     httpguard.Mutation{Allowed: sameSiteOrigin(w.app.cfg)},
	}
	w.deps.Extra = append(w.deps.Extra, api.Mount)
	return nil
}
