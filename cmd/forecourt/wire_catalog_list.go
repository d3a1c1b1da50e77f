package main

import (
	"context"

	"forecourt/internal/catalogpages"
	"forecourt/internal/page"
)

// wireCatalogList plugs in the find-a-car screens: the car list (with its
// readable /{brand}/{model} rewriter), breadcrumb, dealer-site list and
// detail, the hero's brand facet, the sitemap of cars and sites, and the
// car list's API (GET /api/car-list: later pages and changed filters).
func wireCatalogList(ctx context.Context, w *wiring) error {
	p := &catalogpages.Pages{Search: w.engine, Content: w.app.content, Logger: w.app.log}
	// Favourites first: its path is one segment under the car list.
	w.pages.Rewrite("favourites", p.FavouritesRewriter)
	w.pages.Rewrite("car-list", p.CarListRewriter)
	w.pages.Register("CarList", p.CarList)
	w.pages.Register("Favourites", p.Favourites)
	w.pages.Register("Breadcrumb", p.Breadcrumb)
	w.pages.Register("SiteList", p.SiteList)
	w.pages.Register("SiteDetail", p.SiteDetail)
	w.pages.Register("HeroBanner", p.Hero(page.HeroLoader(w.media.BlurDataURL)))
	w.deps.Sitemap = append(w.deps.Sitemap, p.Sitemap(p.IndexDocs))
	w.deps.Routes = append(w.deps.Routes, p.Routes()...)
	return nil
}
