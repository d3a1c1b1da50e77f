package alerts

import (
	"context"
	"database/sql"
	"time"

	"github.com/riverqueue/river"

	"forecourt/internal/errs"
	"forecourt/internal/jobs"
)

// MatchArgs is the job that matches one import diff (inserted with the diff
// in the import's transaction).
type MatchArgs struct {
	DiffID int64 `json:"diffId"`
}

// Kind implements river.JobArgs.
func (MatchArgs) Kind() string { return "alerts_match" }

// SweepArgs is the periodic job that finds due digests.
type SweepArgs struct{}

// Kind implements river.JobArgs.
func (SweepArgs) Kind() string { return "alerts_sweep" }

// DigestArgs is the job that builds one search's digest of one period.
type DigestArgs struct {
	SearchID string `json:"searchId"`
	Period   string `json:"period"`
}

// Kind implements river.JobArgs.
func (DigestArgs) Kind() string { return "alerts_digest" }

// unique makes a second insert of the same args (a second sweep, another
// process) a no-op while the first job exists.
var unique = &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}}

// Register adds the alert workers to q and the digest sweep every interval
// (it also runs at start). Enqueue of s inserts match jobs on q.
func Register(q *jobs.Queue, s *Service, every time.Duration) {
	RegisterWorkers(q, s)
	q.AddPeriodic(river.NewPeriodicJob(river.PeriodicInterval(every),
		func() (river.JobArgs, *river.InsertOpts) { return SweepArgs{}, nil },
		&river.PeriodicJobOpts{RunOnStart: true}))
}

// RegisterWorkers adds the alert workers to q and sets s.Enqueue to insert
// match jobs on it. A process that only inserts (`forecourt import`) calls
// it too: River inserts only the kinds its client knows; the server's
// queue works them.
func RegisterWorkers(q *jobs.Queue, s *Service) {
	s.Enqueue = func(ctx context.Context, tx *sql.Tx, diffID int64) error {
		return q.InsertTx(ctx, tx, MatchArgs{DiffID: diffID}, unique)
	}
	river.AddWorker(q.Workers, &matchWorker{s: s})
	river.AddWorker(q.Workers, &sweepWorker{s: s})
	river.AddWorker(q.Workers, &digestWorker{s: s})
}

type matchWorker struct {
	river.WorkerDefaults[MatchArgs]
	s *Service
}

// Work matches the diff; MatchDiff stores its items and marks the diff in
// one transaction, so running it again after a crash stores nothing twice.
func (w *matchWorker) Work(ctx context.Context, job *river.Job[MatchArgs]) error {
	_, err := w.s.MatchDiff(ctx, job.Args.DiffID)
	return err
}

type sweepWorker struct {
	river.WorkerDefaults[SweepArgs]
	s *Service
}

// catchUpAfter is how old an unmatched diff must be before the sweep
// queues its match again (a diff recorded by a process without a queue).
const catchUpAfter = 10 * time.Minute

// Work inserts a digest job per due search and period (unique by args) and
// a match job for diffs left unmatched, in one transaction.
func (w *sweepWorker) Work(ctx context.Context, job *river.Job[SweepArgs]) error {
	now := w.s.now()
	if err := w.s.prune(ctx, now); err != nil {
		w.s.log().Error("alerts: prune failed", "err", err)
	}
	due, err := w.s.DueDigests(ctx)
	if err != nil {
		return err
	}
	stale, err := w.s.staleDiffs(ctx, now.Add(-catchUpAfter))
	if err != nil {
		return err
	}
	client := river.ClientFromContext[*sql.Tx](ctx)
	return w.s.DB.Tx(ctx, func(tx *sql.Tx) error {
		for _, d := range due {
			if _, err := client.InsertTx(ctx, tx, DigestArgs(d), unique); err != nil {
				return errs.Wrap(err, "queue digest")
			}
		}
		for _, id := range stale {
			if _, err := client.InsertTx(ctx, tx, MatchArgs{DiffID: id}, unique); err != nil {
				return errs.Wrap(err, "queue match")
			}
		}
		return jobs.CompleteTx(ctx, tx, job)
	})
}

type digestWorker struct {
	river.WorkerDefaults[DigestArgs]
	s *Service
}

// Work builds the digest and completes the job in the transaction that
// claims the period, marks the items and queues the mail.
func (w *digestWorker) Work(ctx context.Context, job *river.Job[DigestArgs]) error {
	_, err := w.s.BuildDigestTx(ctx, job.Args.SearchID, job.Args.Period, func(tx *sql.Tx) error {
		return jobs.CompleteTx(ctx, tx, job)
	})
	return err
}
