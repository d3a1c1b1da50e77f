package main

import (
	"context"
	"database/sql"
	"os"
	"strings"

	"forecourt/internal/booking"
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
	api := &bookingapi.API{
		Engine: w.booking, Vehicles: vp, Places: places.Sweden(), Limiter: w.limiter,
		Kick: w.mail.Kick, Log: w.app.log,
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
	w.deps.Routes = append(w.deps.Routes, api.Routes()...)
	return nil
}
