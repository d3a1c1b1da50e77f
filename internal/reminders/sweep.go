package reminders

import (
	"context"
	"time"

	"github.com/riverqueue/river"
)

// SweepEvery is how often the server sends due reminders: a reminder due
// at 09:00 local goes out within this long after.
const SweepEvery = 10 * time.Minute

// SweepArgs is the periodic job that sends due reminders.
type SweepArgs struct{}

// Kind names the job in River's table.
func (SweepArgs) Kind() string { return "reminders_sweep" }

// SweepWorker works SweepArgs: RunDue at the wall clock. It is idempotent
// by construction — each reminder is marked sent in the transaction that
// queues its mail — so a sweep that runs twice (a crash before River
// recorded its completion, or two processes) sends nothing twice.
type SweepWorker struct {
	river.WorkerDefaults[SweepArgs]
	Service *Service
}

// Work sends the reminders due now.
func (w *SweepWorker) Work(ctx context.Context, job *river.Job[SweepArgs]) error {
	_, err := w.Service.RunDue(ctx, w.Service.now())
	return err
}

// Periodic is the sweep's schedule for jobs.Queue.AddPeriodic: every
// SweepEvery and once at start (a server down at 09:00 catches up when it
// comes back). River enqueues it on one elected process only; the unique
// period keeps a second enqueue of the same slot out.
func Periodic() *river.PeriodicJob {
	return river.NewPeriodicJob(river.PeriodicInterval(SweepEvery), func() (river.JobArgs, *river.InsertOpts) {
		return SweepArgs{}, &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByPeriod: SweepEvery}}
	}, &river.PeriodicJobOpts{RunOnStart: true})
}
