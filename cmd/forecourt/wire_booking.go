package main

import (
	"context"

	"forecourt/internal/booking/bookingapi"
	"forecourt/internal/demo/fleet"
	"forecourt/internal/places"
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
	api := &bookingapi.API{
		Engine: w.booking, Bookings: parts.bookings, Links: parts.bookings.Links, Vehicles: vp, Places: places.Sweden(),
		Limiter: w.limiter, Log: w.app.log,
	}
	w.deps.Routes = append(w.deps.Routes, api.Routes()...)
	return nil
}
