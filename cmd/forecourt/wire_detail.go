package main

import (
	"context"

	"forecourt/internal/cardetail"
)

// wireCarDetail plugs in the car detail page ("Choose a car"): the
// /<pathToCarDetail>{id}/{slug} route, its loaders (car, similar cars, car of
// the week) and the finance and media APIs.
func wireCarDetail(ctx context.Context, w *wiring) error {
	svc := &cardetail.Service{
		Engine:  w.engine,
		Catalog: w.catalog.Store(),
		Content: w.app.content,
		Log:     w.app.log,
	}
	w.pages.Rewrite("car-detail", cardetail.Rewriter(cardetail.DetailItemPath))
	w.pages.Register("CarDetail", svc.DetailLoader())
	w.pages.Register("SimilarCars", svc.SimilarLoader())
	w.pages.Register("CarOfTheWeek", svc.CarOfTheWeekLoader())
	w.deps.Routes = append(w.deps.Routes, svc.Routes()...)

	// The lead and finance forms post to /api/forms/comhub, which
	// wire_forms.go mounts (one pipeline for every form).
	return nil
}
