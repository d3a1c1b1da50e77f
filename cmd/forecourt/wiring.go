package main

import (
	"context"

	"forecourt/internal/booking"
	"forecourt/internal/catalog"
	"forecourt/internal/gdpr"
	"forecourt/internal/jobs"
	"forecourt/internal/media"
	"forecourt/internal/page"
	"forecourt/internal/ratelimit"
	"forecourt/internal/reminders"
	"forecourt/internal/search"
	"forecourt/internal/staff/accounts"
	"forecourt/internal/testdrive"
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
	// limiter keeps rate-limit counters in the store.
	limiter *ratelimit.Limiter
	// booking is the one booking engine of the service booking and the
	// tyre hotel's wheel changes, over every site's workshops.
	booking *booking.Engine
	// reminders are the owner reminders over the booking engine; made on
	// first use (wiring.ownerReminders) by the features that book.
	reminders *reminders.Service
	// bookingParts are what both booking flows share (booking links, text
	// messages, the booking page's flows); made on first use
	// (wiring.bookingShared, wire_booking_manage.go).
	bookingParts *bookingParts
	// jobs is the background job queue (River on the store): a feature
	// registers its workers (river.AddWorker(w.jobs.Workers, …)) and
	// periodic jobs (w.jobs.AddPeriodic), and queues its mails and text
	// messages with their delivery jobs in it (mail.Queue,
	// tirehotel.Store.Jobs); serve starts it after every feature is wired
	// and stops it on shutdown.
	jobs *jobs.Queue
	// staff is the staff account store (wireStaff): the staff.Recorder of
	// the audit log that every staff feature records its actions with.
	staff *accounts.Store
	// testDrives is the test-drive flow (wireBooking), for its sweep.
	testDrives *testdrive.TestDrives
}

// feature plugs one feature into the server: its loaders, rewriters,
// routes, jobs and checks (wire_<feature>.go).
type feature func(ctx context.Context, w *wiring) error

// features are the server's features in the order serve wires them.
// Only the page rewriters depend on it for what a request gets (they are
// asked in the order added); the rest keeps the order the features have
// always been wired in, so the API mounts, the registered jobs and the
// first settings error serve stops with stay as they were. The booking
// features share their reminder service and booking parts, made by
// whichever of them asks first (wiring.ownerReminders,
// wiring.bookingShared), so their order among themselves is free.
func features() []feature {
	return []feature{
		wireAlerts,  // saved searches: needs nothing from another feature
		wireBooking, // service booking: the first to ask for the shared reminders and booking parts
		// The car list's /{brand}/{model} rewriter must see /bilar/fiat/600
		// before the detail rewriter (next) takes it for the car "fiat";
		// its HeroBanner loader (the hero with the brand facet) is the only one.
		wireCatalogList,
		wireCarDetail,      // car detail: its rewriter after the list's (above)
		wireFinanceActions, // UK finance action pages: a loader only, beside the detail it links from
		wireForms,          // the one form pipeline (/api/forms/…), after the pages whose forms post to it
		wireFormsUI,        // listing blocks and marketing form: loaders only
		wireHardening,      // PUBLIC_URLS/EDITOR_ACCOUNTS checks and sign-in throttle: editing deps only
		wireStaff,          // staff accounts, sign-in, gate, admin, audit and leads inbox: before any staff feature
		wireMap,            // MAP_STYLE_URL: the assembler's style and the allowed connect origin
		wireReminders,      // reminder unsubscribe and sweep: after the booking that made the service
		wireTirehotel,      // tyre hotel: books through the shared booking parts and reminders
		wireWorkshop,       // the workshop's staff calls: after the flows (wheel change) are in the booking use case
	}
}

// gdprHolders are the stores of personal data that `forecourt leads
// export|erase` covers, in erasure order. The mail outbox's own holder
// runs last: the mails about leads, bookings and reminders go with those
// records first, what is left are the mails sent to the person.
func gdprHolders() []func(a *app) gdpr.Holder {
	return []func(a *app) gdpr.Holder{
		leadWorkHolder,        // wire_staff.go: the sellers' work on the leads, found through them
		leadsHolder,           // wire_forms.go
		formSubmissionsHolder, // wire_forms.go
		tireHotelHolder,       // gdpr_bookings.go
		bookingsHolder,        // gdpr_bookings.go
		savedSearchesHolder,   // wire_alerts.go
		remindersHolder,       // wire_reminders.go
		mailHolder,            // wire_forms.go
	}
}
