// Package ratelimit counts hits per key in fixed windows kept in the store,
// so a limit holds across restarts and across several server processes on
// one PostgreSQL. Callers name keys after what they limit
// ("otp:phone:<Hash(number)>", "form:ip:<addr>", "signin:user:<name>") and
// never put personal data in a key in the clear (use Hash).
package ratelimit

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"forecourt/internal/errs"
	"forecourt/internal/store"
)

// Limit is at most N hits per Window.
type Limit struct {
	N      int
	Window time.Duration
}

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

// Limiter counts hits in the store.
type Limiter struct {
	db  *store.DB
	Now func() time.Time

	lastSweep atomic.Int64 // Unix ms of the last sweep of expired rows
}

// New returns a Limiter over db.
func New(db *store.DB) *Limiter { return &Limiter{db: db, Now: time.Now} }

// sweepEvery is how often a process deletes expired counters.
const sweepEvery = time.Minute

// maxKey bounds a key; longer keys are refused as a programming error.
const maxKey = 200

// Allow counts one hit for key in the current fixed window of length
// window and reports whether the key is still within limit hits. When it
// is not, retryAfter is the time until the window ends (at least one
// second). The count and the check are one statement, so concurrent
// callers in any process never both take the last hit.
func (l *Limiter) Allow(ctx context.Context, key string, limit int, window time.Duration) (ok bool, retryAfter time.Duration, err error) {
	if key == "" || len(key) > maxKey || window < time.Millisecond || limit < 0 {
		return false, 0, errs.E(errs.Internal, "ratelimit: bad key %q or window %v", key, window)
	}
	now := l.Now()
	nowMs := now.UnixMilli()
	w := window.Milliseconds()
	start := nowMs - nowMs%w
	end := start + w
	var hits int
	err = l.db.QueryRowContext(ctx, l.db.Rebind(`INSERT INTO ratelimit_counters (key, window_start, hits, expires_at) VALUES (?, ?, 1, ?)
		ON CONFLICT (key) DO UPDATE SET
		  hits = CASE WHEN ratelimit_counters.window_start = excluded.window_start THEN ratelimit_counters.hits + 1 ELSE 1 END,
		  window_start = excluded.window_start,
		  expires_at = excluded.expires_at
		RETURNING hits`), key, start, end).Scan(&hits)
	if err != nil {
		return false, 0, errs.Wrap(err, "count hit")
	}
	l.maybeSweep(ctx, nowMs)
	if hits <= limit {
		return true, 0, nil
	}
	retryAfter = time.Duration(end-nowMs) * time.Millisecond
	return false, max(retryAfter, time.Second), nil
}

// Hits returns how many hits key has in its current window of length
// window, without counting one.
func (l *Limiter) Hits(ctx context.Context, key string, window time.Duration) (int, error) {
	nowMs := l.Now().UnixMilli()
	w := window.Milliseconds()
	var hits int
	err := l.db.QueryRowContext(ctx, l.db.Rebind(`SELECT COALESCE(SUM(hits), 0) FROM ratelimit_counters WHERE key = ? AND window_start = ?`),
		key, nowMs-nowMs%w).Scan(&hits)
	return hits, errs.Wrap(err, "read hits")
}

// Reset forgets key's hits (after a successful sign-in, say).
func (l *Limiter) Reset(ctx context.Context, key string) error {
	_, err := l.db.ExecContext(ctx, l.db.Rebind(`DELETE FROM ratelimit_counters WHERE key = ?`), key)
	return errs.Wrap(err, "reset limit")
}

// maybeSweep deletes expired counters at most once a minute per process.
func (l *Limiter) maybeSweep(ctx context.Context, nowMs int64) {
	last := l.lastSweep.Load()
	if nowMs-last < sweepEvery.Milliseconds() || !l.lastSweep.CompareAndSwap(last, nowMs) {
		return
	}
	l.db.ExecContext(ctx, l.db.Rebind(`DELETE FROM ratelimit_counters WHERE expires_at < ?`), nowMs)
}

// Hash returns a short, stable digest of s for use in a key, so phone
// numbers, addresses and account names are not stored in the clear.
func Hash(s string) string {
	sum := sha256.Sum256([]byte("forecourt-ratelimit\x00" + s))
	return hex.EncodeToString(sum[:12])
}
