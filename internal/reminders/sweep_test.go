package reminders_test

import (
	"context"
	"database/sql"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"forecourt/internal/booking"
	"forecourt/internal/jobs"
	"forecourt/internal/reminders"
	"forecourt/internal/store"
	"forecourt/internal/store/storetest"
)

func startQueue(t *testing.T, db *store.DB, svc *reminders.Service) *jobs.Queue {
	t.Helper()
	q, err := jobs.Open(context.Background(), db, nil, jobs.Options{PollInterval: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	river.AddWorker(q.Workers, &reminders.SweepWorker{Service: svc})
	if err := q.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	return q
}

func sweep(t *testing.T, db *store.DB, q *jobs.Queue, n int) {
	t.Helper()
	ctx := context.Background()
	for range n {
		if err := db.Tx(ctx, func(tx *sql.Tx) error { return q.InsertTx(ctx, tx, reminders.SweepArgs{}, nil) }); err != nil {
			t.Fatal(err)
		}
	}
	dctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	if err := q.Drain(dctx); err != nil {
		t.Fatal(err)
	}
}

// TestSweepJobAcrossRestart: the sweep runs on the job queue; sweeping
// again — twice at once, then after the queue (the process) restarted —
// leaves exactly one mail per reminder.
func TestSweepJobAcrossRestart(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		ctx := context.Background()
		_, r := f.book(t, booking.FlowService, "D-9001", "anna@example.se", "ABC123", []string{"originalservice"}, true)
		_, later := f.book(t, booking.FlowWheelChange, "D-9001", "bo@example.se", "DCK123", []string{"wheelchange"}, true)

		f.clock.set(r.DueAt.Add(time.Minute)) // the service is due; the tyre season not yet
		q := startQueue(t, db, f.svc)
		sweep(t, db, q, 2) // two sweep jobs at once (as after a crash before completion)
		if err := q.Stop(ctx); err != nil {
			t.Fatal(err)
		}
		if ms := outbox(t, db, "anna@example.se"); len(ms) != 1 {
			t.Fatalf("%d mails after the first process", len(ms))
		}

		// A new process over the same store.
		f.clock.set(later.DueAt.Add(time.Minute))
		other := *f.svc
		q2 := startQueue(t, db, &other)
		sweep(t, db, q2, 1)
		if err := q2.Stop(ctx); err != nil {
			t.Fatal(err)
		}
		if ms := outbox(t, db, "anna@example.se"); len(ms) != 1 {
			t.Errorf("%d service mails after the restart, want 1", len(ms))
		}
		ms := outbox(t, db, "bo@example.se")
		if len(ms) != 1 || ms[0].Subject != "Dags att boka byte till sommardäck för DCK123" {
			t.Errorf("season mails %+v", ms)
		}
	})
}
