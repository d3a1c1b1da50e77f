package bookingapi_test

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"testing"

	"forecourt/internal/booking"
	"forecourt/internal/booking/bookingapi"
	"forecourt/internal/store/storetest"
)

// TestBookReminderOptIn: "reminder": true runs the Remind hook inside the
// booking's transaction with the site's origin; without it nothing runs;
// cancelling runs CancelReminders.
func TestBookReminderOptIn(t *testing.T) {
	f := newFixture(t, storetest.MustSQLite(t))
	w := volvoWorkshop(f)
	var reminded []string
	var origins []string
	failing := false
	var cancelled []string
	f.api.Bookings.Reminders = &fakeReminders{remind: func(ctx context.Context, tx *sql.Tx, b booking.Booking, origin string) error {
		if failing {
			return errors.New("reminder store down")
		}
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM booking_bookings WHERE id = ?`, b.ID).Scan(&n); err != nil || n != 1 {
			t.Errorf("the booking is not in the hook's transaction: %d %v", n, err)
		}
		reminded = append(reminded, b.ID)
		origins = append(origins, origin)
		return nil
	}, cancel: func(ctx context.Context, tx *sql.Tx, id string) error {
		cancelled = append(cancelled, id)
		return nil
	}}
	with := func(slot string) string {
		b := bookBody(w.DepartmentID, slot, false, interval)
		return strings.TrimSuffix(strings.TrimSpace(b), "}") + `, "reminder": true}`
	}

	rec := do(f, "POST", "/api/mechmate/book", bookBody(w.DepartmentID, "2026-11-30T10:00:00.00", false, interval))
	if rec.Code != 200 || len(reminded) != 0 {
		t.Fatalf("without the tick: %d, reminded %v", rec.Code, reminded)
	}
	rec = do(f, "POST", "/api/mechmate/book", with("2026-11-30T11:00:00.00"))
	if rec.Code != 200 {
		t.Fatalf("with the tick: %d %s", rec.Code, rec.Body.String())
	}
	ans := decode[bookingapi.BookAnswer](t, rec)
	if len(reminded) != 1 || reminded[0] != ans.ID || origins[0] != "http://forecourt.se" {
		t.Fatalf("reminded %v origins %v", reminded, origins)
	}
	token := ans.CancelURL[strings.Index(ans.CancelURL, "token=")+6:]
	if rec := do(f, "POST", "/api/mechmate/bookings/"+ans.ID+"/cancel?token="+token, ""); rec.Code != 200 || len(cancelled) != 1 || cancelled[0] != ans.ID {
		t.Fatalf("cancel %d, cancelled %v", rec.Code, cancelled)
	}

	// A failing opt-in undoes the booking.
	failing = true
	if rec := do(f, "POST", "/api/mechmate/book", with("2026-11-30T13:00:00.00")); rec.Code != 500 {
		t.Fatalf("failing hook: %d %s", rec.Code, rec.Body.String())
	}
	var n int
	f.db.QueryRow(`SELECT count(*) FROM booking_bookings WHERE status = 'booked'`).Scan(&n)
	if n != 1 {
		t.Errorf("%d booked, want 1 (the failed opt-in's booking rolled back)", n)
	}
}

// fakeReminders is booking.Reminders with functions.
type fakeReminders struct {
	remind func(ctx context.Context, tx *sql.Tx, b booking.Booking, origin string) error
	cancel func(ctx context.Context, tx *sql.Tx, id string) error
}

func (f *fakeReminders) RemindTx(ctx context.Context, tx *sql.Tx, b booking.Booking, origin string) error {
	return f.remind(ctx, tx, b, origin)
}

func (f *fakeReminders) CancelBookingTx(ctx context.Context, tx *sql.Tx, id string) error {
	return f.cancel(ctx, tx, id)
}
