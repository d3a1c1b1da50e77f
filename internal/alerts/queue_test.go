package alerts_test

import (
	"context"
	"database/sql"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"forecourt/internal/alerts"
	"forecourt/internal/jobs"
	"forecourt/internal/store"
	"forecourt/internal/store/storetest"
)

func openQueue(t *testing.T, db *store.DB, svc *alerts.Service) *jobs.Queue {
	t.Helper()
	q, err := jobs.Open(context.Background(), db, nil, jobs.Options{PollInterval: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	alerts.Register(q, svc, time.Hour)
	return q
}

func countRows(t *testing.T, db *store.DB, q string, args ...any) int {
	t.Helper()
	var n int
	if err := db.QueryRow(db.Rebind(q), args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestQueueSurvivesRestart runs the whole path on the job queue: the import
// inserts the match job in its transaction, a sweep queues the digest, and
// the queue is stopped while the digest's transaction is open (period
// claimed, mail not queued). The next process works the digest again: the
// address gets exactly one digest, and further sweeps (this process or
// another) send nothing more.
func TestQueueSurvivesRestart(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		f.svc.DigestHour = 0
		f.importFeed(t, car(t, 1, "Volvo", "XC60", "Diesel", 300000))
		f.matchAll(t)
		x := f.subscribe(t, "restart@example.se", "/bilar/volvo", "", alerts.Daily)
		f.confirm(t, x)

		q1 := openQueue(t, db, f.svc)
		started := make(chan struct{}, 1)
		alerts.SetMidDigest(f.svc, func(ctx context.Context) error {
			select {
			case started <- struct{}{}:
			default:
			}
			<-ctx.Done()
			return ctx.Err()
		})
		f.clock.t = f.clock.t.Add(time.Hour)
		f.importFeed(t, car(t, 1, "Volvo", "XC60", "Diesel", 279000), car(t, 2, "Volvo", "V60", "El", 410000))
		if n := countRows(t, db, `SELECT COUNT(*) FROM alerts_diffs WHERE matched_at IS NULL`); n != 1 {
			t.Fatalf("unmatched diffs = %d, want 1", n)
		}
		if err := q1.Start(ctx); err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(30 * time.Second)
		for countRows(t, db, `SELECT COUNT(*) FROM alerts_items WHERE search_id = ?`, x.ID) < 2 {
			if time.Now().After(deadline) {
				t.Fatal("the match job did not store the items")
			}
			time.Sleep(20 * time.Millisecond)
		}
		if err := db.Tx(ctx, func(tx *sql.Tx) error { return q1.InsertTx(ctx, tx, alerts.SweepArgs{}, nil) }); err != nil {
			t.Fatal(err)
		}
		select {
		case <-started:
		case <-time.After(30 * time.Second):
			t.Fatal("the digest never started")
		}
		sctx, cancel := context.WithTimeout(ctx, 100*time.Millisecond)
		q1.Client.StopAndCancel(sctx)
		cancel()
		q1.Stop(ctx)
		if n := len(digests(t, db, "restart@example.se")); n != 0 {
			t.Fatalf("digests after the stop = %d", n)
		}
		if n := countRows(t, db, `SELECT COUNT(*) FROM alerts_digests`); n != 0 {
			t.Fatalf("claimed periods after the stop = %d; the claim must roll back", n)
		}

		alerts.SetMidDigest(f.svc, nil)
		q2 := openQueue(t, db, f.svc)
		res, err := q2.Client.JobList(ctx, river.NewJobListParams().Kinds("alerts_digest"))
		if err != nil || len(res.Jobs) != 1 {
			t.Fatalf("digest jobs after the stop: %v, %v", res, err)
		}
		if res.Jobs[0].State != rivertype.JobStateCompleted {
			if _, err := q2.Client.JobRetry(ctx, res.Jobs[0].ID); err != nil {
				t.Fatal(err)
			}
		}
		if err := q2.Start(ctx); err != nil {
			t.Fatal(err)
		}
		defer q2.Stop(ctx)
		dctx, cancel2 := context.WithTimeout(ctx, 30*time.Second)
		defer cancel2()
		if err := q2.Drain(dctx); err != nil {
			t.Fatal(err)
		}
		// A second sweep on the queue and one by another process send nothing more.
		if err := db.Tx(ctx, func(tx *sql.Tx) error { return q2.InsertTx(ctx, tx, alerts.SweepArgs{}, nil) }); err != nil {
			t.Fatal(err)
		}
		if err := q2.Drain(dctx); err != nil {
			t.Fatal(err)
		}
		if n, err := f.svc.Sweep(ctx); err != nil || n != 0 {
			t.Fatalf("another process's sweep = %d, %v", n, err)
		}
		d := digests(t, db, "restart@example.se")
		if len(d) != 1 {
			t.Fatalf("digests = %d, want exactly 1", len(d))
		}
		if n := countRows(t, db, `SELECT COUNT(*) FROM alerts_items WHERE search_id = ? AND period IS NULL`, x.ID); n != 0 {
			t.Fatalf("%d items left unsent", n)
		}
	})
}
