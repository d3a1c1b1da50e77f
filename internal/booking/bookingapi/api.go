// Package bookingapi is the HTTP adapter of the service booking
// (/api/mechmate/…, /api/places) and of the booking page
// (/api/bookings/manage/…): it decodes requests, converts them for the
// booking use case (booking.Service) and the engine's reads, and maps
// errors to the contract's shape. The rules (offerings, prices, job
// minutes, horizons) and the steps after a change (mails, text messages,
// reminders) live in internal/booking. One file per route family:
// vehicle.go, availability.go, book.go, manage.go, places.go.
package bookingapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"time"

	"forecourt/internal/booking"
	"forecourt/internal/errs"
	"forecourt/internal/httpguard"
	"forecourt/internal/httpkit"
	"forecourt/internal/places"
	"forecourt/internal/testdrive"
	"forecourt/internal/vehicles"
)

// Limits of the public endpoints.
const (
	MaxBody        = 16 << 10 // bytes of a booking request
	MaxServices    = 10       // offerings in one request
	MaxMileage     = 100_000  // Swedish mil
	FirstSlotWeeks = 8        // firstTimeSlot looks this far ahead
	TimeslotDays   = 7        // days of one timeslots answer
)

// HorizonWeeks is how far ahead the calendar offers times and books
// (booking.HorizonWeeks).
const HorizonWeeks = booking.HorizonWeeks

// Limiter counts hits per key in a window (internal/ratelimit).
type Limiter interface {
	Allow(ctx context.Context, key string, limit int, window time.Duration) (ok bool, retryAfter time.Duration, err error)
}

// API holds what the handlers need.
type API struct {
	// Engine answers the reads (availability); Bookings makes every change
	// (book, move, cancel) with its steps. Routes makes Bookings over Engine
	// and Links when it is nil.
	Engine   *booking.Engine
	Bookings *booking.Service
	Vehicles vehicles.Provider
	Places   *places.Gazetteer
	Limiter  Limiter
	Log      *slog.Logger
	// SiteOf names the forecourt site of a request (whose workshops are
	// listed); nil: the request's site (httpguard.SiteOf), and every
	// workshop outside the server.
	SiteOf func(r *http.Request) string
	// StreamTimeout bounds one closestAvailable stream (default 15 s).
	StreamTimeout time.Duration
	// BookLimit bookings per client address per BookWindow (default 20 per 10 min).
	BookLimit  int
	BookWindow time.Duration
	// StreamLimit streams per client address a minute (default 60).
	StreamLimit int
	// Guard is the defence of the state-changing calls (book, cancel):
	// same-origin Origin, JSON only, the body bound (MaxBody when unset).
	// Its zero value admits loopback origins only.
	Guard httpguard.Mutation
	// Links signs and checks the links to a booking's page
	// (booking.ManagePath); Bookings.Links when nil.
	Links *booking.Links
	// TestDrives is the test-drive flow (/api/testdrive/…); nil: its
	// calls answer that no dealer takes test-drive bookings.
	TestDrives *testdrive.TestDrives
}

// Routes lists the routes for the server's mux.
func (a *API) Routes() []httpkit.Route {
	if a.Bookings == nil {
		a.Bookings = booking.NewService(a.Engine, a.Links)
	}
	if a.Links == nil {
		a.Links = a.Bookings.Links
	}
	var routes []httpkit.Route
	// Handlers write the contract's error shape themselves (writeError).
	route := func(pattern, name string, h func(w http.ResponseWriter, r *http.Request) error) {
		routes = append(routes, httpkit.Route{Pattern: pattern, Name: name, Handler: func(w http.ResponseWriter, r *http.Request) error {
			if err := h(w, r); err != nil {
				writeError(w, r, a.log(), err)
			}
			return nil
		}})
	}
	route("GET /api/mechmate/car/{reg}", "mechmate-car", a.handleCar)
	route("GET /api/mechmate/authorized-workshop/{brand}", "mechmate-authorized", a.handleAuthorized)
	route("GET /api/mechmate/services/{reg}", "mechmate-services", a.handleOfferings(false))
	route("GET /api/mechmate/addons/{reg}", "mechmate-addons", a.handleOfferings(true))
	route("GET /api/mechmate/prices/{reg}/{mileage}/{dep}", "mechmate-prices", a.handlePrices)
	route("GET /api/mechmate/departments/closestAvailable", "mechmate-closest", a.handleClosest)
	route("GET /api/mechmate/timeslots/from/{reg}/{dep}/{date}", "mechmate-timeslots", a.handleTimeslots)
	route("GET /api/mechmate/timeslots/from/{reg}/{dep}/{date}/{$}", "mechmate-timeslots", a.handleTimeslots)
	guard := a.Guard
	if guard.MaxBody == 0 {
		guard.MaxBody = MaxBody
	}
	route("POST /api/mechmate/book", "mechmate-book", guard.Wrap(a.handleBook))
	route("GET /api/mechmate/bookings/{id}", "mechmate-booking", a.handleGetBooking)
	route("POST /api/mechmate/bookings/{id}/cancel", "mechmate-cancel", guard.Wrap(a.handleCancel))
	route("POST /api/bookings/manage", "booking-manage", guard.Wrap(a.handleManage))
	route("POST /api/bookings/manage/days", "booking-manage-days", guard.Wrap(a.handleManageDays))
	route("POST /api/bookings/manage/move", "booking-manage-move", guard.Wrap(a.handleManageMove))
	route("POST /api/bookings/manage/cancel", "booking-manage-cancel", guard.Wrap(a.handleManageCancel))
	route("GET /api/bookings/manage/calendar", "booking-manage-calendar", a.handleManageCalendar)
	route("GET /api/testdrive/{carId}/days", "testdrive-days", a.handleTestDriveDays)
	route("GET /api/testdrive/{carId}/slots", "testdrive-slots", a.handleTestDriveSlots)
	route("POST /api/testdrive/{carId}/book", "testdrive-book", guard.Wrap(a.handleTestDriveBook))
	route("GET /api/places", "places", a.handlePlaces)
	route("GET /api/places/nearest", "places-nearest", a.handleNearest)
	return routes
}

func (a *API) log() *slog.Logger {
	if a.Log != nil {
		return a.Log
	}
	return slog.Default()
}

func writeJSON(w http.ResponseWriter, v any) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false) // cancelUrl keeps its "&"
	if err := enc.Encode(v); err != nil {
		return errs.Wrap(err, "encode answer")
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Write(b.Bytes())
	return nil
}

// workshop is the workshop of a department id from a request; a sales
// department (test drives) is no workshop and answers as unknown.
func (a *API) workshop(id string) (*booking.Workshop, error) {
	w, err := a.Engine.Workshop(id)
	if err != nil {
		return nil, err
	}
	if w.Sales {
		return nil, booking.ErrUnknownDepartment
	}
	return w, nil
}

// workshops are the workshops of the request's site.
func (a *API) workshops(r *http.Request) []*booking.Workshop {
	site := ""
	if a.SiteOf != nil {
		site = a.SiteOf(r)
	} else if st := httpguard.SiteOf(r); st != nil {
		site = st.Name
	}
	return a.Engine.Directory().All(site)
}

const localLayout = "2006-01-02T15:04:05"

func (a *API) allow(r *http.Request, key string, limit int, window time.Duration) error {
	if a.Limiter == nil {
		return nil
	}
	ok, retry, err := a.Limiter.Allow(r.Context(), key, limit, window)
	if err != nil {
		return err
	}
	if !ok {
		return &apiError{Code: "RateLimited", Status: http.StatusTooManyRequests, Message: msgOther, RetryAfter: retry}
	}
	return nil
}

// readBody reads at most MaxBody bytes.
func readBody(w http.ResponseWriter, r *http.Request, limit int64) ([]byte, error) {
	b, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		return nil, errTooLarge
	}
	if err != nil {
		return nil, errInvalid("body", "kunde inte läsa förfrågan")
	}
	return b, nil
}
