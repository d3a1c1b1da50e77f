package jobs_test

import (
	"context"
	"database/sql"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"forecourt/internal/jobs"
	"forecourt/internal/store"
	"forecourt/internal/store/storetest"
)

type noteArgs struct {
	Note string `json:"note"`
}

func (noteArgs) Kind() string { return "test_note" }

// noteWorker records each note in a table, in the job's own transaction
// with its completion, so a note is written exactly once per job.
type noteWorker struct {
	river.WorkerDefaults[noteArgs]
	db    *store.DB
	runs  *atomic.Int64
	block chan struct{} // when set, the worker waits on it (or its context)
}

func (w *noteWorker) Work(ctx context.Context, job *river.Job[noteArgs]) error {
	w.runs.Add(1)
	if w.block != nil {
		select {
		case <-w.block:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return w.db.Tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, w.db.Rebind(`INSERT INTO test_notes (job_id, note) VALUES (?, ?)`), job.ID, job.Args.Note); err != nil {
			return err
		}
		return jobs.CompleteTx(ctx, tx, job)
	})
}

func open(t *testing.T, db *store.DB, block chan struct{}, runs *atomic.Int64) *jobs.Queue {
	t.Helper()
	q, err := jobs.Open(context.Background(), db, nil, jobs.Options{PollInterval: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	river.AddWorker(q.Workers, &noteWorker{db: db, runs: runs, block: block})
	return q
}

func notes(t *testing.T, db *store.DB) []string {
	t.Helper()
	rows, err := db.Query(`SELECT note FROM test_notes ORDER BY note`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		rows.Scan(&s)
		out = append(out, s)
	}
	return out
}

func TestQueue(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if _, err := db.Exec(`CREATE TABLE test_notes (job_id BIGINT PRIMARY KEY, note TEXT NOT NULL)`); err != nil {
			t.Fatal(err)
		}
		var runs atomic.Int64
		q := open(t, db, nil, &runs)

		// A job inserted in a transaction that rolls back never exists.
		errRollback := errors.New("rollback")
		err := db.Tx(ctx, func(tx *sql.Tx) error {
			if err := q.InsertTx(ctx, tx, noteArgs{Note: "lost"}, nil); err != nil {
				return err
			}
			return errRollback
		})
		if !errors.Is(err, errRollback) {
			t.Fatal(err)
		}
		// One committed with its data is worked; a unique job inserted twice runs once.
		for range 2 {
			if err := db.Tx(ctx, func(tx *sql.Tx) error {
				return q.InsertTx(ctx, tx, noteArgs{Note: "once"}, &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}})
			}); err != nil {
				t.Fatal(err)
			}
		}
		if err := q.Start(ctx); err != nil {
			t.Fatal(err)
		}
		dctx, cancel := context.WithTimeout(ctx, 20*time.Second)
		defer cancel()
		if err := q.Drain(dctx); err != nil {
			t.Fatal(err)
		}
		if got := notes(t, db); len(got) != 1 || got[0] != "once" {
			t.Fatalf("notes = %v, want [once]", got)
		}
		if err := q.Stop(ctx); err != nil {
			t.Fatal(err)
		}
	})
}

// A job running when its process stops is worked again by the next
// process, and its effect happens once.
func TestQueueSurvivesRestart(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if _, err := db.Exec(`CREATE TABLE test_notes (job_id BIGINT PRIMARY KEY, note TEXT NOT NULL)`); err != nil {
			t.Fatal(err)
		}
		var runs atomic.Int64
		block := make(chan struct{})
		q1 := open(t, db, block, &runs)
		if err := db.Tx(ctx, func(tx *sql.Tx) error { return q1.InsertTx(ctx, tx, noteArgs{Note: "restart"}, nil) }); err != nil {
			t.Fatal(err)
		}
		if err := q1.Start(ctx); err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(20 * time.Second)
		for runs.Load() == 0 && time.Now().Before(deadline) {
			time.Sleep(20 * time.Millisecond)
		}
		if runs.Load() == 0 {
			t.Fatal("the job never started")
		}
		// Stop with a context that ends at once: the running job is cancelled
		// and River retries it later.
		sctx, cancel := context.WithTimeout(ctx, 100*time.Millisecond)
		q1.Client.StopAndCancel(sctx)
		cancel()
		q1.Stop(ctx)
		if got := notes(t, db); len(got) != 0 {
			t.Fatalf("notes after the cancelled run = %v", got)
		}

		q2 := open(t, db, nil, &runs)
		// Make the retry due now instead of after River's backoff.
		res, err := q2.Client.JobList(ctx, river.NewJobListParams())
		if err != nil || len(res.Jobs) != 1 {
			t.Fatalf("jobs after stop: %v, %v", res, err)
		}
		if _, err := q2.Client.JobRetry(ctx, res.Jobs[0].ID); err != nil {
			t.Fatal(err)
		}
		if err := q2.Start(ctx); err != nil {
			t.Fatal(err)
		}
		defer q2.Stop(ctx)
		dctx, cancel2 := context.WithTimeout(ctx, 30*time.Second)
		defer cancel2()
		for len(notes(t, db)) == 0 && dctx.Err() == nil {
			time.Sleep(50 * time.Millisecond)
		}
		if got := notes(t, db); len(got) != 1 || got[0] != "restart" {
			t.Fatalf("notes = %v, want [restart]", got)
		}
	})
}

// TestRetryAfter: the one retry policy doubles from Base and stays at Max.
func TestRetryAfter(t *testing.T) {
	r := jobs.DefaultRetry
	for n, want := range map[int]time.Duration{1: 2 * time.Second, 2: 4 * time.Second, 3: 8 * time.Second,
		8: 256 * time.Second, 9: 5 * time.Minute, 25: 5 * time.Minute} {
		if got := r.After(n); got != want {
			t.Errorf("After(%d) = %v, want %v", n, got, want)
		}
	}
}
