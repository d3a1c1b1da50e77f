package ratelimit_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"forecourt/internal/ratelimit"
	"forecourt/internal/store"
	"forecourt/internal/store/storetest"
)

func TestAllowWindows(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clock := time.Date(2026, 11, 26, 10, 0, 5, 0, time.UTC)
		l := ratelimit.New(db)
		l.Now = func() time.Time { return clock }
		for i := 1; i <= 3; i++ {
			if ok, _, err := l.Allow(ctx, "form:ip:a", 3, time.Minute); !ok || err != nil {
				t.Fatalf("hit %d refused: %v", i, err)
			}
		}
		ok, retry, err := l.Allow(ctx, "form:ip:a", 3, time.Minute)
		if ok || err != nil || retry != 55*time.Second {
			t.Fatalf("4th hit: ok=%v retry=%v err=%v, want refused with 55s", ok, retry, err)
		}
		if ok, _, _ := l.Allow(ctx, "form:ip:b", 3, time.Minute); !ok {
			t.Fatal("another key is limited too")
		}
		if n, _ := l.Hits(ctx, "form:ip:a", time.Minute); n != 4 {
			t.Errorf("hits = %d, want 4", n)
		}
		clock = clock.Add(time.Minute)
		if ok, _, _ := l.Allow(ctx, "form:ip:a", 3, time.Minute); !ok {
			t.Fatal("the next window is still limited")
		}
		l.Allow(ctx, "form:ip:a", 1, time.Minute)
		if err := l.Reset(ctx, "form:ip:a"); err != nil {
			t.Fatal(err)
		}
		if ok, _, _ := l.Allow(ctx, "form:ip:a", 1, time.Minute); !ok {
			t.Fatal("limited after Reset")
		}
	})
}

// TestAllowConcurrent: 100 concurrent hits against a limit of 10, through
// two limiters as two processes would hold them: exactly 10 are allowed.
func TestAllowConcurrent(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		a, b := ratelimit.New(db), ratelimit.New(db)
		var mu sync.Mutex
		allowed := 0
		var wg sync.WaitGroup
		for i := 0; i < 100; i++ {
			wg.Add(1)
			l := a
			if i%2 == 1 {
				l = b
			}
			go func() {
				defer wg.Done()
				ok, _, err := l.Allow(ctx, "otp:phone:x", 10, time.Hour)
				if err != nil {
					t.Error(err)
					return
				}
				if ok {
					mu.Lock()
					allowed++
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		if allowed != 10 {
			t.Errorf("%d hits allowed, want exactly 10", allowed)
		}
	})
}

func TestHash(t *testing.T) {
	if ratelimit.Hash("+46701234567") == ratelimit.Hash("+46701234568") || len(ratelimit.Hash("x")) != 24 {
		t.Fatal("hash collides or has the wrong length")
	}
}

func TestParseLimit(t *testing.T) {
	l, err := ratelimit.ParseLimit("20/10m")
	if err != nil || l != (ratelimit.Limit{N: 20, Window: 10 * time.Minute}) {
		t.Errorf("ParseLimit = %+v, %v", l, err)
	}
	for _, bad := range []string{"", "20", "0/1m", "x/1m", "5/soon", "5/10ms"} {
		if _, err := ratelimit.ParseLimit(bad); err == nil {
			t.Errorf("ParseLimit(%q) accepted", bad)
		}
	}
}
