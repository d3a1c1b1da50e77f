package main

import (
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"forecourt/internal/editing"
	"forecourt/internal/errs"
)

// config is every setting, read from the environment once at start.
type config struct {
	Port          int
	Host          string
	SiteName      string
	DataDir       string
	DatabaseURL   string
	ContentDir    string
	RenderWorkers int
	RenderTimeout time.Duration
	RenderCache   int
	// Prerender makes the long tail's page documents in advance (PRERENDER),
	// working PrerenderShare of the wall clock (PRERENDER_SHARE_PCT).
	Prerender      bool
	PrerenderShare float64
	// JobPoll is how often the job queue looks for due jobs (JOB_POLL_MS).
	JobPoll     time.Duration
	PublicURL   string
	Locales     []string
	LogLevel    slog.Level
	AccessLog   bool
	WebDir      string
	EditingHost string
	MediaDir    string
	MediaOrigin string
	ImageHosts  []string
	// Editing mode.
	EditorAccounts editing.Accounts
	EditingSecret  string
	EditorSession  time.Duration
	// Experience Edge content source (used when EdgeEndpoint is set).
	EdgeEndpoint string
	EdgeAPIKey   string
	EdgeCacheTTL time.Duration
	EdgeTimeout  time.Duration
	// Personalization page-view events (dropped when empty).
	PersonalizeEndpoint string
	PersonalizeTimeout  time.Duration
	// MapStyleURL is a MapLibre style for real map tiles (empty: offline basemap).
	MapStyleURL string
	// Abuse bounds: per-site public URLs, metrics access (wire_hardening.go).
	Hardening hardeningConfig
}

// loadConfig reads the settings; every bad value is reported by name.
func loadConfig() (config, error) {
	c := config{
		Host:        env("HOST", "127.0.0.1"),
		SiteName:    env("SITE_NAME", "group-se"),
		DataDir:     env("DATA_DIR", "./data"),
		DatabaseURL: os.Getenv("DATABASE_URL"),
		ContentDir:  os.Getenv("CONTENT_DIR"),
		PublicURL:   strings.TrimSuffix(os.Getenv("PUBLIC_URL"), "/"),
		WebDir:      env("WEB_DIR", "./web"),
		EditingHost: os.Getenv("EDITING_HOST"),
		MediaOrigin: os.Getenv("MEDIA_ORIGIN"),
		ImageHosts:  splitList(os.Getenv("IMAGE_HOSTS")),
	}
	c.EditingSecret = os.Getenv("EDITING_SECRET")
	c.EdgeEndpoint = os.Getenv("EDGE_ENDPOINT")
	c.EdgeAPIKey = os.Getenv("EDGE_API_KEY")
	c.PersonalizeEndpoint = os.Getenv("PERSONALIZE_ENDPOINT")
	c.MapStyleURL = os.Getenv("MAP_STYLE_URL")
	c.MediaDir = env("MEDIA_DIR", filepath.Join(c.DataDir, "media"))
	bad := errs.FieldErrors{}
	c.Port = envInt("PORT", 8080, 1, 65535, bad)
	c.RenderWorkers = envInt("RENDER_WORKERS", 2, 0, 64, bad)
	c.RenderCache = envInt("RENDER_CACHE", 512, 0, 1_000_000, bad)
	c.Prerender = envBool("PRERENDER", true, bad)
	c.PrerenderShare = float64(envInt("PRERENDER_SHARE_PCT", 25, 1, 100, bad)) / 100
	ms := envInt("RENDER_TIMEOUT_MS", 2000, 50, 60_000, bad)
	c.RenderTimeout = time.Duration(ms) * time.Millisecond
	c.JobPoll = time.Duration(envInt("JOB_POLL_MS", 1000, 50, 60_000, bad)) * time.Millisecond
	c.EditorSession = time.Duration(envInt("EDITOR_SESSION_HOURS", 8, 1, 24*30, bad)) * time.Hour
	c.EdgeCacheTTL = time.Duration(envInt("EDGE_CACHE_SECONDS", 30, 0, 3600, bad)) * time.Second
	if c.EdgeCacheTTL == 0 {
		c.EdgeCacheTTL = -1 // off
	}
	c.EdgeTimeout = time.Duration(envInt("EDGE_TIMEOUT_MS", 3000, 100, 60_000, bad)) * time.Millisecond
	c.PersonalizeTimeout = time.Duration(envInt("PERSONALIZE_TIMEOUT_MS", 1500, 50, 30_000, bad)) * time.Millisecond
	accounts, err := editing.ParseAccounts(os.Getenv("EDITOR_ACCOUNTS"))
	if err != nil {
		bad.Add("EDITOR_ACCOUNTS", err.Error())
	}
	c.EditorAccounts = accounts
	c.Hardening = loadHardening(bad)
	if c.EditingSecret != "" && len(c.EditingSecret) < 16 {
		bad.Add("EDITING_SECRET", "must have at least 16 characters")
	}
	if c.EdgeEndpoint != "" {
		if !strings.HasPrefix(c.EdgeEndpoint, "http://") && !strings.HasPrefix(c.EdgeEndpoint, "https://") {
			bad.Add("EDGE_ENDPOINT", "must start with http:// or https://")
		}
		if c.EdgeAPIKey == "" {
			bad.Add("EDGE_API_KEY", "is required when EDGE_ENDPOINT is set")
		}
	}
	if c.PersonalizeEndpoint != "" && !strings.HasPrefix(c.PersonalizeEndpoint, "http://") && !strings.HasPrefix(c.PersonalizeEndpoint, "https://") {
		bad.Add("PERSONALIZE_ENDPOINT", "must start with http:// or https://")
	}
	c.Locales = splitList(env("LOCALES", "sv,en,da,nb,fi,sk"))
	for _, l := range c.Locales {
		if len(l) < 2 || len(l) > 8 {
			bad.Add("LOCALES", fmt.Sprintf("%q is not a language code", l))
		}
	}
	switch strings.ToLower(env("LOG_LEVEL", "info")) {
	case "debug":
		c.LogLevel = slog.LevelDebug
	case "info":
		c.LogLevel = slog.LevelInfo
	case "warn":
		c.LogLevel = slog.LevelWarn
	case "error":
		c.LogLevel = slog.LevelError
	default:
		bad.Add("LOG_LEVEL", "must be debug, info, warn or error")
	}
	c.AccessLog = envBool("ACCESS_LOG", true, bad)
	if c.PublicURL != "" && !strings.HasPrefix(c.PublicURL, "http://") && !strings.HasPrefix(c.PublicURL, "https://") {
		bad.Add("PUBLIC_URL", "must start with http:// or https://")
	}
	if c.DatabaseURL != "" && !strings.HasPrefix(c.DatabaseURL, "postgres://") && !strings.HasPrefix(c.DatabaseURL, "postgresql://") {
		bad.Add("DATABASE_URL", "must be a postgres:// URL")
	}
	return c, bad.Err("invalid settings")
}

func env(name, def string) string {
	if v, ok := os.LookupEnv(name); ok && v != "" {
		return v
	}
	return def
}

func envInt(name string, def, min, max int, bad errs.FieldErrors) int {
	v := os.Getenv(name)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < min || n > max {
		bad.Add(name, fmt.Sprintf("must be a whole number from %d to %d, got %q", min, max, v))
		return def
	}
	return n
}

func envBool(name string, def bool, bad errs.FieldErrors) bool {
	v := os.Getenv(name)
	if v == "" {
		return def
	}
	b, err := strconv.ParseBool(v)
	if err != nil {
		bad.Add(name, fmt.Sprintf("must be true or false, got %q", v))
		return def
	}
	return b
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}
