package forms

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"math"
	"net/netip"
	"strings"
	"time"

	"forecourt/internal/errs"
	"forecourt/internal/ratelimit"
)

// Limiter counts hits per key in fixed windows (internal/ratelimit keeps
// the counters in the store, so limits hold across restarts and processes).
type Limiter interface {
	Allow(ctx context.Context, key string, limit int, window time.Duration) (ok bool, retryAfter time.Duration, err error)
}

// Default limits of form submissions (docs/forms.md §0).
var (
	DefaultAddressLimit   = ratelimit.Limit{N: 20, Window: 10 * time.Minute}
	DefaultRecipientLimit = ratelimit.Limit{N: 60, Window: time.Hour}
)

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
func AllowAddress(ctx context.Context, l Limiter, lim ratelimit.Limit, ip string) error {
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
func AllowRecipient(ctx context.Context, l Limiter, lim ratelimit.Limit, email string) error {
	ok, retry, err := l.Allow(ctx, RecipientKey(email), lim.N, lim.Window)
	if err != nil {
		return errs.Wrap(err, "rate limit by recipient")
	}
	if !ok {
		return limited(retry, "to this dealer")
	}
	return nil
}
