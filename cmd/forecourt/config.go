package main

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"
	"time"

	"forecourt/internal/alerts"
	"forecourt/internal/editing"
	"forecourt/internal/errs"
	"forecourt/internal/forms/formsapi"
	"forecourt/internal/ratelimit"
	staffaccounts "forecourt/internal/staff/accounts"
)

// config is every setting, read from the environment once at start by the
// table of settings (settings.go); a feature reads its own section.
type config struct {
	Port          int
	Host          string
	SiteName      string
	DataDir       string
	DatabaseURL   string
	ContentDir    string
	RenderWorkers int
	RenderTimeout time.Duration
	LoaderTimeout time.Duration
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
	// Staff accounts beyond the editors (STAFF_ACCOUNTS) and how long a
	// staff session lasts (STAFF_SESSION_HOURS).
	StaffAccounts []staffaccounts.Spec
	StaffSession  time.Duration
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

	// The features' sections.
	Hardening hardeningConfig            // abuse bounds: public URLs, metrics, client address (wire_hardening.go)
	Forms     formsConfig                // the form pipeline (wire_forms.go)
	Marketing formsapi.MarketingSettings // the marketing-form embed (wire_forms_ui.go)
	Mail      mailConfig                 // the mail outbox (mail.go)
	SMS       smsConfig                  // the text-message gateway (wire_tirehotel.go)
	Vehicles  vehiclesConfig             // plate look-ups (wire_booking.go)
	Booking   bookingConfig              // booking links (wire_booking_manage.go)
	Tirehotel tirehotelConfig            // the tyre hotel (wire_tirehotel.go)
	Reminders remindersConfig            // owner reminders (wire_reminders.go)
	Alerts    alertsConfig               // saved searches (wire_alerts.go)
	Runtime   runtimeConfig              // the Go runtime and profiling (serve.go)
}

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

// formsConfig are the settings of the forms.
type formsConfig struct {
	// Secret is the form tickets' key; empty: one kept in the store.
	Secret                       string
	MinFill                      time.Duration
	AddressLimit, RecipientLimit ratelimit.Limit
	// JotformKey sends form-builder submissions to the hosted form service
	// of JotformRegion (eu or us); JotformBaseURL replaces its address.
	JotformKey, JotformRegion, JotformBaseURL string
}

// mailConfig are the settings of the mail outbox; without SMTPAddr mails
// are queued and not sent.
type mailConfig struct {
	SMTPAddr, From string
}

// smsConfig are the settings of the SMS gateway; without GatewayURL texts
// go to the development outbox.
type smsConfig struct {
	GatewayURL, User, Token, Sender string
}

// vehiclesConfig is the vehicle-data service; without URL the built-in
// demo register answers.
type vehiclesConfig struct {
	URL, Key string
}

// bookingConfig: LinkSecret signs the links to a booking's page; empty:
// one kept in the store.
type bookingConfig struct {
	LinkSecret string
}

// tirehotelConfig: Key is TIREHOTEL_KEY (empty: the key file under
// DATA_DIR); RateScale multiplies the rate limits.
type tirehotelConfig struct {
	Key       string
	RateScale int
}

// remindersConfig: Secret signs the unsubscribe links; empty: one kept in
// the store.
type remindersConfig struct {
	Secret string
}

// alertsConfig are the settings of the saved searches.
type alertsConfig struct {
	// Secret keys the links in alert mails; empty: derived from the form
	// ticket key.
	Secret     string
	Sweep      time.Duration
	DigestHour int
	// Limits are the sign-up limits; Tokens keeps its default.
	Limits alerts.Limits
}

// runtimeConfig: whether GOGC and GOMEMLIMIT are set (the runtime reads
// them itself; serve tunes the collector only when they are not), and the
// profiling listener.
type runtimeConfig struct {
	GOGC, GOMEMLIMIT bool
	PprofAddr        string
}

// loadConfig reads the settings from the environment; every bad value is
// reported by name.
func loadConfig() (config, error) {
	return loadConfigFrom(os.Getenv)
}

// loadConfigFrom reads the settings through getenv: each setting of the
// table in order, its default when unset or empty.
func loadConfigFrom(getenv func(string) string) (config, error) {
	c := config{Alerts: alertsConfig{Limits: alerts.DefaultLimits}}
	bad := errs.FieldErrors{}
	for _, s := range settings() {
		v := getenv(s.name)
		if v == "" {
			v = s.def
		}
		if err := s.parse(&c, v); err != nil {
			bad.Add(s.name, err.Error())
		}
	}
	checkSettings(&c, bad)
	return c, bad.Err("invalid settings")
}

// fieldsOf returns the field messages of an invalid-input error.
func fieldsOf(err error) map[string]string {
	var e *errs.Error
	if errors.As(err, &e) {
		return e.Fields
	}
	return nil
}

// printSettings writes the table of settings for `forecourt --help`.
func printSettings(w io.Writer) {
	fmt.Fprintln(w, "Settings (environment; README.md has the same table):")
	for _, s := range settings() {
		def := s.def
		if def == "" {
			def = "(empty)"
		}
		fmt.Fprintf(w, "  %s=%s\n      %s\n", s.name, def, strings.ReplaceAll(s.meaning, "`", ""))
	}
}
