package main

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"

	"forecourt/internal/web"
)

// withHardening adds the hardening settings to the web configuration.
func withHardening(cfg config, wc web.Config) web.Config {
	wc.PublicURLs = cfg.Hardening.PublicURLs
	wc.ClientIPHeader = cfg.Hardening.ClientIPHeader
	wc.MetricsToken = cfg.Hardening.MetricsToken
	return wc
}

// wireHardening throttles editor sign-ins with the store's counters (they
// hold across replicas) and checks that PUBLIC_URLS and EDITOR_ACCOUNTS
// name known sites.
func wireHardening(ctx context.Context, w *wiring) error {
	for name := range w.app.cfg.Hardening.PublicURLs {
		if _, err := w.app.sites.ByName(name); err != nil {
			return fmt.Errorf("PUBLIC_URLS: unknown site %q", name)
		}
	}
	for _, name := range w.app.cfg.EditorAccounts.Sites() {
		if _, err := w.app.sites.ByName(name); err != nil {
			return fmt.Errorf("EDITOR_ACCOUNTS: unknown site %q", name)
		}
	}
	if w.deps.Editing != nil && w.limiter != nil {
		w.deps.Editing.Limiter = w.limiter
	}
	return nil
}

// serveMetrics serves /metrics on METRICS_ADDR until ctx ends.
func serveMetrics(ctx context.Context, cfg config, srv *web.Server, log *slog.Logger) error {
	if cfg.Hardening.MetricsAddr == "" {
		return nil
	}
	ln, err := net.Listen("tcp", cfg.Hardening.MetricsAddr)
	if err != nil {
		return fmt.Errorf("METRICS_ADDR: %w", err)
	}
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", srv.MetricsHandler())
	ms := &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	go func() {
		<-ctx.Done()
		ms.Close()
	}()
	go func() {
		if err := ms.Serve(ln); err != nil && err != http.ErrServerClosed {
			log.Warn("metrics listener stopped", "err", err)
		}
	}()
	log.Info("metrics", "url", "http://"+ln.Addr().String()+"/metrics")
	return nil
}
