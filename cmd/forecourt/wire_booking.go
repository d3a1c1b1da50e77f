package main

import (
	"context"
	"net/http"
	"os"
	"strings"
	"time"

	"forecourt/internal/booking"
	"forecourt/internal/booking/bookingapi"
	"forecourt/internal/catalog"
	"forecourt/internal/errs"
	"forecourt/internal/places"
	"forecourt/internal/vehicles"
	"forecourt/internal/web"
)

func init() { wirers = append(wirers, wireBooking) }

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
// calls. The workshop directory is re-read from the catalog every minute,
// so an import of dealer sites shows up without a restart.
func wireBooking(ctx context.Context, w *wiring) error {
	vp, err := vehicleProvider()
	if err != nil {
		return err
	}
	dir := booking.NewDirectory(nil)
	st := catalog.NewStore(w.app.db)
	if err := dir.Load(ctx, st, w.app.sites.All()); err != nil {
		return err
	}
	go func() {
		t := time.NewTicker(time.Minute)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				if err := dir.Load(ctx, st, w.app.sites.All()); err != nil {
					w.app.log.Warn("reloading workshops failed", "err", err)
				}
			}
		}
	}()
	api := &bookingapi.API{
		Engine: booking.New(w.app.db, dir), Vehicles: vp, Places: places.Sweden(), Limiter: w.limiter,
		Kick: w.mail.Kick, PublicURL: w.app.cfg.PublicURL, Log: w.app.log,
		SiteOf: func(r *http.Request) string { return web.SiteOf(r).Name },
	}
	w.deps.Extra = append(w.deps.Extra, api.Mount)
	w.deps.Health["booking-workshops"] = func(context.Context) string {
		if n := len(dir.All("")); n > 0 {
			return "ok"
		}
		return "no workshops (run forecourt seed)"
	}
	return nil
}
