package main

import (
	"context"
	"fmt"
	"net/url"
)

// wireMap hands MAP_STYLE_URL to the front end's maps and lets the browser
// fetch from its origin. Without it the maps use the offline basemap that
// the front-end build ships (web/scripts/build-basemap.mjs).
func wireMap(ctx context.Context, w *wiring) error {
	raw := w.app.cfg.MapStyleURL
	if raw == "" {
		return nil
	}
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return fmt.Errorf("MAP_STYLE_URL %q: must be an http(s) address of a MapLibre style", raw)
	}
	w.pages.MapStyleURL = raw
	w.deps.ConnectSrc = append(w.deps.ConnectSrc, u.Scheme+"://"+u.Host)
	return nil
}
