package main

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"strings"
	"time"

	"forecourt/internal/errs"
	"forecourt/internal/web"
)

// hardeningConfig are the settings of the abuse bounds.
type hardeningConfig struct {
	// PublicURLs maps a site name to its public origin (PUBLIC_URLS
	// "group-se=https://forecourt.se,group-uk=https://forecourt.co.uk").
	PublicURLs map[string]string
	// ClientIPHeader is the load balancer's client-address header
	// (CLIENT_IP_HEADER, e.g. X-Forwarded-For); empty: the connection's.
	ClientIPHeader string
	// MetricsAddr is the separate listener of /metrics (METRICS_ADDR, e.g.
	// 127.0.0.1:9090); MetricsToken admits /metrics on the public port
	// with "Authorization: Bearer <token>" (METRICS_TOKEN).
	MetricsAddr  string
	MetricsToken string
}

// loadHardening reads the hardening settings; bad values are added to bad.
func loadHardening(bad errs.FieldErrors) hardeningConfig {
	h := hardeningConfig{
		PublicURLs:     map[string]string{},
		ClientIPHeader: strings.TrimSpace(os.Getenv("CLIENT_IP_HEADER")),
		MetricsAddr:    strings.TrimSpace(os.Getenv("METRICS_ADDR")),
		MetricsToken:   os.Getenv("METRICS_TOKEN"),
	}
	for _, part := range splitList(os.Getenv("PUBLIC_URLS")) {
		name, u, ok := strings.Cut(part, "=")
		u = strings.TrimSuffix(strings.TrimSpace(u), "/")
		if !ok || strings.TrimSpace(name) == "" || (!strings.HasPrefix(u, "http://") && !strings.HasPrefix(u, "https://")) {
			bad.Add("PUBLIC_URLS", fmt.Sprintf("%q: want site=https://host", part))
			continue
		}
		h.PublicURLs[strings.TrimSpace(name)] = u
	}
	switch strings.ToLower(h.ClientIPHeader) {
	case "", "x-forwarded-for", "x-real-ip":
	default:
		bad.Add("CLIENT_IP_HEADER", "must be X-Forwarded-For or X-Real-IP")
	}
	if h.MetricsToken != "" && len(h.MetricsToken) < 16 {
		bad.Add("METRICS_TOKEN", "must have at least 16 characters")
	}
	if h.MetricsAddr != "" {
		if _, _, err := net.SplitHostPort(h.MetricsAddr); err != nil {
			bad.Add("METRICS_ADDR", "must be host:port, e.g. 127.0.0.1:9090")
		}
	}
	return h
}

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
