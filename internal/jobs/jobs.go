// Package jobs is forecourt's background job queue: River over the store,
// on SQLite (riversqlite) and on PostgreSQL (riverdatabasesql through the
// pgx stdlib driver the store already uses). A feature inserts its jobs in
// the transaction that writes the data they are about, so a crash neither
// loses a job nor runs one for data that was rolled back; River's leases,
// retries and unique jobs make a second process or a restart run each job
// to completion once (workers must still be idempotent: a job whose worker
// crashed after its effect but before completion runs again).
//
// River was chosen over a hand-written lease loop because it brings
// scheduled jobs, periodic jobs with leader election, unique jobs and
// retries with backoff on both engines. Every delivery to an outside
// service goes through it: mails (internal/mail) and text messages
// (internal/tirehotel's sms job) retry under the one Retry policy.
package jobs

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/riverqueue/river/rivermigrate"
	"github.com/riverqueue/river/rivertype"

	"forecourt/internal/store"
)

// Queue is the job queue of one process. Client inserts jobs (InsertTx in
// the caller's transaction); Workers is where features register workers
// before Start.
type Queue struct {
	Client  *river.Client[*sql.Tx]
	Workers *river.Workers

	db      *store.DB
	own     *sql.DB // SQLite only: River's own one-connection pool to the file
	log     *slog.Logger
	retry   Retry
	mu      sync.Mutex
	started bool
}

// NextRetry is when a job that failed its attempt-th attempt (River's
// job.Attempt, from 1) runs again under the queue's Retry policy.
func (q *Queue) NextRetry(attempt int) time.Time {
	return time.Now().Add(q.retry.After(attempt))
}

// RetryIn is the wait NextRetry adds, for logs.
func (q *Queue) RetryIn(attempt int) time.Duration { return q.retry.After(attempt) }

// Options tune a queue; the zero value is what the server uses.
type Options struct {
	// PollInterval is how often idle workers look for available jobs
	// (default 1 s; tests use less). Neither driver here listens for
	// notifications, so polling is how a job inserted by another process
	// or a scheduled job becomes due.
	PollInterval time.Duration
	// MaxWorkers is the number of jobs worked at once (default 4).
	MaxWorkers int
	// Retry is when a failed delivery is tried again (default
	// DefaultRetry); tests make it short.
	Retry Retry
	// MaxAttempts is how often a job is tried before River discards it
	// (default River's 25); tests make it small.
	MaxAttempts int
}

// Retry is the one retry policy of the jobs that deliver something to a
// service outside forecourt (a mail, a text message): the n-th failed
// attempt (n from 1) is tried again after Base·2^(n-1), at most Max. A job
// that opts in returns Queue.NextRetry from its worker's NextRetry.
type Retry struct {
	Base time.Duration
	Max  time.Duration
}

// DefaultRetry retries after 2 s, 4 s, 8 s … and then every 5 minutes:
// fast enough for a login code (valid 5 minutes), gentle on a mail server
// that is down for hours. After River's 25 attempts (about 1.5 hours) the
// job is discarded; the outboxes' sweeps then queue a new one for what is
// still unsent, so nothing accepted is dropped.
var DefaultRetry = Retry{Base: 2 * time.Second, Max: 5 * time.Minute}

// After is the wait after the n-th failed attempt (n from 1).
func (r Retry) After(n int) time.Duration {
	d := r.Base
	for i := 1; i < n && d < r.Max; i++ {
		d *= 2
	}
	return min(d, r.Max)
}

// Open migrates River's tables on the store's engine and returns a queue
// that can insert at once and works jobs after Start. On PostgreSQL the
// migration holds an advisory lock so that processes starting together
// migrate once.
func Open(ctx context.Context, db *store.DB, logger *slog.Logger, opt Options) (*Queue, error) {
	if logger == nil {
		logger = slog.Default()
	}
	if opt.PollInterval <= 0 {
		opt.PollInterval = time.Second
	}
	if opt.MaxWorkers <= 0 {
		opt.MaxWorkers = 4
	}
	if opt.Retry.Base <= 0 || opt.Retry.Max < opt.Retry.Base {
		opt.Retry = DefaultRetry
	}
	q := &Queue{db: db, log: logger, Workers: river.NewWorkers(), retry: opt.Retry}
	var driver riverdriver.Driver[*sql.Tx]
	switch db.Engine {
	case store.SQLite:
		if db.Path == "" {
			return nil, errors.New("jobs: the SQLite store has no file path")
		}
		// River runs several maintenance services at once; SQLite takes one
		// writer, so River gets one connection of its own (riversqlite's
		// advice) and waits on the busy timeout for the server's writers.
		own, err := store.OpenSQLiteFile(db.Path)
		if err != nil {
			return nil, err
		}
		own.SetMaxOpenConns(1)
		q.own = own
		driver = riversqlite.New(own)
	case store.Postgres:
		driver = riverdatabasesql.New(db.DB)
	default:
		return nil, fmt.Errorf("jobs: unknown engine %q", db.Engine)
	}
	if err := migrate(ctx, db, driver, logger); err != nil {
		q.closeOwn()
		return nil, err
	}
	client, err := river.NewClient(driver, &river.Config{
		Logger:            quiet(logger),
		Queues:            map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: opt.MaxWorkers}},
		Workers:           q.Workers,
		FetchPollInterval: opt.PollInterval,
		FetchCooldown:     min(opt.PollInterval, 100*time.Millisecond),
		PollOnly:          true,
		JobTimeout:        5 * time.Minute,
		// A job still "running" a minute past the timeout belongs to a
		// process that died (SIGKILL, a lost machine): River's rescuer
		// hands it back for another attempt, so a mail or text caught
		// mid-send goes within minutes, not River's default hour.
		RescueStuckJobsAfter: 6 * time.Minute,
		MaxAttempts:          opt.MaxAttempts,
		// A process may insert jobs it does not work itself: mails in a
		// server without a mail relay wait for one that has it.
		SkipUnknownJobCheck: true,
		// Completed jobs are kept a day for the operator to look at, then
		// River's cleaner removes them.
		CompletedJobRetentionPeriod: 24 * time.Hour,
	})
	if err != nil {
		q.closeOwn()
		return nil, fmt.Errorf("jobs: %w", err)
	}
	q.Client = client
	return q, nil
}

// migrate applies River's migrations, serialised between processes on
// PostgreSQL by an advisory lock held on one connection.
func migrate(ctx context.Context, db *store.DB, driver riverdriver.Driver[*sql.Tx], logger *slog.Logger) error {
	m, err := rivermigrate.New(driver, &rivermigrate.Config{Logger: quiet(logger)})
	if err != nil {
		return fmt.Errorf("jobs: migrator: %w", err)
	}
	if db.Engine == store.Postgres {
		conn, err := db.Conn(ctx)
		if err != nil {
			return err
		}
		defer conn.Close()
		const key = 0x666f7265636f7572 // "forecour"
		if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock($1)`, int64(key)); err != nil {
			return fmt.Errorf("jobs: migration lock: %w", err)
		}
		defer conn.ExecContext(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, int64(key))
	}
	if _, err := m.Migrate(ctx, rivermigrate.DirectionUp, nil); err != nil {
		return fmt.Errorf("jobs: migrate river tables: %w", err)
	}
	return nil
}

// quiet keeps River's own info logging (every periodic maintenance run)
// out of the server log; its warnings and errors stay.
func quiet(l *slog.Logger) *slog.Logger {
	return slog.New(levelFilter{l.Handler(), slog.LevelWarn})
}

type levelFilter struct {
	slog.Handler
	min slog.Level
}

func (f levelFilter) Enabled(ctx context.Context, l slog.Level) bool {
	return l >= f.min && f.Handler.Enabled(ctx, l)
}
func (f levelFilter) WithAttrs(a []slog.Attr) slog.Handler {
	return levelFilter{f.Handler.WithAttrs(a), f.min}
}
func (f levelFilter) WithGroup(n string) slog.Handler {
	return levelFilter{f.Handler.WithGroup(n), f.min}
}

// AddPeriodic registers a periodic job (River elects one leader among the
// processes to enqueue it). Call it before Start.
func (q *Queue) AddPeriodic(job *river.PeriodicJob) {
	q.Client.PeriodicJobs().Add(job)
}

// AddSweep makes sweep run every `every` and once at start, as a
// periodic job of kind T in queue ("" for the default queue): enqueued by
// the elected process only, one per period. A sweep finds the rows that
// should have a job and have none (InsertMissing) — how the outboxes
// recover deliveries whose job was discarded or never written.
func AddSweep[T river.JobArgs](q *Queue, queue string, every time.Duration, sweep func(context.Context) error) {
	river.AddWorker(q.Workers, river.WorkFunc(func(ctx context.Context, _ *river.Job[T]) error { return sweep(ctx) }))
	var args T
	q.AddPeriodic(river.NewPeriodicJob(river.PeriodicInterval(every), func() (river.JobArgs, *river.InsertOpts) {
		return args, &river.InsertOpts{Queue: queue, UniqueOpts: river.UniqueOpts{ByPeriod: every}}
	}, &river.PeriodicJobOpts{RunOnStart: true}))
}

// InsertMissing inserts params (unique jobs) in one transaction and
// returns how many were new: a job like one waiting, running or done is
// skipped.
func (q *Queue) InsertMissing(ctx context.Context, params []river.InsertManyParams) (int, error) {
	inserted := 0
	err := q.db.Tx(ctx, func(tx *sql.Tx) error {
		res, err := q.Client.InsertManyTx(ctx, tx, params)
		for _, r := range res {
			if !r.UniqueSkippedAsDuplicate {
				inserted++
			}
		}
		return err
	})
	return inserted, err
}

// AddQueue makes this process work the named queue with up to maxWorkers
// jobs at once (call before Start). Jobs inserted in a queue that no
// process works wait, untouched and without spending attempts, until one
// does: how mails wait for a server that has a mail relay. The queue
// fetches its next job 5 ms after a worker frees up (River's default is
// 100 ms), so a queue of one worker still drains a backlog quickly.
func (q *Queue) AddQueue(name string, maxWorkers int) error {
	if err := q.Client.Queues().Add(name, river.QueueConfig{MaxWorkers: maxWorkers, FetchCooldown: 5 * time.Millisecond}); err != nil {
		return fmt.Errorf("jobs: queue %s: %w", name, err)
	}
	return nil
}

// InsertTx inserts a job in the caller's transaction.
func (q *Queue) InsertTx(ctx context.Context, tx *sql.Tx, args river.JobArgs, opts *river.InsertOpts) error {
	_, err := q.Client.InsertTx(ctx, tx, args, opts)
	return err
}

// Start begins working jobs. A process with no workers registered (a
// command-line tool that only inserts) does not start and is not an error.
func (q *Queue) Start(ctx context.Context) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.started {
		return nil
	}
	if err := q.Client.Start(ctx); err != nil {
		if err.Error() == "at least one Worker must be added to the Workers bundle" {
			q.log.Info("job queue not started: no job kinds registered")
			return nil
		}
		return fmt.Errorf("jobs: start: %w", err)
	}
	q.started = true
	return nil
}

// Stop lets running jobs finish (until ctx ends) and releases River's
// own connection. Jobs not finished are worked again after a restart.
func (q *Queue) Stop(ctx context.Context) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	var err error
	if q.started {
		err = q.Client.Stop(ctx)
		q.started = false
	}
	q.closeOwn()
	return err
}

func (q *Queue) closeOwn() {
	if q.own != nil {
		q.own.Close()
		q.own = nil
	}
}

// Pending counts jobs not yet finished: available, running, retryable and
// scheduled ones (scheduled only when due before the given time; zero time
// counts all of them).
func (q *Queue) Pending(ctx context.Context, dueBefore time.Time) (int, error) {
	params := river.NewJobListParams().
		States(rivertype.JobStateAvailable, rivertype.JobStateRunning, rivertype.JobStateRetryable,
			rivertype.JobStatePending, rivertype.JobStateScheduled).
		First(1000)
	res, err := q.Client.JobList(ctx, params)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, j := range res.Jobs {
		if (j.State == rivertype.JobStateScheduled || j.State == rivertype.JobStateRetryable) && !dueBefore.IsZero() && j.ScheduledAt.After(dueBefore) {
			continue
		}
		n++
	}
	return n, nil
}

// Drain waits until no job is waiting to be worked now (scheduled jobs due
// later do not count), polling every 20 ms, or until ctx ends. Tests use it
// to assert what jobs did.
func (q *Queue) Drain(ctx context.Context) error {
	for {
		n, err := q.Pending(ctx, time.Now())
		if err != nil {
			return err
		}
		if n == 0 {
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("jobs: %d jobs still pending: %w", n, ctx.Err())
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// CompleteTx marks a running job completed in the worker's transaction, so
// that the job's effect and its completion commit together (a crash between
// them cannot run the effect twice). It works on either engine: River finds
// its driver through the client in the worker's context.
func CompleteTx[T river.JobArgs](ctx context.Context, tx *sql.Tx, job *river.Job[T]) error {
	_, err := river.JobCompleteTx[*riverdatabasesql.Driver](ctx, tx, job)
	return err
}
