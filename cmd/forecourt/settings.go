package main

import (
	"fmt"
	"log/slog"
	"net"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"forecourt/internal/editing"
	"forecourt/internal/forms/builder"
	"forecourt/internal/forms/formsapi"
	"forecourt/internal/ratelimit"
	staffaccounts "forecourt/internal/staff/accounts"
)

// setting is one environment variable the server reads: its name, the
// value it has when unset or empty, what it means, and the parser that
// puts it into its section of config. The table below is the only place a
// setting is read: loadConfig runs it, `forecourt --help` prints it and a
// test checks that README.md's table says the same.
type setting struct {
	name string
	// def is the value used when the variable is unset or empty; it goes
	// through parse like a set value. Empty: the meaning says what empty does.
	def     string
	meaning string
	// parse stores v (def when unset) in c, or says what is wrong with it.
	parse func(c *config, v string) error
}

// settings are every setting, in the order of README.md's table. A parser
// may read a setting above it (MEDIA_DIR reads DATA_DIR); checks across
// settings are in checkSettings.
func settings() []setting {
	return []setting{
		// The server.
		{"PORT", "8080", "HTTP port (listens on `HOST`)",
			func(c *config, v string) (err error) { c.Port, err = whole(v, 1, 65535); return }},
		{"HOST", "127.0.0.1", "address the HTTP port listens on",
			func(c *config, v string) error { c.Host = v; return nil }},
		{"SITE_NAME", "group-se", "default site; an unknown name stops start-up with an error naming it",
			func(c *config, v string) error { c.SiteName = v; return nil }},
		{"DATA_DIR", "./data", "SQLite file and other data",
			func(c *config, v string) error { c.DataDir = v; return nil }},
		{"DATABASE_URL", "", "`postgres://…` to use PostgreSQL instead of SQLite (empty: SQLite)",
			func(c *config, v string) error {
				if v != "" && !strings.HasPrefix(v, "postgres://") && !strings.HasPrefix(v, "postgresql://") {
					return fmt.Errorf("must be a postgres:// URL")
				}
				c.DatabaseURL = v
				return nil
			}},
		{"CONTENT_DIR", "", "a folder replacing the embedded demo content (`content/`; empty: the embedded one)",
			func(c *config, v string) error { c.ContentDir = v; return nil }},
		{"WEB_DIR", "./web", "the front end's folder: the render worker and the built bundles (`dist/`)",
			func(c *config, v string) error { c.WebDir = v; return nil }},
		{"LOCALES", "sv,en,da,nb,fi,sk", "enabled locales; site languages outside the list are not served",
			func(c *config, v string) error {
				c.Locales = splitList(v)
				for _, l := range c.Locales {
					if len(l) < 2 || len(l) > 8 {
						return fmt.Errorf("%q is not a language code", l)
					}
				}
				return nil
			}},
		{"LOG_LEVEL", "info", "structured JSON logs on stderr from this level: debug, info, warn or error",
			func(c *config, v string) error {
				switch strings.ToLower(v) {
				case "debug":
					c.LogLevel = slog.LevelDebug
				case "info":
					c.LogLevel = slog.LevelInfo
				case "warn":
					c.LogLevel = slog.LevelWarn
				case "error":
					c.LogLevel = slog.LevelError
				default:
					return fmt.Errorf("must be debug, info, warn or error")
				}
				return nil
			}},
		{"ACCESS_LOG", "true", "one log line per request",
			func(c *config, v string) (err error) { c.AccessLog, err = boolean(v); return }},
		{"RENDER_WORKERS", "2", "Node render workers (0: client-side rendering only)",
			func(c *config, v string) (err error) { c.RenderWorkers, err = whole(v, 0, 64); return }},
		{"RENDER_TIMEOUT_MS", "2000", "bound of one server render before the fallback",
			func(c *config, v string) (err error) { c.RenderTimeout, err = millis(v, 50, 60_000); return }},
		{"LOADER_TIMEOUT_MS", "1000", "bound of one component's data loader; past it the component gets no data and shows its empty state",
			func(c *config, v string) (err error) { c.LoaderTimeout, err = millis(v, 50, 60_000); return }},
		{"RENDER_CACHE", "512", "rendered pages kept by page-data hash (0: off)",
			func(c *config, v string) (err error) { c.RenderCache, err = whole(v, 0, 1_000_000); return }},
		{"PRERENDER", "true", "make every car page, dealer site and brand and brand/model list of a site in advance after its stock or content changed (and at start), into `$DATA_DIR/prerender/run-*` (removed at stop); off with `RENDER_CACHE=0` or no render workers",
			func(c *config, v string) (err error) { c.Prerender, err = boolean(v); return }},
		{"PRERENDER_SHARE_PCT", "25", "the share of the wall clock the pre-render works (one page at a time, resting between pages)",
			func(c *config, v string) error {
				n, err := whole(v, 1, 100)
				c.PrerenderShare = float64(n) / 100
				return err
			}},
		{"JOB_POLL_MS", "1000", "how often the background job queue (alerts, reminders) looks for due jobs",
			func(c *config, v string) (err error) { c.JobPoll, err = millis(v, 50, 60_000); return }},

		// Public addresses and abuse bounds.
		{"PUBLIC_URL", "", "origin of the default site for canonical, robots and sitemap URLs (empty: its configured host)",
			func(c *config, v string) error {
				v = strings.TrimSuffix(v, "/")
				if v != "" && !httpURL(v) {
					return fmt.Errorf("must start with http:// or https://")
				}
				c.PublicURL = v
				return nil
			}},
		{"PUBLIC_URLS", "", "origins of other sites: `group-uk=https://forecourt.co.uk,…`; without one a site uses its configured host (the `Host` header only when it is one of them)",
			func(c *config, v string) error {
				c.Hardening.PublicURLs = map[string]string{}
				for _, part := range splitList(v) {
					name, u, ok := strings.Cut(part, "=")
					u = strings.TrimSuffix(strings.TrimSpace(u), "/")
					if !ok || strings.TrimSpace(name) == "" || !httpURL(u) {
						return fmt.Errorf("%q: want site=https://host", part)
					}
					c.Hardening.PublicURLs[strings.TrimSpace(name)] = u
				}
				return nil
			}},
		{"METRICS_ADDR", "", "separate listener for `/metrics`, e.g. `127.0.0.1:9090` (empty: none)",
			func(c *config, v string) error {
				v = strings.TrimSpace(v)
				if v != "" {
					if _, _, err := net.SplitHostPort(v); err != nil {
						return fmt.Errorf("must be host:port, e.g. 127.0.0.1:9090")
					}
				}
				c.Hardening.MetricsAddr = v
				return nil
			}},
		{"METRICS_TOKEN", "", "serve `/metrics` on the public port to `Authorization: Bearer <token>` (≥ 16 characters; empty: `/metrics` is 404 on the public port)",
			func(c *config, v string) (err error) { c.Hardening.MetricsToken, err = secret(v, 16); return }},
		{"CLIENT_IP_HEADER", "", "`X-Forwarded-For` or `X-Real-IP` set by your load balancer: the client address of every per-address limit (sign-in, forms, alerts, booking, tyre hotel, reminders); its last entry counts. Empty: the connection's address, and the header is ignored, whoever sends it",
			func(c *config, v string) error {
				v = strings.TrimSpace(v)
				switch strings.ToLower(v) {
				case "", "x-forwarded-for", "x-real-ip":
				default:
					return fmt.Errorf("must be X-Forwarded-For or X-Real-IP")
				}
				c.Hardening.ClientIPHeader = v
				return nil
			}},

		// Media.
		{"MEDIA_DIR", "", "local media served under `/-/media/…` when no origin is set (empty: `$DATA_DIR/media`)",
			func(c *config, v string) error {
				if v == "" {
					v = filepath.Join(c.DataDir, "media")
				}
				c.MediaDir = v
				return nil
			}},
		{"MEDIA_ORIGIN", "", "proxy `/-/media/…` and `/-/jssmedia/…` to this origin (empty: `MEDIA_DIR`)",
			func(c *config, v string) error { c.MediaOrigin = v; return nil }},
		{"IMAGE_HOSTS", "", "hosts `/_img?src=` may fetch from (`host`, `host:port`, `*.domain`; empty: none)",
			func(c *config, v string) error { c.ImageHosts = splitList(v); return nil }},

		// Editing mode and the content source.
		{"EDITOR_ACCOUNTS", "", "editors as `name:bcrypt-hash[:site|site],…` (`forecourt hash-password` makes a hash); the sites an editor may edit, `*` for all, none listed: the default site only (empty: no editors; `make run`: the demo editor)",
			func(c *config, v string) (err error) { c.EditorAccounts, err = editing.ParseAccounts(v); return }},
		{"EDITOR_SESSION_HOURS", "8", "lifetime of an editor's session",
			func(c *config, v string) error {
				h, err := whole(v, 1, 24*30)
				c.EditorSession = time.Duration(h) * time.Hour
				return err
			}},
		{"STAFF_ACCOUNTS", "", "staff as `name:bcrypt-hash:role[:scope|scope],…`, role `editor`, `workshop`, `sales` or `admin`; the scope is a workshop's departments (`D-1011`, a site name for all its workshops, `*`) or an editor's or seller's sites (`group-se`, a dealer site `group-se/stockholm-kungsholmen`, `*`). Written into the store at start, with `EDITOR_ACCOUNTS`; an admin manages them at `/staff/admin/accounts` (`docs/staff.md`) (empty: none; `make run`: the demo staff)",
			func(c *config, v string) (err error) { c.StaffAccounts, err = staffaccounts.ParseSpecs(v); return }},
		{"STAFF_SESSION_HOURS", "10", "lifetime of a staff session",
			func(c *config, v string) error {
				h, err := whole(v, 1, 24*30)
				c.StaffSession = time.Duration(h) * time.Hour
				return err
			}},
		{"EDITING_HOST", "", "origin that may frame pages in editing mode (empty: none)",
			func(c *config, v string) error { c.EditingHost = v; return nil }},
		{"EDITING_SECRET", "", "shared secret of `POST /api/editing/render` (≥ 16 characters; empty: the endpoint is off)",
			func(c *config, v string) (err error) { c.EditingSecret, err = secret(v, 16); return }},
		{"EDGE_ENDPOINT", "", "Sitecore Experience Edge GraphQL URL (empty: the YAML files)",
			func(c *config, v string) error {
				if v != "" && !httpURL(v) {
					return fmt.Errorf("must start with http:// or https://")
				}
				c.EdgeEndpoint = v
				return nil
			}},
		{"EDGE_API_KEY", "", "Experience Edge `sc_apikey`; required with `EDGE_ENDPOINT`",
			func(c *config, v string) error { c.EdgeAPIKey = v; return nil }},
		{"EDGE_CACHE_SECONDS", "30", "Edge answer cache (0: off)",
			func(c *config, v string) error {
				s, err := whole(v, 0, 3600)
				c.EdgeCacheTTL = time.Duration(s) * time.Second
				if c.EdgeCacheTTL == 0 {
					c.EdgeCacheTTL = -1 // off
				}
				return err
			}},
		{"EDGE_TIMEOUT_MS", "3000", "bound of one Edge call",
			func(c *config, v string) (err error) { c.EdgeTimeout, err = millis(v, 100, 60_000); return }},
		{"PERSONALIZE_ENDPOINT", "", "where page-view events are forwarded (empty: events are dropped)",
			func(c *config, v string) error {
				if v != "" && !httpURL(v) {
					return fmt.Errorf("must start with http:// or https://")
				}
				c.PersonalizeEndpoint = v
				return nil
			}},
		{"PERSONALIZE_TIMEOUT_MS", "1500", "bound of one forwarded event",
			func(c *config, v string) (err error) { c.PersonalizeTimeout, err = millis(v, 50, 30_000); return }},

		// Forms.
		{"FORMS_SECRET", "", "signing key of the form tickets (≥ 16 characters; empty: a key kept in the store); the same in every process",
			func(c *config, v string) (err error) { c.Forms.Secret, err = secret(v, 16); return }},
		{"FORMS_MIN_FILL_MS", "3000", "minimum time between fetching a form ticket and sending the form",
			func(c *config, v string) (err error) { c.Forms.MinFill, err = millis(v, 0, 600_000); return }},
		{"FORMS_LIMIT_ADDRESS", "20/10m", "form posts per client address (IPv6: per /64)",
			func(c *config, v string) (err error) { c.Forms.AddressLimit, err = ratelimit.ParseLimit(v); return }},
		{"FORMS_LIMIT_RECIPIENT", "60/1h", "accepted submissions per recipient mailbox",
			func(c *config, v string) (err error) { c.Forms.RecipientLimit, err = ratelimit.ParseLimit(v); return }},
		{"FORMS_TRUST_FORWARDED", "", "no longer read: refused when set, since `CLIENT_IP_HEADER` is the one proxy policy of every endpoint",
			func(c *config, v string) error {
				if v != "" {
					return fmt.Errorf("is replaced by CLIENT_IP_HEADER=X-Forwarded-For (one proxy policy for every endpoint)")
				}
				return nil
			}},
		{"JOTFORM_API_KEY", "", "send form-builder submissions to the hosted form service instead of storing and mailing them (empty: the built-in store)",
			func(c *config, v string) error { c.Forms.JotformKey = v; return nil }},
		{"JOTFORM_REGION", "us", "the hosted form service's region: `eu` or `us`",
			func(c *config, v string) (err error) { c.Forms.JotformRegion, err = builder.ParseRegion(v); return }},
		{"JOTFORM_BASE_URL", "", "replaces the region's API address of the hosted form service (tests; empty: the region's)",
			func(c *config, v string) error { c.Forms.JotformBaseURL = v; return nil }},
		{"MARKETING_FORM_SCRIPT_URL", formsapi.DefaultMarketingScript, "the marketing-form embed's (`MarketingForm` block) script address (https, or http on loopback)",
			func(c *config, v string) error { c.Marketing.ScriptURL = v; return nil }},
		{"MARKETING_FORM_REGION", "eu1", "the marketing-form provider's data region",
			func(c *config, v string) error { c.Marketing.Region = v; return nil }},
		{"MARKETING_FORM_PORTAL_ID", "", "the marketing-form provider's account (empty: the block offers the site's own form)",
			func(c *config, v string) error { c.Marketing.PortalID = v; return nil }},

		// Mail and text messages.
		{"SMTP_ADDR", "", "SMTP relay `host:port` (empty: mail is queued, not sent; `make run`: 127.0.0.1:1025, the mail catcher)",
			func(c *config, v string) error { c.Mail.SMTPAddr = v; return nil }},
		{"SMTP_FROM", "no-reply@forecourt.local", "sender of every mail",
			func(c *config, v string) error { c.Mail.From = v; return nil }},
		{"SMS_GATEWAY_URL", "", "HTTP SMS gateway (Twilio-style form POST of `To`, `From`, `Body`; empty: texts stay in the development outbox at `/_dev/sms.html`)",
			func(c *config, v string) error {
				v = strings.TrimSpace(v)
				if v != "" && !httpURL(v) {
					return fmt.Errorf("must be an http(s) URL")
				}
				c.SMS.GatewayURL = v
				return nil
			}},
		{"SMS_GATEWAY_USER", "", "the SMS gateway's basic-auth user",
			func(c *config, v string) error { c.SMS.User = v; return nil }},
		{"SMS_GATEWAY_TOKEN", "", "the SMS gateway's basic-auth token",
			func(c *config, v string) error { c.SMS.Token = v; return nil }},
		{"SMS_SENDER", "Forecourt", "the sender name of text messages",
			func(c *config, v string) error { c.SMS.Sender = v; return nil }},

		// Maps and bookings.
		{"MAP_STYLE_URL", "", "a MapLibre style (`https://…/style.json`) for real map tiles on dealer pages and booking confirmations; its origin is allowed in the CSP (empty: the offline basemap)",
			func(c *config, v string) error { c.MapStyleURL = v; return nil }},
		{"VEHICLE_API_URL", "", "vehicle-data service for plate look-ups (`GET {url}/vehicles/{reg}`; empty: the built-in demo register)",
			func(c *config, v string) error {
				v = strings.TrimSpace(v)
				if v != "" && !httpURL(v) {
					return fmt.Errorf("must start with http:// or https://")
				}
				c.Vehicles.URL = v
				return nil
			}},
		{"VEHICLE_API_KEY", "", "the vehicle-data service's bearer key",
			func(c *config, v string) error { c.Vehicles.Key = v; return nil }},
		{"BOOKING_LINK_SECRET", "", "signing key of the links to a booking's page (`/boka-service/hantera?token=`, change the time or cancel; ≥ 16 characters; empty: a key kept in the store); the same in every process",
			func(c *config, v string) (err error) { c.Booking.LinkSecret, err = secret(v, 16); return }},
		{"TIREHOTEL_KEY", "", "base64 of 32 bytes: encrypts tyre-hotel mobile numbers and SMS at rest, seals login tokens (empty: `$DATA_DIR/tirehotel.key`; `forecourt seed`, so `make run`, creates the development key file when both are absent)",
			func(c *config, v string) error { c.Tirehotel.Key = v; return nil }},
		{"TIREHOTEL_RATE_SCALE", "1", "multiplies the tyre hotel's rate limits (browser test runs, load tests)",
			func(c *config, v string) (err error) { c.Tirehotel.RateScale, err = whole(v, 1, 1000); return }},
		{"REMINDERS_SECRET", "", "signing key of the reminder mails' unsubscribe links (≥ 32 characters; empty: a key kept in the store); the same in every process",
			func(c *config, v string) (err error) {
				c.Reminders.Secret, err = secret(strings.TrimSpace(v), 32)
				return
			}},

		// Saved searches.
		{"ALERTS_SECRET", "", "key of the links in alert mails (≥ 16 characters; empty: derived from the form-ticket key); the same in every process",
			func(c *config, v string) (err error) { c.Alerts.Secret, err = secret(v, 16); return }},
		{"ALERTS_SWEEP_INTERVAL", "1h", "how often due alert digests are looked for (1s to 168h)",
			func(c *config, v string) error {
				d, err := time.ParseDuration(v)
				if err != nil || d < time.Second || d > 7*24*time.Hour {
					return fmt.Errorf("want a duration from 1s to 168h, got %q", v)
				}
				c.Alerts.Sweep = d
				return nil
			}},
		{"ALERTS_DIGEST_HOUR", "7", "the local hour from which a day's alert digest goes out",
			func(c *config, v string) (err error) { c.Alerts.DigestHour, err = whole(v, 0, 23); return }},
		{"ALERTS_LIMIT_ADDRESS", "20/10m", "saved-search sign-ups per client address",
			func(c *config, v string) (err error) { c.Alerts.Limits.Address, err = ratelimit.ParseLimit(v); return }},
		{"ALERTS_LIMIT_EMAIL", "10/1h", "saved-search sign-ups per e-mail address",
			func(c *config, v string) (err error) { c.Alerts.Limits.Email, err = ratelimit.ParseLimit(v); return }},
		{"ALERTS_LIMIT_RECIPIENT", "3/24h", "alert confirmation mails per recipient",
			func(c *config, v string) (err error) {
				c.Alerts.Limits.Recipient, err = ratelimit.ParseLimit(v)
				return
			}},

		// The Go runtime and profiling.
		{"GOGC", "", "the Go collector's heap growth in percent (empty: 200, tuned for page assembly)",
			func(c *config, v string) error { c.Runtime.GOGC = v != ""; return nil }},
		{"GOMEMLIMIT", "", "the Go runtime's soft memory limit (empty: one that follows the live heap)",
			func(c *config, v string) error { c.Runtime.GOMEMLIMIT = v != ""; return nil }},
		{"PPROF_ADDR", "", "`host:port` of a profiling listener for benchmarks, never the public port (empty: none)",
			func(c *config, v string) error { c.Runtime.PprofAddr = v; return nil }},
	}
}

// checkSettings adds the problems that concern more than one setting, or
// a section's own validation, to bad.
func checkSettings(c *config, bad map[string]string) {
	add := func(name, msg string) {
		if _, ok := bad[name]; !ok {
			bad[name] = msg
		}
	}
	if c.EdgeEndpoint != "" && c.EdgeAPIKey == "" {
		add("EDGE_API_KEY", "is required when EDGE_ENDPOINT is set")
	}
	// The marketing embed's own parser checks its three settings.
	mk, err := formsapi.ParseMarketingSettings(func(name string) string {
		switch name {
		case "MARKETING_FORM_SCRIPT_URL":
			return c.Marketing.ScriptURL
		case "MARKETING_FORM_REGION":
			return c.Marketing.Region
		case "MARKETING_FORM_PORTAL_ID":
			return c.Marketing.PortalID
		}
		return ""
	})
	if f := fieldsOf(err); len(f) > 0 {
		for name, msg := range f {
			add(name, msg)
		}
	} else if err != nil {
		add("MARKETING_FORM_SCRIPT_URL", err.Error())
	}
	c.Marketing = mk
}

// whole parses a whole number from min to max.
func whole(v string, min, max int) (int, error) {
	n, err := strconv.Atoi(v)
	if err != nil || n < min || n > max {
		return 0, fmt.Errorf("must be a whole number from %d to %d, got %q", min, max, v)
	}
	return n, nil
}

// millis parses milliseconds from min to max.
func millis(v string, min, max int) (time.Duration, error) {
	n, err := whole(v, min, max)
	return time.Duration(n) * time.Millisecond, err
}

func boolean(v string) (bool, error) {
	b, err := strconv.ParseBool(v)
	if err != nil {
		return false, fmt.Errorf("must be true or false, got %q", v)
	}
	return b, nil
}

// secret is a signing key or token: empty, or at least min characters.
func secret(v string, min int) (string, error) {
	if v != "" && len(v) < min {
		return "", fmt.Errorf("must have at least %d characters", min)
	}
	return v, nil
}

func httpURL(v string) bool {
	return strings.HasPrefix(v, "http://") || strings.HasPrefix(v, "https://")
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
