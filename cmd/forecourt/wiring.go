package main

import (
	"context"

	"forecourt/internal/booking"
	"forecourt/internal/catalog"
	"forecourt/internal/jobs"
	"forecourt/internal/mail"
	"forecourt/internal/media"
	"forecourt/internal/page"
	"forecourt/internal/ratelimit"
	"forecourt/internal/reminders"
	"forecourt/internal/search"
	"forecourt/internal/web"
)

// wiring is what a feature needs to plug itself into the server: loaders
// and rewriters on the page assembler, API routes, health checks and
// sitemap contributors on the web dependencies.
type wiring struct {
	app     *app
	pages   *page.Assembler
	catalog *catalog.Service
	engine  *search.Engine
	media   *media.Handler
	deps    *web.Deps
	// mail is the one outbox every feature queues its mails in (mail.Queue
	// in the feature's transaction, then mail.Kick()); limiter keeps
	// rate-limit counters in the store.
	mail    *mail.Outbox
	limiter *ratelimit.Limiter
	// booking is the one booking engine of the service booking and the
	// tyre hotel's wheel changes, over every site's workshops.
	booking *booking.Engine
	// reminders are the owner reminders over the booking engine; made on
	// first use (wiring.ownerReminders) by the wirers that book.
	reminders *reminders.Service
	// bookingParts are what both booking flows share (booking links, text
	// messages, the booking page's flows); made on first use
	// (wiring.bookingShared, wire_booking_manage.go).
	bookingParts *bookingParts
	// jobs is the background job queue (River on the store): a wirer
	// registers its workers (river.AddWorker(w.jobs.Workers, …)) and
	// periodic jobs (w.jobs.AddPeriodic); serve starts it after every
	// wirer ran and stops it on shutdown.
	jobs *jobs.Queue
}

// wirers are the features' wiring functions, registered by init functions
// in the features' own files (wire_<feature>.go) so that features do not
// edit each other's code. They run in file-name order (Go runs a package's
// init functions in the order its files are named), and that order
// matters for page rewriters: wire_catalog_list.go's list rewriter must see
// /bilar/fiat/600 before wire_detail.go's detail rewriter does.
var wirers []func(ctx context.Context, w *wiring) error
