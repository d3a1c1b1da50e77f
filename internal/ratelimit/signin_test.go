package ratelimit_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"forecourt/internal/errs"
	"forecourt/internal/ratelimit"
	"forecourt/internal/store"
	"forecourt/internal/store/storetest"
)

// TestSignInCannotLockOut: 30 wrong passwords for one account from other
// addresses (24 in an hour locked the editor out for hours when the count
// was per account) leave the right password from a fresh address alone,
// while the guessing pair and a spraying address are throttled.
func TestSignInCannotLockOut(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clock := time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC)
		l := ratelimit.New(db)
		l.Now = func() time.Time { return clock }
		s := ratelimit.SignIn{Counter: l}
		for i := 0; i < 30; i++ {
			// Six addresses, a few seconds apart: each pair stays under
			// its own tiers, so every guess is counted and refused only by
			// the password check.
			clock = clock.Add(3 * time.Second)
			if _, err := s.Attempt(ctx, "redaktor", fmt.Sprintf("198.51.100.%d", i%6)); err != nil {
				t.Fatalf("guess %d: %v", i+1, err)
			}
		}
		if _, err := s.Attempt(ctx, "redaktor", "203.0.113.7"); err != nil {
			t.Fatalf("the owner from a fresh address after 30 guesses elsewhere: %v", err)
		}
		// One address guessing one account is throttled on its sixth try
		// in a minute …
		var err error
		for i := 0; i < 6; i++ {
			_, err = s.Attempt(ctx, "saljare", "192.0.2.1")
		}
		if !errs.Is(err, errs.RateLimited) {
			t.Fatalf("sixth guess of one pair in a minute: %v, want rate limited", err)
		}
		// … and the owner of that account, elsewhere, is not.
		if _, err := s.Attempt(ctx, "saljare", "192.0.2.2"); err != nil {
			t.Fatalf("the owner while a pair is throttled: %v", err)
		}
		// One address spraying many names is throttled per address.
		err = nil
		for i := 0; i <= ratelimit.AddressTiers[0].Limit; i++ {
			_, err = s.Attempt(ctx, fmt.Sprintf("name%d", i), "192.0.2.50")
		}
		if !errs.Is(err, errs.RateLimited) {
			t.Fatalf("a sprayer's %d names in a minute: %v, want rate limited", ratelimit.AddressTiers[0].Limit+1, err)
		}
		// A good sign-in forgets the pair's failures.
		clock = clock.Add(2 * time.Minute)
		for i := 0; i < 4; i++ {
			s.Attempt(ctx, "admin", "192.0.2.3")
		}
		if err := s.Succeeded(ctx, "admin", "192.0.2.3"); err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 5; i++ {
			if _, err := s.Attempt(ctx, "admin", "192.0.2.3"); err != nil {
				t.Fatalf("attempt %d after a good sign-in: %v", i+1, err)
			}
		}
	})
}
