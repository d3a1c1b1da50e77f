// Package booking owns workshops' time: their capacity, one availability
// function for listing and booking, and bookings taken in one transaction
// that re-checks capacity. Both the service booking (flow "service") and
// the tyre hotel's wheel changes (flow "wheelchange") book through Engine.
package booking

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"

	"forecourt/internal/errs"
	"forecourt/internal/jobs"
	"forecourt/internal/store"
)

// Errors callers act on.
var (
	ErrUnknownDepartment    = errs.E(errs.NotFound, "Verkstaden finns inte")
	ErrTimeslotNotAvailable = errs.E(errs.Conflict, "Tiden är inte tillgänglig, vänligen välj en annan tid")
	ErrNotFound             = errs.E(errs.NotFound, "Bokningen finns inte")
	ErrKeyReused            = errs.E(errs.Conflict, "Idempotency-Key används redan för en annan bokning")
)

// Flows that book through the engine.
const (
	FlowService     = "service"
	FlowWheelChange = "wheelchange"
)

// Statuses of a booking.
const (
	StatusBooked    = "booked"
	StatusCancelled = "cancelled"
	// A workshop marks a booking's visit: the car arrived, the job is
	// done, or nobody came.
	StatusArrived = "arrived"
	StatusDone    = "done"
	StatusNoShow  = "noshow"
)

// holding is the SQL condition of a booking that holds capacity: booked,
// or its car arrived or done (a no-show and a cancellation free it).
const holding = "status IN ('booked', 'arrived', 'done')"

// MaxDays is the longest range Days answers (about half a year).
const MaxDays = 190

// Customer is who booked.
type Customer struct {
	FirstName string `json:"firstName"`
	LastName  string `json:"lastName"`
	Phone     string `json:"phone"`
	Email     string `json:"email"`
}

// Item is one booked service or add-on with the price shown when booking.
type Item struct {
	Code       string  `json:"code"`
	Name       string  `json:"name"`
	Units      int     `json:"units"`
	UserInput  string  `json:"userInput,omitempty"`
	Price      float64 `json:"price"`
	PriceKnown bool    `json:"priceKnown"`
	Discount   float64 `json:"priceDiscount"`
}

// Car is the booked car as the booking flow knew it.
type Car struct {
	Brand string `json:"brand"`
	Model string `json:"model"`
	Year  int    `json:"year,omitempty"`
}

// Request asks to book. Start is the drop-off instant (any zone; it must
// be a free start of Slots), or for FullDay any instant of the day (the
// drop-off is 08:00 local). InTx, when set, runs inside the booking's
// transaction after the booking row is written: queue the confirmation
// mails there (mail.Queue(ctx, db, tx, msg, now)) so they exist exactly
// when the booking does; an error from it undoes the booking.
type Request struct {
	Flow           string
	DepartmentID   string
	Start          time.Time
	FullDay        bool
	Minutes        int
	IdempotencyKey string
	Customer       Customer
	Reg            string
	Car            Car
	Mileage        int
	Items          []Item
	FreeText       string
	InTx           func(ctx context.Context, tx *sql.Tx, b Booking) error
}

// Booking is a stored booking. Start is a UTC instant; Zone the workshop's.
type Booking struct {
	ID           string     `json:"id"`
	Flow         string     `json:"flow"`
	DepartmentID string     `json:"departmentId"`
	Day          string     `json:"day"`
	Start        time.Time  `json:"start"`
	Zone         string     `json:"zone"`
	FullDay      bool       `json:"isFullDay"`
	Minutes      int        `json:"minutes"`
	Status       string     `json:"status"`
	Customer     Customer   `json:"customer"`
	Reg          string     `json:"registrationNumber"`
	Car          Car        `json:"car"`
	Mileage      int        `json:"mileage"`
	Items        []Item     `json:"items"`
	FreeText     string     `json:"freeText"`
	CancelToken  string     `json:"-"`
	CreatedAt    time.Time  `json:"createdAt"`
	CancelledAt  *time.Time `json:"cancelledAt,omitempty"`
	// Sequence counts the changes of time and the cancellation: the
	// SEQUENCE of the booking's calendar file. ChangedAt is the last one.
	Sequence  int        `json:"sequence"`
	ChangedAt *time.Time `json:"changedAt,omitempty"`
	// CancelReason is the workshop's reason when it cancelled; UpdatedAt
	// the last change of any kind (time, status, cancellation).
	CancelReason string     `json:"cancelReason,omitempty"`
	UpdatedAt    *time.Time `json:"updatedAt,omitempty"`
	fingerprint  string
	// Replayed is true when Book answered an earlier booking with the same
	// idempotency key instead of booking again.
	Replayed bool `json:"-"`
}

// Local is the drop-off time in the booking's zone.
func (b Booking) Local() time.Time {
	loc, err := time.LoadLocation(b.Zone)
	if err != nil {
		return b.Start
	}
	return b.Start.In(loc)
}

// Engine books workshop time. It is safe for concurrent use and across
// processes sharing one store.
type Engine struct {
	db  *store.DB
	dir *Directory
	// Now is the clock (a seam for tests).
	Now func() time.Time
	// Jobs is the job queue a queued mail's delivery job goes in, in the
	// mail's transaction; nil (a command-line tool) writes the mail only,
	// and a running server's mail sweep delivers it.
	Jobs *jobs.Queue
}

// New returns an engine over the store and the workshop directory.
func New(db *store.DB, dir *Directory) *Engine {
	return &Engine{db: db, dir: dir, Now: time.Now}
}

// DB is the engine's store (for callers queueing mail in InTx).
func (e *Engine) DB() *store.DB { return e.db }

// Directory is the engine's workshop directory.
func (e *Engine) Directory() *Directory { return e.dir }

// Workshop returns the workshop of departmentID or ErrUnknownDepartment.
func (e *Engine) Workshop(departmentID string) (*Workshop, error) {
	return e.dir.Workshop(departmentID)
}

// Days returns the availability of each local day from..to (inclusive) of
// the workshop for job. Errors: ErrUnknownDepartment; errs.Invalid for a
// range that is reversed or longer than MaxDays.
func (e *Engine) Days(ctx context.Context, departmentID string, from, to Date, job Job) ([]DaySlots, error) {
	w, err := e.dir.Workshop(departmentID)
	if err != nil {
		return nil, err
	}
	return e.days(ctx, w, from, to, job, "")
}

// DaysFor is Days for moving the booking id: its own capacity counts as
// free, so the times it blocks today are offered too.
func (e *Engine) DaysFor(ctx context.Context, id string, from, to Date) ([]DaySlots, error) {
	b, err := scanBooking(e.db.QueryRowContext(ctx, e.db.Rebind(`SELECT `+bookingColumns+` FROM booking_bookings WHERE id = ?`), id))
	if err != nil {
		return nil, err
	}
	w, err := e.dir.Workshop(b.DepartmentID)
	if err != nil {
		return nil, err
	}
	return e.days(ctx, w, from, to, Job{Minutes: b.Minutes}, b.ID)
}

func (e *Engine) days(ctx context.Context, w *Workshop, from, to Date, job Job, except string) ([]DaySlots, error) {
	if to.Before(from) {
		return nil, errs.E(errs.Invalid, "the range ends before it starts")
	}
	n := 0
	for d := from; !to.Before(d); d = d.AddDays(1) {
		if n++; n > MaxDays {
			return nil, errs.E(errs.Invalid, "at most %d days at a time", MaxDays)
		}
	}
	w, err := e.workshopOn(ctx, e.db, w.DepartmentID, from, to)
	if err != nil {
		return nil, err
	}
	uses, err := e.uses(ctx, e.db, w.DepartmentID, from, to, except)
	if err != nil {
		return nil, err
	}
	now := e.Now()
	out := make([]DaySlots, 0, n)
	for d := from; !to.Before(d); d = d.AddDays(1) {
		out = append(out, Availability(w, d, job, uses[d.String()], now))
	}
	return out, nil
}

// DaysAll is Days for many workshops at once (one query): the listing of
// workshops and their calendars. Unknown departments are left out.
func (e *Engine) DaysAll(ctx context.Context, departmentIDs []string, from, to Date, job Job) (map[string][]DaySlots, error) {
	if to.Before(from) || from.AddDays(MaxDays).Before(to) {
		return nil, errs.E(errs.Invalid, "a range of 1 to %d days", MaxDays)
	}
	ws := make([]*Workshop, 0, len(departmentIDs))
	args := []any{from.String(), to.String()}
	marks := make([]string, 0, len(departmentIDs))
	operating, err := e.operating(ctx, e.db, departmentIDs, from, to)
	if err != nil {
		return nil, err
	}
	for _, id := range departmentIDs {
		if w, ok := operating[id]; ok {
			ws = append(ws, w)
			args = append(args, id)
			marks = append(marks, "?")
		}
	}
	out := make(map[string][]DaySlots, len(ws))
	if len(ws) == 0 {
		return out, nil
	}
	rows, err := e.db.QueryContext(ctx, e.db.Rebind(`SELECT department_id, day, starts_at, minutes, full_day FROM booking_bookings
		WHERE day >= ? AND day <= ? AND `+holding+` AND department_id IN (`+strings.Join(marks, ", ")+`)`), args...)
	if err != nil {
		return nil, errs.Wrap(err, "load bookings")
	}
	defer rows.Close()
	uses := map[string]map[string][]Use{}
	for rows.Next() {
		var dep, day string
		var start any
		var u Use
		if err := rows.Scan(&dep, &day, &start, &u.Minutes, &u.FullDay); err != nil {
			return nil, errs.Wrap(err, "scan booking use")
		}
		if u.Start, err = timeOf(start); err != nil {
			return nil, err
		}
		if uses[dep] == nil {
			uses[dep] = map[string][]Use{}
		}
		uses[dep][day] = append(uses[dep][day], u)
	}
	if err := rows.Err(); err != nil {
		return nil, errs.Wrap(err, "load bookings")
	}
	now := e.Now()
	for _, w := range ws {
		var days []DaySlots
		for d := from; !to.Before(d); d = d.AddDays(1) {
			days = append(days, Availability(w, d, job, uses[w.DepartmentID][d.String()], now))
		}
		out[w.DepartmentID] = days
	}
	return out, nil
}

// Slots returns the free starts of one local day and whether its full-day
// drop-off is free.
func (e *Engine) Slots(ctx context.Context, departmentID string, day Date, job Job) (DaySlots, error) {
	ds, err := e.Days(ctx, departmentID, day, day, job)
	if err != nil {
		return DaySlots{}, err
	}
	return ds[0], nil
}

// FirstFree returns the first free drop-off (timed or full-day) of the
// workshop within days days from today (its local day), or ok false.
func (e *Engine) FirstFree(ctx context.Context, w *Workshop, days int, job Job) (t time.Time, ok bool, err error) {
	from := DateOf(e.Now().In(w.Zone))
	// Look a week ahead first: the first free time is nearly always there.
	for done := 0; done < days; {
		n := min(7, days-done)
		if done > 0 {
			n = days - done
		}
		t, ok, err := e.firstFree(ctx, w, from.AddDays(done), from.AddDays(done+n-1), job)
		if err != nil || ok {
			return t, ok, err
		}
		done += n
	}
	return time.Time{}, false, nil
}

func (e *Engine) firstFree(ctx context.Context, w *Workshop, from, to Date, job Job) (t time.Time, ok bool, err error) {
	ds, err := e.days(ctx, w, from, to, job, "")
	if err != nil {
		return time.Time{}, false, err
	}
	for _, d := range ds {
		var first time.Time
		if len(d.Starts) > 0 {
			first = d.Starts[0]
		}
		if d.FullDay {
			fd := d.Date.At(FullDayAt, w.Zone)
			if first.IsZero() || fd.Before(first) {
				first = fd
			}
		}
		if !first.IsZero() {
			return first, true, nil
		}
	}
	return time.Time{}, false, nil
}

// querier is *sql.DB or *sql.Tx.
type querier interface {
	QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row
	ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error)
}

// uses loads the capacity taken on each local day of from..to, leaving
// out the bookings of except (the one being moved).
func (e *Engine) uses(ctx context.Context, q querier, departmentID string, from, to Date, except ...string) (map[string][]Use, error) {
	ex := ""
	if len(except) > 0 {
		ex = except[0]
	}
	rows, err := q.QueryContext(ctx, e.db.Rebind(`SELECT day, starts_at, minutes, full_day FROM booking_bookings
		WHERE department_id = ? AND day >= ? AND day <= ? AND `+holding+` AND id <> ?`), departmentID, from.String(), to.String(), ex)
	if err != nil {
		return nil, errs.Wrap(err, "load bookings")
	}
	defer rows.Close()
	out := map[string][]Use{}
	for rows.Next() {
		var day string
		var start any
		var u Use
		if err := rows.Scan(&day, &start, &u.Minutes, &u.FullDay); err != nil {
			return nil, errs.Wrap(err, "scan booking use")
		}
		if u.Start, err = timeOf(start); err != nil {
			return nil, err
		}
		out[day] = append(out[day], u)
	}
	return out, errs.Wrap(rows.Err(), "load bookings")
}

// timeOf reads a stored instant: time.Time (PostgreSQL) or RFC 3339 text (SQLite).
func timeOf(v any) (time.Time, error) {
	switch t := v.(type) {
	case time.Time:
		return t.UTC(), nil
	case string:
		p, err := time.Parse(time.RFC3339Nano, t)
		return p.UTC(), errs.Wrap(err, "parse stored time %q", t)
	case []byte:
		return timeOf(string(t))
	case nil:
		return time.Time{}, nil
	}
	return time.Time{}, errs.E(errs.Internal, "stored time of type %T", v)
}

// timeArg is how an instant is written: time.Time for PostgreSQL, RFC 3339
// UTC text for SQLite.
func (e *Engine) timeArg(t time.Time) any {
	if e.db.Engine == store.Postgres {
		return t.UTC()
	}
	return t.UTC().Format(time.RFC3339Nano)
}

var flowPattern = regexp.MustCompile(`^[a-z][a-z0-9-]{0,31}$`)

// CheckStart tells why start cannot be a drop-off of the workshop for a
// job of minutes, regardless of capacity: errs.Invalid with field
// "timeSlot" when it is in the past or outside opening hours (or off the
// drop-off grid). It returns the local day and the normalised start.
func (e *Engine) CheckStart(w *Workshop, start time.Time, fullDay bool, minutes int) (Date, time.Time, error) {
	local := start.In(w.Zone)
	d := DateOf(local)
	if fullDay {
		start = d.At(FullDayAt, w.Zone)
	}
	if start.Before(e.Now()) {
		return d, start, &errs.Error{Code: errs.Invalid, Message: "Tiden har redan passerat", Fields: map[string]string{"timeSlot": "Tiden har redan passerat"}}
	}
	spans, closed := w.Hours(d)
	outside := &errs.Error{Code: errs.Invalid, Message: "Tiden är utanför verkstadens öppettider", Fields: map[string]string{"timeSlot": "Tiden är utanför verkstadens öppettider"}}
	if closed != "" {
		return d, start, outside
	}
	m := local.Hour()*60 + local.Minute()
	if fullDay {
		m = FullDayAt
	}
	step := int(w.Capacity.Step / time.Minute)
	if step <= 0 {
		step = 30
	}
	for _, sp := range spans {
		if fullDay && sp.From <= m && m < sp.To {
			return d, start, nil
		}
		if !fullDay && sp.From <= m && m+minutes <= sp.To && (m-sp.From)%step == 0 && local.Second() == 0 {
			return d, start, nil
		}
	}
	return d, start, outside
}

func fingerprint(r Request, start time.Time) string {
	h := sha256.New()
	items, _ := json.Marshal(r.Items)
	fmt.Fprintf(h, "%s|%s|%s|%t|%d|%s|%d|%s|%s|%s|%s|%s|%s", r.Flow, r.DepartmentID, start.UTC().Format(time.RFC3339), r.FullDay,
		r.Minutes, r.Reg, r.Mileage, r.Customer.FirstName, r.Customer.LastName, r.Customer.Phone, r.Customer.Email, r.FreeText, items)
	return hex.EncodeToString(h.Sum(nil))
}

// Book takes the capacity and stores the booking in one transaction that
// re-checks availability under the workshop-day lock (PostgreSQL: SELECT …
// FOR UPDATE on the booking_days row; SQLite: the write transaction is
// BEGIN IMMEDIATE). With an IdempotencyKey that was used before for the same
// request it returns that booking (Replayed true) and books nothing.
// Errors: ErrUnknownDepartment; errs.Invalid (field timeSlot) for a past
// time or one outside opening hours; ErrTimeslotNotAvailable when the start
// is not free; ErrKeyReused for a key used by a different request.
func (e *Engine) Book(ctx context.Context, r Request) (Booking, error) {
	dw, err := e.dir.Workshop(r.DepartmentID)
	if err != nil {
		return Booking{}, err
	}
	local := DateOf(r.Start.In(dw.Zone))
	w, err := e.workshopOn(ctx, e.db, r.DepartmentID, local, local)
	if err != nil {
		return Booking{}, err
	}
	if !flowPattern.MatchString(r.Flow) {
		return Booking{}, errs.E(errs.Invalid, "unknown booking flow %q", r.Flow)
	}
	if r.Minutes < 1 || r.Minutes > 12*60 {
		return Booking{}, errs.E(errs.Invalid, "a job takes 1 to 720 minutes")
	}
	if len(r.IdempotencyKey) > 128 {
		return Booking{}, errs.E(errs.Invalid, "Idempotency-Key is longer than 128 characters")
	}
	day, start, err := e.CheckStart(w, r.Start, r.FullDay, r.Minutes)
	if err != nil {
		return Booking{}, err
	}
	fp := fingerprint(r, start)
	if r.IdempotencyKey != "" {
		if b, err := e.byKey(ctx, e.db, r.IdempotencyKey); err == nil {
			return replay(b, fp)
		} else if !errors.Is(err, ErrNotFound) {
			return Booking{}, err
		}
	}
	now := e.Now().UTC()
	b := Booking{
		ID: newID(), Flow: r.Flow, DepartmentID: w.DepartmentID, Day: day.String(), Start: start.UTC(), Zone: w.ZoneName,
		FullDay: r.FullDay, Minutes: r.Minutes, Status: StatusBooked, Customer: r.Customer, Reg: r.Reg, Car: r.Car,
		Mileage: r.Mileage, Items: r.Items, FreeText: r.FreeText, CancelToken: newToken(), CreatedAt: now,
	}
	if b.Items == nil {
		b.Items = []Item{}
	}
	var replayed *Booking
	err = e.db.Tx(ctx, func(tx *sql.Tx) error {
		if err := e.lockDay(ctx, tx, w.DepartmentID, day); err != nil {
			return err
		}
		if r.IdempotencyKey != "" {
			if old, err := e.byKey(ctx, tx, r.IdempotencyKey); err == nil {
				replayed = &old
				return nil
			} else if !errors.Is(err, ErrNotFound) {
				return err
			}
		}
		uses, err := e.uses(ctx, tx, w.DepartmentID, day, day)
		if err != nil {
			return err
		}
		// The hours and closures as they are now, under the day's lock.
		w, err := e.workshopOn(ctx, tx, w.DepartmentID, day, day)
		if err != nil {
			return err
		}
		free := Availability(w, day, Job{Minutes: r.Minutes}, uses[day.String()], e.Now())
		if !isFree(free, start, r.FullDay) {
			return ErrTimeslotNotAvailable
		}
		if err := e.insert(ctx, tx, b, r.IdempotencyKey, fp); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, e.db.Rebind(`UPDATE booking_days SET bookings = bookings + 1 WHERE department_id = ? AND day = ?`), w.DepartmentID, day.String()); err != nil {
			return errs.Wrap(err, "count booking")
		}
		if err := e.event(ctx, tx, w.DepartmentID, EventCreated, b.ID); err != nil {
			return err
		}
		if r.InTx != nil {
			return r.InTx(ctx, tx, b)
		}
		return nil
	})
	if err != nil && r.IdempotencyKey != "" && isUniqueViolation(err) {
		// A concurrent request with the same key (on another day) won.
		if old, err2 := e.byKey(ctx, e.db, r.IdempotencyKey); err2 == nil {
			return replay(old, fp)
		}
	}
	if err != nil {
		return Booking{}, err
	}
	if replayed != nil {
		return replay(*replayed, fp)
	}
	return b, nil
}

func replay(b Booking, fp string) (Booking, error) {
	if b.fingerprint != "" && b.fingerprint != fp {
		return Booking{}, ErrKeyReused
	}
	b.Replayed = true
	return b, nil
}

func isFree(ds DaySlots, start time.Time, fullDay bool) bool {
	if fullDay {
		return ds.FullDay
	}
	for _, s := range ds.Starts {
		if s.Equal(start) {
			return true
		}
	}
	return false
}

func isUniqueViolation(err error) bool {
	s := err.Error()
	return strings.Contains(s, "UNIQUE constraint failed") || strings.Contains(s, "SQLSTATE 23505") || strings.Contains(s, "duplicate key")
}

// lockDay makes sure the workshop-day row exists and holds its lock until
// the transaction ends.
func (e *Engine) lockDay(ctx context.Context, tx *sql.Tx, departmentID string, day Date) error {
	switch e.db.Engine {
	case store.Postgres:
		if _, err := tx.ExecContext(ctx, `INSERT INTO booking_days (department_id, day) VALUES ($1, $2) ON CONFLICT DO NOTHING`, departmentID, day.String()); err != nil {
			return errs.Wrap(err, "create workshop day")
		}
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT bookings FROM booking_days WHERE department_id = $1 AND day = $2 FOR UPDATE`, departmentID, day.String()).Scan(&n); err != nil {
			return errs.Wrap(err, "lock workshop day")
		}
	default:
		// The transaction began with BEGIN IMMEDIATE (store's _txlock), so it
		// already holds SQLite's write lock.
		if _, err := tx.ExecContext(ctx, `INSERT OR IGNORE INTO booking_days (department_id, day) VALUES (?, ?)`, departmentID, day.String()); err != nil {
			return errs.Wrap(err, "create workshop day")
		}
	}
	return nil
}

func (e *Engine) insert(ctx context.Context, tx *sql.Tx, b Booking, key, fp string) error {
	items, err := json.Marshal(b.Items)
	if err != nil {
		return errs.Wrap(err, "encode items")
	}
	var k any
	if key != "" {
		k = key
	}
	car := ""
	if b.Car != (Car{}) {
		c, err := json.Marshal(b.Car)
		if err != nil {
			return errs.Wrap(err, "encode car")
		}
		car = string(c)
	}
	_, err = tx.ExecContext(ctx, e.db.Rebind(`INSERT INTO booking_bookings (id, flow, department_id, day, starts_at, zone, full_day,
		minutes, status, idempotency_key, fingerprint, cancel_token, reg, mileage, first_name, last_name, phone, email,
		free_text, items, created_at, car) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
		b.ID, b.Flow, b.DepartmentID, b.Day, e.timeArg(b.Start), b.Zone, b.FullDay, b.Minutes, b.Status, k, fp,
		b.CancelToken, b.Reg, b.Mileage, b.Customer.FirstName, b.Customer.LastName, b.Customer.Phone, b.Customer.Email,
		b.FreeText, string(items), e.timeArg(b.CreatedAt), car)
	if err != nil {
		return errs.Wrap(err, "insert booking")
	}
	return nil
}

const bookingColumns = `id, flow, department_id, day, starts_at, zone, full_day, minutes, status, fingerprint, cancel_token,
	reg, mileage, first_name, last_name, phone, email, free_text, items, created_at, cancelled_at, sequence, changed_at,
	cancel_reason, updated_at, car`

type scanner interface{ Scan(dest ...any) error }

func scanBooking(s scanner) (Booking, error) {
	var b Booking
	var start, created, cancelled, changed, updated any
	var items, car string
	err := s.Scan(&b.ID, &b.Flow, &b.DepartmentID, &b.Day, &start, &b.Zone, &b.FullDay, &b.Minutes, &b.Status,
		&b.fingerprint, &b.CancelToken, &b.Reg, &b.Mileage, &b.Customer.FirstName, &b.Customer.LastName,
		&b.Customer.Phone, &b.Customer.Email, &b.FreeText, &items, &created, &cancelled, &b.Sequence, &changed,
		&b.CancelReason, &updated, &car)
	if errors.Is(err, sql.ErrNoRows) {
		return Booking{}, ErrNotFound
	}
	if err != nil {
		return Booking{}, errs.Wrap(err, "scan booking")
	}
	if b.Start, err = timeOf(start); err != nil {
		return Booking{}, err
	}
	if b.CreatedAt, err = timeOf(created); err != nil {
		return Booking{}, err
	}
	if c, err := timeOf(cancelled); err != nil {
		return Booking{}, err
	} else if !c.IsZero() {
		b.CancelledAt = &c
	}
	if c, err := timeOf(changed); err != nil {
		return Booking{}, err
	} else if !c.IsZero() {
		b.ChangedAt = &c
	}
	if c, err := timeOf(updated); err != nil {
		return Booking{}, err
	} else if !c.IsZero() {
		b.UpdatedAt = &c
	}
	if car != "" {
		if err := json.Unmarshal([]byte(car), &b.Car); err != nil {
			return Booking{}, errs.Wrap(err, "decode car")
		}
	}
	if err := json.Unmarshal([]byte(items), &b.Items); err != nil {
		return Booking{}, errs.Wrap(err, "decode items")
	}
	return b, nil
}

func (e *Engine) byKey(ctx context.Context, q querier, key string) (Booking, error) {
	return scanBooking(q.QueryRowContext(ctx, e.db.Rebind(`SELECT `+bookingColumns+` FROM booking_bookings WHERE idempotency_key = ?`), key))
}

// Get returns the booking id when token is its cancel token; otherwise
// ErrNotFound (a wrong token and a missing booking look the same).
func (e *Engine) Get(ctx context.Context, id, token string) (Booking, error) {
	b, err := scanBooking(e.db.QueryRowContext(ctx, e.db.Rebind(`SELECT `+bookingColumns+` FROM booking_bookings WHERE id = ?`), id))
	if err != nil {
		return Booking{}, err
	}
	if token == "" || subtle.ConstantTimeCompare([]byte(token), []byte(b.CancelToken)) != 1 {
		return Booking{}, ErrNotFound
	}
	return b, nil
}

// Cancel cancels the booking id (token must be its cancel token), which
// frees its capacity. Cancelling a cancelled booking answers it unchanged.
// Errors: ErrNotFound for an unknown id or a wrong token.
func (e *Engine) Cancel(ctx context.Context, id, token string) (Booking, error) {
	return e.CancelWith(ctx, id, token, nil)
}

// CancelWith is Cancel that runs inTx (when set) in the cancelling
// transaction, only when this call cancels the booking: queue the
// cancellation mails there.
func (e *Engine) CancelWith(ctx context.Context, id, token string, inTx func(ctx context.Context, tx *sql.Tx, b Booking) error) (Booking, error) {
	return e.cancel(ctx, cancelRequest{ID: id, Token: token}, inTx)
}

// cancelRequest names the booking to cancel: by its cancel token, or for
// the workshop's staff (Staff, whose access the caller checked) by id with
// a Reason.
type cancelRequest struct {
	ID, Token string
	Staff     bool
	Reason    string
}

func (e *Engine) cancel(ctx context.Context, r cancelRequest, inTx func(ctx context.Context, tx *sql.Tx, b Booking) error) (Booking, error) {
	get := func() (Booking, error) {
		if r.Staff {
			return e.ByID(ctx, r.ID)
		}
		return e.Get(ctx, r.ID, r.Token)
	}
	b, err := get()
	if err != nil || b.Status == StatusCancelled {
		return b, err
	}
	if b.Status != StatusBooked {
		return Booking{}, errs.E(errs.Conflict, "Bokningen är redan markerad som %s och kan inte avbokas", b.Status)
	}
	now := e.Now().UTC()
	err = e.db.Tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, e.db.Rebind(`UPDATE booking_bookings SET status = 'cancelled', cancelled_at = ?, changed_at = ?, updated_at = ?,
			sequence = sequence + 1, cancel_reason = ? WHERE id = ? AND status = 'booked'`), e.timeArg(now), e.timeArg(now), e.timeArg(now), r.Reason, r.ID)
		if err != nil {
			return errs.Wrap(err, "cancel booking")
		}
		if n, _ := res.RowsAffected(); n == 1 {
			b.Status, b.CancelledAt, b.ChangedAt, b.UpdatedAt, b.CancelReason = StatusCancelled, &now, &now, &now, r.Reason
			b.Sequence++
			if err := e.event(ctx, tx, b.DepartmentID, EventCancelled, b.ID); err != nil {
				return err
			}
			if inTx != nil {
				return inTx(ctx, tx, b)
			}
		}
		return nil
	})
	if err != nil {
		return Booking{}, err
	}
	return get()
}

// ExportEmail returns every booking made with the e-mail address (GDPR
// access request), oldest first.
func (e *Engine) ExportEmail(ctx context.Context, email string) ([]Booking, error) {
	rows, err := e.db.QueryContext(ctx, e.db.Rebind(`SELECT `+bookingColumns+` FROM booking_bookings WHERE lower(email) = lower(?) ORDER BY created_at, id`), strings.TrimSpace(email))
	if err != nil {
		return nil, errs.Wrap(err, "export bookings")
	}
	defer rows.Close()
	var out []Booking
	for rows.Next() {
		b, err := scanBooking(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, errs.Wrap(rows.Err(), "export bookings")
}

// EraseEmail removes the personal data of every booking made with the
// e-mail address (GDPR erasure): name, phone, e-mail, plate, free text and
// user input are blanked; the booking keeps its time so capacity stays
// right. It returns the number of bookings erased.
func (e *Engine) EraseEmail(ctx context.Context, email string) (int, error) {
	email = strings.TrimSpace(email)
	if email == "" {
		return 0, errs.E(errs.Invalid, "no e-mail address")
	}
	bs, err := e.ExportEmail(ctx, email)
	if err != nil {
		return 0, err
	}
	err = e.db.Tx(ctx, func(tx *sql.Tx) error {
		for _, b := range bs {
			for i := range b.Items {
				b.Items[i].UserInput = ""
			}
			items, _ := json.Marshal(b.Items)
			_, err := tx.ExecContext(ctx, e.db.Rebind(`UPDATE booking_bookings SET first_name = '', last_name = '', phone = '', email = '',
				reg = '', free_text = '', items = ? WHERE id = ?`), string(items), b.ID)
			if err != nil {
				return errs.Wrap(err, "erase booking")
			}
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	return len(bs), nil
}

// idAlphabet has no 0/O, 1/I/L or U, so an id reads back over the phone.
const idAlphabet = "23456789ABCDEFGHJKMNPQRSTVWXYZ"

func newID() string {
	var b [7]byte
	rand.Read(b[:])
	out := []byte("BK-")
	for _, c := range b {
		out = append(out, idAlphabet[int(c)%len(idAlphabet)])
	}
	return string(out)
}

func newToken() string {
	var b [18]byte
	rand.Read(b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// ByIDTx reads the booking id inside tx, without its cancel token: for
// the engine's own workers (the text messages), never for a visitor's
// request (those go through Get with the token). Errors: ErrNotFound.
func (e *Engine) ByIDTx(ctx context.Context, tx *sql.Tx, id string) (Booking, error) {
	return scanBooking(tx.QueryRowContext(ctx, e.db.Rebind(`SELECT `+bookingColumns+` FROM booking_bookings WHERE id = ?`), id))
}

// ByID reads the booking id without its cancel token, for callers that
// authorised the reader otherwise (the tyre hotel's session lists its own
// wheel changes). Errors: ErrNotFound.
func (e *Engine) ByID(ctx context.Context, id string) (Booking, error) {
	return scanBooking(e.db.QueryRowContext(ctx, e.db.Rebind(`SELECT `+bookingColumns+` FROM booking_bookings WHERE id = ?`), id))
}
