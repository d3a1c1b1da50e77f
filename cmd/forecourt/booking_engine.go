package main

import (
	"context"
	"time"

	"forecourt/internal/booking"
	"forecourt/internal/catalog"
	"forecourt/internal/web"
)

// startBookingEngine returns the server's one booking engine, used by the
// service booking and by the tyre hotel's wheel changes, over the
// Workshop departments of every site's dealer sites. The directory is
// re-read from the catalog every minute, so an import of dealer sites
// shows up without a restart; capacity itself always lives in the store.
func startBookingEngine(ctx context.Context, a *app, deps *web.Deps) (*booking.Engine, error) {
	dir := booking.NewDirectory(nil)
	st := catalog.NewStore(a.db)
	if err := dir.Load(ctx, st, a.sites.All()); err != nil {
		return nil, err
	}
	eng := booking.New(a.db, dir)
	// Each workshop's week (hours and capacity per weekday) lives in the
	// store, where the workshop edits it; a workshop new to the store gets
	// its dealer site's schedule and the demo capacity.
	if _, err := eng.SeedHours(ctx); err != nil {
		return nil, err
	}
	go func() {
		t := time.NewTicker(time.Minute)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				if err := dir.Load(ctx, st, a.sites.All()); err != nil {
					a.log.Warn("reloading workshops failed", "err", err)
				} else if _, err := eng.SeedHours(ctx); err != nil {
					a.log.Warn("storing new workshops' hours failed", "err", err)
				}
			}
		}
	}()
	deps.Health["booking-workshops"] = func(context.Context) string {
		if n := len(dir.All("")); n > 0 {
			return "ok"
		}
		return "no workshops (run forecourt seed)"
	}
	return eng, nil
}
