package main

import (
	"context"
	"os"
	"strings"

	"forecourt/internal/booking/bookingapi"
	"forecourt/internal/errs"
	"forecourt/internal/places"
	"forecourt/internal/vehicles"
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

// wireBooking plugs in the service booking: the booking engine
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
	// flow joins it when wireTirehotel runs. The guard's Origin rule and
	// the mails' links are the server's one policy (httpguard).
	api := &bookingapi.API{
		Engine: w.booking, Bookings: parts.bookings, Links: parts.bookings.Links, Vehicles: vp, Places: places.Sweden(),
		Limiter: w.limiter, Log: w.app.log,
	}
	w.deps.Routes = append(w.deps.Routes, api.Routes()...)
	return nil
}
