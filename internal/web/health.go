package web

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	"forecourt/internal/errs"
	"forecourt/internal/httpkit"
	"forecourt/internal/site"
)

// handleHealth serves "GET /healthz": the state of the store, the render
// pool and the search indexes. Status 503 while the indexes are first
// built ("starting"), and when the store is down or no render worker runs
// ("degraded": pages still work through the fallback, but an operator
// should know).
func (s *Server) handleHealth(w http.ResponseWriter, r *http.Request) error {
	ctx, cancel := context.WithTimeout(r.Context(), 3*time.Second)
	defer cancel()
	checks := map[string]string{}
	healthy := true
	if s.store != nil {
		checks["store"] = s.store.State(ctx)
		checks["store_engine"] = string(s.store.Engine)
		if checks["store"] != "ok" {
			healthy = false
		}
	}
	if s.render != nil {
		ready, size := s.render.Ready(), s.render.Size()
		checks["render"] = fmt.Sprintf("%d/%d workers", ready, size)
		if ready == 0 {
			healthy = false
		}
	} else {
		checks["render"] = "disabled"
	}
	if s.prerender != nil {
		checks["prerender"] = s.prerender.State(ctx)
	}
	starting := false
	for name, check := range s.deps.Health {
		checks[name] = check(ctx)
		if strings.HasPrefix(checks[name], "down") {
			healthy = false
		}
		// A replica whose search indexes are still being built is not ready
		// for traffic: its catalogue pages would find no cars.
		if strings.HasPrefix(checks[name], "building") {
			starting = true
		}
	}
	status := "ok"
	code := http.StatusOK
	switch {
	case !healthy:
		status, code = "degraded", http.StatusServiceUnavailable
	case starting:
		status, code = "starting", http.StatusServiceUnavailable
	}
	w.Header().Set("Cache-Control", "no-store")
	return httpkit.WriteJSON(w, r, code, map[string]any{"status": status, "checks": checks, "uptime_seconds": int(time.Since(s.started).Seconds())})
}

func notFoundAPI(r *http.Request) error {
	return errs.E(errs.NotFound, "no API at %s %s", r.Method, r.URL.Path)
}

// serveFavicon serves the default favicon (sites may name their own in settings).
func serveFavicon(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "public, max-age=86400")
	w.Write([]byte(defaultFavicon))
}

// serveBrandIcon serves a brand icon variant, /icons/<name>.svg (the
// names of site.IconNames); anything else is 404.
func serveBrandIcon(w http.ResponseWriter, r *http.Request) error {
	name, ok := strings.CutSuffix(r.PathValue("name"), ".svg")
	svg, known := site.IconSVG(name)
	if !ok || !known {
		return errs.E(errs.NotFound, "no brand icon %q (known: %s)", r.PathValue("name"), strings.Join(site.IconNames, ", "))
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "public, max-age=86400")
	_, err := w.Write(svg)
	return err
}

const defaultFavicon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#0b3d91"/><path d="M18 46V18h28v7H26v6h16v7H26v8z" fill="#fff"/></svg>`
