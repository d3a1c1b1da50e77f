package booking

import (
	"context"
	"database/sql"
	"time"

	"forecourt/internal/errs"
)

// Errors of Move.
var (
	ErrCancelled = errs.E(errs.Conflict, "Bokningen är avbokad")
	ErrPassed    = errs.E(errs.Conflict, "Besöket har redan varit och kan inte ändras")
	// ErrVisited: the workshop marked the visit (arrived, done, no-show).
	ErrVisited = errs.E(errs.Conflict, "Besöket är redan markerat av verkstaden och kan inte flyttas")
)

// MoveRequest asks to move a booking to another time at the same
// workshop, with the same services. Start and FullDay are as in Request.
// First and Last bound the new local day (the horizon the flow offers);
// zero values do not bound. InTx runs in the moving transaction with the
// booking before and after the move: queue the mails and messages there.
type MoveRequest struct {
	ID, Token   string
	Start       time.Time
	FullDay     bool
	First, Last Date
	InTx        func(ctx context.Context, tx *sql.Tx, old, moved Booking) error
	// Staff moves for the workshop, whose access the caller checked: the
	// booking is read by id, without a token.
	Staff bool
}

// Move moves a booking to a new time in ONE transaction that frees the old
// time and takes the new one under both workshop days' locks, so the
// workshop is never over capacity: the new start must be free with the
// booking's own capacity left out (a move within the hour it already holds
// is fine). It raises the booking's Sequence.
// Errors: ErrNotFound (unknown id, wrong token); ErrCancelled; ErrPassed
// (the booked time has begun); errs.Invalid with field timeSlot (past,
// closed, off the grid, outside First..Last, or the time it has);
// ErrTimeslotNotAvailable when the new start is taken.
func (e *Engine) Move(ctx context.Context, r MoveRequest) (Booking, error) {
	var cur Booking
	var err error
	if r.Staff {
		cur, err = e.ByID(ctx, r.ID)
	} else {
		cur, err = e.Get(ctx, r.ID, r.Token)
	}
	if err != nil {
		return Booking{}, err
	}
	dw, err := e.dir.Workshop(cur.DepartmentID)
	if err != nil {
		return Booking{}, err
	}
	local := DateOf(r.Start.In(dw.Zone))
	w, err := e.workshopOn(ctx, e.db, cur.DepartmentID, local, local)
	if err != nil {
		return Booking{}, err
	}
	day, start, err := e.CheckStart(w, r.Start, r.FullDay, cur.Minutes)
	if err != nil {
		return Booking{}, err
	}
	if (r.First != Date{} && day.Before(r.First)) || (r.Last != Date{} && r.Last.Before(day)) {
		msg := "Välj en dag mellan " + r.First.String() + " och " + r.Last.String()
		return Booking{}, &errs.Error{Code: errs.Invalid, Message: msg, Fields: map[string]string{"timeSlot": msg}}
	}
	var moved Booking
	err = e.db.Tx(ctx, func(tx *sql.Tx) error {
		oldDay, err := ParseDate(cur.Day)
		if err != nil {
			return errs.Wrap(err, "booking day")
		}
		// Lock both days in one order, so two moves between the same two
		// days cannot wait on each other (PostgreSQL).
		first, second := oldDay, day
		if second.Before(first) {
			first, second = second, first
		}
		if err := e.lockDay(ctx, tx, w.DepartmentID, first); err != nil {
			return err
		}
		if second != first {
			if err := e.lockDay(ctx, tx, w.DepartmentID, second); err != nil {
				return err
			}
		}
		// Re-read under the lock: a cancel or another move may have won.
		old, err := scanBooking(tx.QueryRowContext(ctx, e.db.Rebind(`SELECT `+bookingColumns+` FROM booking_bookings WHERE id = ?`), cur.ID))
		if err != nil {
			return err
		}
		switch {
		case old.Status == StatusCancelled:
			return ErrCancelled
		case old.Status != StatusBooked:
			return ErrVisited
		case !old.Start.After(e.Now()):
			return ErrPassed
		case old.Start.Equal(start) && old.FullDay == r.FullDay:
			return &errs.Error{Code: errs.Invalid, Message: "Bokningen har redan den tiden", Fields: map[string]string{"timeSlot": "Bokningen har redan den tiden"}}
		}
		uses, err := e.uses(ctx, tx, w.DepartmentID, day, day, old.ID)
		if err != nil {
			return err
		}
		w, err := e.workshopOn(ctx, tx, w.DepartmentID, day, day)
		if err != nil {
			return err
		}
		if !isFree(Availability(w, day, Job{Minutes: old.Minutes}, uses[day.String()], e.Now()), start, r.FullDay) {
			return ErrTimeslotNotAvailable
		}
		now := e.Now().UTC()
		res, err := tx.ExecContext(ctx, e.db.Rebind(`UPDATE booking_bookings SET day = ?, starts_at = ?, full_day = ?,
			sequence = sequence + 1, changed_at = ?, updated_at = ? WHERE id = ? AND status = 'booked' AND sequence = ?`),
			day.String(), e.timeArg(start), r.FullDay, e.timeArg(now), e.timeArg(now), old.ID, old.Sequence)
		if err != nil {
			return errs.Wrap(err, "move booking")
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return ErrTimeslotNotAvailable // changed meanwhile (cannot happen under the locks)
		}
		if day != oldDay {
			if _, err := tx.ExecContext(ctx, e.db.Rebind(`UPDATE booking_days SET bookings = bookings - 1 WHERE department_id = ? AND day = ? AND bookings > 0`), w.DepartmentID, oldDay.String()); err != nil {
				return errs.Wrap(err, "count booking")
			}
			if _, err := tx.ExecContext(ctx, e.db.Rebind(`UPDATE booking_days SET bookings = bookings + 1 WHERE department_id = ? AND day = ?`), w.DepartmentID, day.String()); err != nil {
				return errs.Wrap(err, "count booking")
			}
		}
		moved = old
		moved.Day, moved.Start, moved.FullDay, moved.ChangedAt, moved.UpdatedAt = day.String(), start.UTC(), r.FullDay, &now, &now
		moved.Sequence++
		if err := e.event(ctx, tx, w.DepartmentID, EventMoved, moved.ID); err != nil {
			return err
		}
		if r.InTx != nil {
			return r.InTx(ctx, tx, old, moved)
		}
		return nil
	})
	if err != nil {
		return Booking{}, err
	}
	return moved, nil
}
