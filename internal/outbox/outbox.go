// Package outbox is the delivery loop the store-backed outboxes share (the
// mail outbox and the tyre hotel's SMS outbox): wake on a kick or a poll
// tick, claim due rows in batches under a lease, hand each to the sender,
// and back off exponentially after a failure. Each outbox keeps its own
// table, claim SQL and what a failure means for it.
package outbox

import (
	"context"
	"time"
)

// Loop runs a deliver function on every poll tick and whenever Kick is
// called (after something was queued). The zero value polls every 2 s.
type Loop struct {
	Poll time.Duration
	kick chan struct{}
}

func (l *Loop) init() {
	if l.kick == nil {
		l.kick = make(chan struct{}, 1)
	}
	if l.Poll <= 0 {
		l.Poll = 2 * time.Second
	}
}

// Init sets the defaults; call it once before Run and Kick are used from
// several goroutines.
func (l *Loop) Init() { l.init() }

// Kick wakes Run at once; kicks while it is busy collapse into one. Safe on
// a nil Loop.
func (l *Loop) Kick() {
	if l == nil || l.kick == nil {
		return
	}
	select {
	case l.kick <- struct{}{}:
	default:
	}
}

// Run calls deliver until ctx is done.
func (l *Loop) Run(ctx context.Context, deliver func(context.Context) int) {
	l.init()
	t := time.NewTicker(l.Poll)
	defer t.Stop()
	for {
		deliver(ctx)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-l.kick:
		}
	}
}

// Backoff is the wait after the n-th failed attempt (n from 1):
// base·2^(n-1), at most max.
func Backoff(base, max time.Duration, n int) time.Duration {
	d := base
	for i := 1; i < n && d < max; i++ {
		d *= 2
	}
	return min(d, max)
}

// Drain claims batches with claim and passes each item to send until a
// claim returns nothing, ctx ends or a claim fails (reported to onErr). It
// returns how many items send reported as delivered.
func Drain[P any](ctx context.Context, claim func(context.Context) ([]P, error), send func(context.Context, P) bool, onErr func(error)) int {
	sent := 0
	for ctx.Err() == nil {
		batch, err := claim(ctx)
		if err != nil {
			onErr(err)
			return sent
		}
		if len(batch) == 0 {
			return sent
		}
		for _, p := range batch {
			if send(ctx, p) {
				sent++
			}
		}
	}
	return sent
}
