package booking

import (
	"context"
	"database/sql"
	"log/slog"
	"sync"
	"time"

	"forecourt/internal/errs"
)

// Kinds of live event.
const (
	EventCreated   = "created"
	EventMoved     = "moved"
	EventCancelled = "cancelled"
	EventStatus    = "status"
	// EventHours: the department's opening hours, capacity or closures changed.
	EventHours = "hours"
)

// Event is one change of a department's calendar.
type Event struct {
	ID           int64
	DepartmentID string
	Kind         string
	BookingID    string // "" for EventHours
}

// event writes a change into booking_events inside the change's own
// transaction, so an event exists exactly when its change does; every
// process's Hub reads the table, which is how a change made on one replica
// reaches the calendars open on another.
func (e *Engine) event(ctx context.Context, tx *sql.Tx, departmentID, kind, bookingID string) error {
	_, err := tx.ExecContext(ctx, e.db.Rebind(`INSERT INTO booking_events (department_id, kind, booking_id, created_at) VALUES (?, ?, ?, ?)`),
		departmentID, kind, bookingID, e.timeArg(e.Now()))
	return errs.Wrap(err, "record booking event")
}

// Hub hands the store's booking events to subscribers of this process. It
// polls booking_events (one indexed query per Poll) from the newest id it
// has seen, so it works the same on SQLite and across replicas of one
// PostgreSQL, and a subscriber never sees an event twice.
type Hub struct {
	e *Engine
	// Poll is the time between reads (default 1 s); Keep how long events
	// stay in the table (default 1 h).
	Poll, Keep time.Duration
	Log        *slog.Logger

	mu     sync.Mutex
	last   int64
	subs   map[chan Event]string
	primed bool
	// seen are the ids handed out recently: PostgreSQL hands out ids when a
	// row is inserted, not when it commits, so a smaller id can appear
	// after a larger one was read. Each read looks back lookback ids and
	// skips those seen.
	seen map[int64]bool
	// floor is where the table ended when the hub started: older events
	// are never handed out.
	floor int64
}

const lookback = 256

// NewHub returns a hub over the engine's store; Run it.
func NewHub(e *Engine) *Hub {
	return &Hub{e: e, Poll: time.Second, Keep: time.Hour, subs: map[chan Event]string{}, seen: map[int64]bool{}}
}

// MaxSubscribers bounds the open streams of one process.
const MaxSubscribers = 500

// Subscribe returns a channel of the department's events from now on and
// a function that ends the subscription. Errors: Unavailable when the
// process has MaxSubscribers streams open.
func (h *Hub) Subscribe(departmentID string) (<-chan Event, func(), error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if len(h.subs) >= MaxSubscribers {
		return nil, nil, errs.E(errs.Unavailable, "Too many live calendars are open; try again in a minute.")
	}
	ch := make(chan Event, 64)
	h.subs[ch] = departmentID
	return ch, func() {
		h.mu.Lock()
		defer h.mu.Unlock()
		if _, ok := h.subs[ch]; ok {
			delete(h.subs, ch)
			close(ch)
		}
	}, nil
}

// Run polls until ctx ends.
func (h *Hub) Run(ctx context.Context) {
	t := time.NewTicker(h.Poll)
	defer t.Stop()
	prune := time.NewTicker(10 * time.Minute)
	defer prune.Stop()
	for {
		if err := h.Once(ctx); err != nil && ctx.Err() == nil && h.Log != nil {
			h.Log.Warn("reading booking events failed", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-prune.C:
			db := h.e.db
			if _, err := db.ExecContext(ctx, db.Rebind(`DELETE FROM booking_events WHERE created_at < ?`), h.e.timeArg(h.e.Now().Add(-h.Keep))); err != nil && h.Log != nil {
				h.Log.Warn("pruning booking events failed", "err", err)
			}
		}
	}
}

// Once reads the events after the last one seen and hands them out. The
// first call only finds where the table ends: streams get what happens
// after they open. A subscriber that does not keep up loses events rather
// than holding the others up (its calendar reloads on the next one).
func (h *Hub) Once(ctx context.Context) error {
	db := h.e.db
	h.mu.Lock()
	last, primed := h.last, h.primed
	h.mu.Unlock()
	if !primed {
		var top sql.NullInt64
		if err := db.QueryRowContext(ctx, `SELECT max(id) FROM booking_events`).Scan(&top); err != nil {
			return errs.Wrap(err, "read booking events")
		}
		h.mu.Lock()
		h.last, h.floor, h.primed = top.Int64, top.Int64, true
		h.mu.Unlock()
		return nil
	}
	rows, err := db.QueryContext(ctx, db.Rebind(`SELECT id, department_id, kind, booking_id FROM booking_events WHERE id > ? ORDER BY id LIMIT 1000`), last-lookback)
	if err != nil {
		return errs.Wrap(err, "read booking events")
	}
	var evs []Event
	for rows.Next() {
		var ev Event
		if err := rows.Scan(&ev.ID, &ev.DepartmentID, &ev.Kind, &ev.BookingID); err != nil {
			rows.Close()
			return errs.Wrap(err, "scan booking event")
		}
		evs = append(evs, ev)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return errs.Wrap(err, "read booking events")
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, ev := range evs {
		if h.seen[ev.ID] || ev.ID <= h.floor {
			continue
		}
		h.seen[ev.ID] = true
		h.last = max(h.last, ev.ID)
		for ch, dep := range h.subs {
			if dep != ev.DepartmentID {
				continue
			}
			select {
			case ch <- ev:
			default:
			}
		}
	}
	for id := range h.seen {
		if id <= h.last-lookback {
			delete(h.seen, id)
		}
	}
	return nil
}
