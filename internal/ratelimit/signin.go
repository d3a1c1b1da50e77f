package ratelimit

import (
	"context"
	"fmt"
	"strings"
	"time"

	"forecourt/internal/errs"
)

// Counter counts hits of a key in fixed windows; *Limiter implements it.
type Counter interface {
	Allow(ctx context.Context, key string, limit int, window time.Duration) (ok bool, retryAfter time.Duration, err error)
	Reset(ctx context.Context, key string) error
}

// Tier is one step of a backoff: at most Limit hits per Window. Every hit
// counts in every tier of its list.
type Tier struct {
	Limit  int
	Window time.Duration
}

var (
	// PairTiers bound the guesses at one account from one address: 5 a
	// minute, then 10 in 15 minutes, then 20 a day.
	PairTiers = []Tier{{5, time.Minute}, {10, 15 * time.Minute}, {20, 24 * time.Hour}}
	// AddressTiers bound one address across every account name (a
	// password sprayer): 20 a minute, 100 an hour.
	AddressTiers = []Tier{{20, time.Minute}, {100, time.Hour}}
)

// SignIn throttles password sign-ins (the editors' and the staff's: one
// key space, so an address guessing at both counts once). It counts per
// account and address pair and per address, never per account alone: a
// guesser anywhere else can slow themselves down but cannot lock the owner
// of an account out, who signs in from an address of their own.
type SignIn struct {
	// Counter keeps the counts (in the store, so they hold across
	// processes); nil turns throttling off.
	Counter Counter
}

// pairKey is the key prefix of an account name and an address (hashed:
// any text may be typed as a name).
func pairKey(name, addr string) string {
	return "signin:pair:" + Hash(strings.ToLower(strings.TrimSpace(name))+"\x00"+addr)
}

func addressKey(addr string) string { return "signin:ip:" + Hash(addr) }

// Attempt counts one sign-in attempt of name from addr. When the pair or
// the address is over a tier it returns errs.RateLimited and how long to
// wait; errors of the store are returned as they are.
func (s SignIn) Attempt(ctx context.Context, name, addr string) (time.Duration, error) {
	if s.Counter == nil {
		return 0, nil
	}
	var wait time.Duration
	check := func(prefix string, tiers []Tier) error {
		for i, t := range tiers {
			ok, retry, err := s.Counter.Allow(ctx, fmt.Sprintf("%s:%d", prefix, i), t.Limit, t.Window)
			if err != nil {
				return err
			}
			if !ok {
				wait = max(wait, retry)
			}
		}
		return nil
	}
	if err := check(addressKey(addr), AddressTiers); err != nil {
		return 0, err
	}
	if err := check(pairKey(name, addr), PairTiers); err != nil {
		return 0, err
	}
	if wait > 0 {
		return wait, errs.E(errs.RateLimited, "Too many sign-in attempts.")
	}
	return 0, nil
}

// Succeeded forgets the pair's failed attempts after a good sign-in (the
// address's count stays: it bounds a sprayer who knows one password).
func (s SignIn) Succeeded(ctx context.Context, name, addr string) error {
	if s.Counter == nil {
		return nil
	}
	for i := range PairTiers {
		if err := s.Counter.Reset(ctx, fmt.Sprintf("%s:%d", pairKey(name, addr), i)); err != nil {
			return err
		}
	}
	return nil
}
