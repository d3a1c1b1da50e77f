package outbox

import (
	"context"
	"errors"
	"testing"
	"time"
)

func TestBackoff(t *testing.T) {
	for n, want := range map[int]time.Duration{1: 5 * time.Second, 2: 10 * time.Second, 3: 20 * time.Second, 10: time.Minute} {
		if got := Backoff(5*time.Second, time.Minute, n); got != want {
			t.Errorf("Backoff(%d) = %v, want %v", n, got, want)
		}
	}
}

func TestDrainStopsWhenNothingIsDue(t *testing.T) {
	batches := [][]int{{1, 2, 3}, {4}, nil}
	claim := func(context.Context) ([]int, error) {
		b := batches[0]
		batches = batches[1:]
		return b, nil
	}
	var seen []int
	n := Drain(context.Background(), claim, func(_ context.Context, p int) bool { seen = append(seen, p); return p != 2 }, func(error) { t.Fatal("no error expected") })
	if n != 3 || len(seen) != 4 {
		t.Fatalf("sent %d of %v", n, seen)
	}
	var got error
	Drain(context.Background(), func(context.Context) ([]int, error) { return nil, errors.New("down") }, func(context.Context, int) bool { return true }, func(err error) { got = err })
	if got == nil {
		t.Fatal("claim error not reported")
	}
}

func TestKickWakesRun(t *testing.T) {
	l := &Loop{Poll: time.Hour}
	l.Init()
	ctx, cancel := context.WithCancel(context.Background())
	calls := make(chan struct{}, 4)
	go l.Run(ctx, func(context.Context) int { calls <- struct{}{}; return 0 })
	<-calls // the first pass runs at once
	l.Kick()
	select {
	case <-calls:
	case <-time.After(5 * time.Second):
		t.Fatal("kick did not wake the loop")
	}
	cancel()
	var nilLoop *Loop
	nilLoop.Kick() // must not panic
}
