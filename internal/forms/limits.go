package forms

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math"
	"net/netip"
	"strconv"
	"strings"
	"time"

	"forecourt/internal/errs"
)

// Limiter counts hits per key in fixed windows (internal/ratelimit keeps
// the counters in the store, so limits hold across restarts and processes).
type Limiter interface {
	Allow(ctx context.Context, key string, limit int, window time.Duration) (ok bool, retryAfter time.Duration, err error)
}

// Limit is at most N hits per Window.
type Limit struct {
	N      int
	Window time.Duration
}

// Default limits of form submissions (docs/forms.md §0).
var (
	DefaultAddressLimit   = Limit{N: 20, Window: 10 * time.Minute}
	DefaultRecipientLimit = Limit{N: 60, Window: time.Hour}
)

// ParseLimit reads "N/duration", e.g. "20/10m" or "60/1h".
func ParseLimit(s string) (Limit, error) {
	n, d, ok := strings.Cut(strings.TrimSpace(s), "/")
	if !ok {
		return Limit{}, fmt.Errorf("%q: want N/duration, e.g. 20/10m", s)
	}
	count, err := strconv.Atoi(n)
	if err != nil || count < 1 {
		return Limit{}, fmt.Errorf("%q: the count must be a whole number ≥ 1", s)
	}
	win, err := time.ParseDuration(d)
	if err != nil || win < time.Second {
		return Limit{}, fmt.Errorf("%q: the window must be a duration of at least 1s", s)
	}
	return Limit{N: count, Window: win}, nil
}

// LimitedError is errs.RateLimited with the time until the client may try
// again (the Retry-After header).
type LimitedError struct {
	RetryAfter time.Duration
	err        *errs.Error
}

func (e *LimitedError) Error() string { return e.err.Error() }
func (e *LimitedError) Unwrap() error { return e.err }

// RetryAfterSeconds is RetryAfter rounded up to whole seconds (at least 1).
func (e *LimitedError) RetryAfterSeconds() int {
	return max(1, int(math.Ceil(e.RetryAfter.Seconds())))
}

// Limited is the *LimitedError "Too many submissions <who>. Please try
// again in N minutes." for other sign-up flows (saved searches).
func Limited(retry time.Duration, who string) error { return limited(retry, who) }

func limited(retry time.Duration, who string) error {
	mins := max(1, int(math.Ceil(retry.Minutes())))
	unit := "minutes"
	if mins == 1 {
		unit = "minute"
	}
	return &LimitedError{RetryAfter: retry, err: errs.E(errs.RateLimited,
		"Too many submissions %s. Please try again in %d %s.", who, mins, unit)}
}

// AddressKey is the rate-limit key of a client address: the address
// itself for IPv4, its /64 network for IPv6 (one household or host).
func AddressKey(ip string) string {
	a, err := netip.ParseAddr(strings.TrimSpace(ip))
	if err != nil {
		return "form:ip:" + hashKey(ip)
	}
	a = a.Unmap()
	if a.Is6() {
		p, _ := a.Prefix(64)
		return "form:ip:" + p.String()
	}
	return "form:ip:" + a.String()
}

// RecipientKey is the rate-limit key of a recipient mailbox (hashed: no
// addresses in the counters).
func RecipientKey(email string) string {
	return "form:to:" + hashKey(strings.ToLower(strings.TrimSpace(email)))
}

func hashKey(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:12])
}

// AllowAddress counts one submission from the client address ip; over the
// limit it returns a *LimitedError.
func AllowAddress(ctx context.Context, l Limiter, lim Limit, ip string) error {
	ok, retry, err := l.Allow(ctx, AddressKey(ip), lim.N, lim.Window)
	if err != nil {
		return errs.Wrap(err, "rate limit by address")
	}
	if !ok {
		return limited(retry, "from your address")
	}
	return nil
}

// AllowRecipient counts one accepted submission for the mailbox email;
// over the limit it returns a *LimitedError.
func AllowRecipient(ctx context.Context, l Limiter, lim Limit, email string) error {
	ok, retry, err := l.Allow(ctx, RecipientKey(email), lim.N, lim.Window)
	if err != nil {
		return errs.Wrap(err, "rate limit by recipient")
	}
	if !ok {
		return limited(retry, "to this dealer")
	}
	return nil
}
