// Package alerts keeps the saved searches of the car list and mails their
// alerts: a visitor saves a list state with an address and a
// frequency, confirms it through a signed link (double opt-in), and then
// gets at most one digest per day or week listing new matching cars and
// price drops on matching cars. Alerts come from comparing imports: the
// catalog import reports each batch's new cars and price drops
// (catalog.CarChanges), RecordDiff stores them with a job in the import's
// transaction, MatchDiff matches them against every confirmed search of
// the site with the car list's own query semantics, and the digest sweep
// builds each due digest in one transaction that claims the search's
// period, marks its items sent and queues the mail (internal/mail).
package alerts

import (
	"context"
	"database/sql"
	"log/slog"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/catalogpages"
	"forecourt/internal/jobs"
	"forecourt/internal/linktoken"
	"forecourt/internal/ratelimit"
	"forecourt/internal/store"
)

// Frequency is how often a search's digest may be mailed.
type Frequency string

// Frequencies.
const (
	Daily  Frequency = "daily"
	Weekly Frequency = "weekly"
)

// Valid reports whether f is a known frequency.
func (f Frequency) Valid() bool { return f == Daily || f == Weekly }

// Search is one saved search.
type Search struct {
	ID       string `json:"id"`
	SiteName string `json:"-"`
	Lang     string `json:"-"`
	// Origin is the site's public origin the mails link to
	// ("https://forecourt.se"); ListPath the car list path of Lang.
	Origin   string `json:"-"`
	ListPath string `json:"-"`
	Email    string `json:"-"`
	// Query is the canonical car-list query string (catalogpages.ListQuery.Encode).
	Query     string    `json:"query"`
	Label     string    `json:"label"`
	Frequency Frequency `json:"frequency"`
	CreatedAt time.Time `json:"createdAt"`
	// ConfirmedAt is zero until the address confirmed the search.
	ConfirmedAt time.Time `json:"confirmedAt,omitzero"`
}

// Confirmed reports whether the search may get alerts.
func (s *Search) Confirmed() bool { return !s.ConfirmedAt.IsZero() }

// ListURL is the absolute address of the search's car list.
func (s *Search) ListURL() string {
	u := s.Origin + s.ListPath
	if s.Query != "" {
		u += "?" + s.Query
	}
	return u
}

// ListQuery is the search's car-list state.
func (s *Search) ListQuery() catalogpages.ListQuery { return parseQuery(s.Query) }

// Kinds of alert items.
const (
	KindNew  = "new"
	KindDrop = "drop"
)

// Item is a car of an import diff that matched a saved search.
type Item struct {
	CarID    int64
	Kind     string // KindNew or KindDrop
	OldPrice float64
	NewPrice float64
}

// Cars reads current cars (*catalog.Store implements it).
type Cars interface {
	Car(ctx context.Context, siteName string, id int64) (catalog.Car, error)
}

// Dictionary returns the texts of a site in a language (content.Source's
// Dictionary); the mails are written from the alerts* keys.
type Dictionary func(ctx context.Context, siteName, lang string) (map[string]string, error)

// Limits of the sign-up.
type Limits struct {
	Address   ratelimit.Limit // sign-ups per client address (IP)
	Email     ratelimit.Limit // sign-ups per e-mail address
	Recipient ratelimit.Limit // confirmation mails per recipient
	// Tokens bounds confirm, unsubscribe and manage calls per client address.
	Tokens ratelimit.Limit
}

// DefaultLimits are the limits without settings.
var DefaultLimits = Limits{
	Address:   ratelimit.Limit{N: 20, Window: 10 * time.Minute},
	Email:     ratelimit.Limit{N: 10, Window: time.Hour},
	Recipient: ratelimit.Limit{N: 3, Window: 24 * time.Hour},
	Tokens:    ratelimit.Limit{N: 60, Window: 10 * time.Minute},
}

// MaxSearchesPerAddress bounds the searches one address keeps on one site.
const MaxSearchesPerAddress = 20

// Service is the saved searches and their alerts over the store.
type Service struct {
	DB     *store.DB
	Tokens *linktoken.Signer // NewTokens
	Cars   Cars
	Texts  Dictionary
	// Limiter and Limits bound the sign-up (internal/ratelimit).
	Limiter *ratelimit.Limiter
	Limits  Limits
	// Enqueue inserts the job that matches diff diffID inside tx (the
	// import's transaction); nil matches nothing until MatchPending runs.
	Enqueue func(ctx context.Context, tx *sql.Tx, diffID int64) error
	// DigestHour is the local hour (0–23, the site's time zone) from which
	// a period's digest goes out; 0 sends as soon as there is news.
	DigestHour int
	// Jobs is the job queue a queued mail's delivery job goes in, in the
	// mail's transaction; nil (a command-line tool) writes the mail only,
	// and a running server's mail sweep delivers it.
	Jobs *jobs.Queue
	Now  func() time.Time
	Log  *slog.Logger

	// midDigest, when set (tests), runs inside a digest's transaction
	// after the period is claimed and before the mail is queued.
	midDigest func(ctx context.Context) error
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

func (s *Service) log() *slog.Logger {
	if s.Log != nil {
		return s.Log
	}
	return slog.Default()
}

func (s *Service) limits() Limits {
	l := s.Limits
	d := DefaultLimits
	if l.Address.N == 0 {
		l.Address = d.Address
	}
	if l.Email.N == 0 {
		l.Email = d.Email
	}
	if l.Recipient.N == 0 {
		l.Recipient = d.Recipient
	}
	if l.Tokens.N == 0 {
		l.Tokens = d.Tokens
	}
	return l
}
