package booking

import (
	"context"
	"database/sql"
	"time"

	"forecourt/internal/errs"
)

// The workshop's view of its calendar and the status of a visit: what the
// staff side reads and marks. Moves and cancellations go through Service.

// MaxCalendarDays is the longest range of one calendar answer.
const MaxCalendarDays = 42

// SlotUse is one start of the drop-off grid: how many jobs can run then
// (0 when a closure blocks it) and how many timed bookings run then.
type SlotUse struct {
	Start    time.Time
	Capacity int
	Used     int
	Blocked  bool
}

// CalendarDay is one local day of a department's calendar.
type CalendarDay struct {
	Date Date
	// Open and Close are the week's hours that day (no closures taken
	// out); zero when closed all day.
	Open, Close int
	// Closed says why nothing can be booked that day ("" when open):
	// ClosedWeekday, a holiday's, deviation day's or closure's name.
	Closed string
	Slots  []SlotUse
	// FullDayCapacity and FullDayUsed are the full-day drop-off's places.
	FullDayCapacity, FullDayUsed int
}

// Calendar is a department's days and every booking on them (cancelled
// ones too), in start order.
type Calendar struct {
	Workshop *Workshop
	Days     []CalendarDay
	Bookings []Booking
}

// Calendar returns the department's days from..to (at most
// MaxCalendarDays) with capacity and use per start, and its bookings.
// Errors: ErrUnknownDepartment; errs.Invalid for a bad range.
func (e *Engine) Calendar(ctx context.Context, departmentID string, from, to Date) (Calendar, error) {
	if to.Before(from) || from.AddDays(MaxCalendarDays-1).Before(to) {
		return Calendar{}, &errs.Error{Code: errs.Invalid, Message: "Choose 1 to 42 days.", Fields: map[string]string{"to": "1 to 42 days after from"}}
	}
	w, err := e.workshopOn(ctx, e.db, departmentID, from, to)
	if err != nil {
		return Calendar{}, err
	}
	rows, err := e.db.QueryContext(ctx, e.db.Rebind(`SELECT `+bookingColumns+` FROM booking_bookings
		WHERE department_id = ? AND day >= ? AND day <= ? ORDER BY starts_at, id`), departmentID, from.String(), to.String())
	if err != nil {
		return Calendar{}, errs.Wrap(err, "load calendar")
	}
	defer rows.Close()
	cal := Calendar{Workshop: w, Bookings: []Booking{}}
	byDay := map[string][]Booking{}
	for rows.Next() {
		b, err := scanBooking(rows)
		if err != nil {
			return Calendar{}, err
		}
		cal.Bookings = append(cal.Bookings, b)
		if b.holds() {
			byDay[b.Day] = append(byDay[b.Day], b)
		}
	}
	if err := rows.Err(); err != nil {
		return Calendar{}, errs.Wrap(err, "load calendar")
	}
	for d := from; !to.Before(d); d = d.AddDays(1) {
		cal.Days = append(cal.Days, w.calendarDay(d, byDay[d.String()]))
	}
	return cal, nil
}

// holds reports whether b takes capacity (the SQL condition holding).
func (b Booking) holds() bool {
	return b.Status == StatusBooked || b.Status == StatusArrived || b.Status == StatusDone
}

func (w *Workshop) calendarDay(d Date, bs []Booking) CalendarDay {
	cd := CalendarDay{Date: d, Slots: []SlotUse{}}
	bare := *w
	bare.Closures = nil
	base, _ := bare.Hours(d) // the day's hours before closures
	open, closed := w.Hours(d)
	cd.Closed = closed
	if len(base) > 0 {
		cd.Open, cd.Close = base[0].From, base[len(base)-1].To
	}
	c := w.capacityOn(d)
	cd.FullDayCapacity = c.FullDayPlaces
	for _, b := range bs {
		if b.FullDay {
			cd.FullDayUsed++
		}
	}
	step := int(c.Step / time.Minute)
	if step <= 0 {
		step = 30
	}
	for _, sp := range base {
		for m := sp.From; m < sp.To; m += step {
			start := d.At(m, w.Zone)
			s := SlotUse{Start: start, Capacity: c.Bays}
			if !within(open, m, min(m+step, sp.To)) {
				s.Capacity, s.Blocked = 0, true
			}
			end := start.Add(time.Duration(step) * time.Minute)
			for _, b := range bs {
				if b.FullDay {
					continue
				}
				bEnd := b.Start.Add(time.Duration(b.Minutes) * time.Minute)
				if b.Start.Before(end) && bEnd.After(start) {
					s.Used++
				}
			}
			cd.Slots = append(cd.Slots, s)
		}
	}
	return cd
}

// within reports whether [a, b) lies inside one of the spans.
func within(spans []Span, a, b int) bool {
	for _, s := range spans {
		if s.From <= a && b <= s.To {
			return true
		}
	}
	return false
}

// MoveSlot is a start a booking could be moved to, and whether it is free.
type MoveSlot struct {
	Start time.Time
	Free  bool
}

// MoveSlots returns the starts of day at the booking's workshop its job
// fits in (within the opening hours, closures taken out), each with
// whether its capacity is free with the booking's own use left out.
// Errors: ErrNotFound.
func (e *Engine) MoveSlots(ctx context.Context, id string, day Date) ([]MoveSlot, error) {
	b, err := e.ByID(ctx, id)
	if err != nil {
		return nil, err
	}
	ds, err := e.DaysFor(ctx, id, day, day)
	if err != nil {
		return nil, err
	}
	w, err := e.workshopOn(ctx, e.db, b.DepartmentID, day, day)
	if err != nil {
		return nil, err
	}
	free := map[int64]bool{}
	for _, s := range ds[0].Starts {
		free[s.Unix()] = true
	}
	spans, closed := w.Hours(day)
	out := []MoveSlot{}
	if closed != "" {
		return out, nil
	}
	step := int(w.Capacity.Step / time.Minute)
	if step <= 0 {
		step = 30
	}
	now := e.Now()
	for _, sp := range spans {
		for m := sp.From; m+b.Minutes <= sp.To; m += step {
			t := day.At(m, w.Zone)
			if !t.After(now) {
				continue
			}
			out = append(out, MoveSlot{Start: t, Free: free[t.Unix()]})
		}
	}
	return out, nil
}

// SetStatus marks a booking's visit: StatusArrived, StatusDone or
// StatusNoShow (a no-show frees its capacity), and records a status
// event. A cancelled booking cannot be marked. Errors: ErrNotFound;
// errs.Invalid for another status; ErrCancelled.
func (e *Engine) SetStatus(ctx context.Context, id, status string) (Booking, error) {
	switch status {
	case StatusArrived, StatusDone, StatusNoShow:
	default:
		return Booking{}, &errs.Error{Code: errs.Invalid, Message: "Choose arrived, done or noshow.", Fields: map[string]string{"status": "arrived, done or noshow"}}
	}
	var out Booking
	err := e.db.Tx(ctx, func(tx *sql.Tx) error {
		b, err := e.ByIDTx(ctx, tx, id)
		if err != nil {
			return err
		}
		if b.Status == StatusCancelled {
			return ErrCancelled
		}
		if b.Status == status {
			out = b
			return nil
		}
		now := e.Now().UTC()
		if _, err := tx.ExecContext(ctx, e.db.Rebind(`UPDATE booking_bookings SET status = ?, updated_at = ? WHERE id = ? AND status <> 'cancelled'`),
			status, e.timeArg(now), id); err != nil {
			return errs.Wrap(err, "set booking status")
		}
		b.Status, b.UpdatedAt = status, &now
		out = b
		return e.event(ctx, tx, b.DepartmentID, EventStatus, b.ID)
	})
	return out, err
}
