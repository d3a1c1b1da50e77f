package tirehotel

import (
	"context"
	"database/sql"
	"testing"

	"forecourt/internal/booking"
	"forecourt/internal/store/storetest"
)

// remindFunc is booking.Reminders with a function for RemindTx.
type remindFunc func(ctx context.Context, tx *sql.Tx, b booking.Booking, origin string) error

func (f remindFunc) RemindTx(ctx context.Context, tx *sql.Tx, b booking.Booking, origin string) error {
	return f(ctx, tx, b, origin)
}

func (remindFunc) CancelBookingTx(context.Context, *sql.Tx, string) error { return nil }

// TestCreateReminderOptIn: "reminder": true runs the reminder step in the
// booking's transaction with the handler's origin; without it nothing runs.
func TestCreateReminderOptIn(t *testing.T) {
	e := mustEnv(t, storetest.MustSQLite(t))
	wc := e.wheel(t)
	ctx := context.Background()
	anna := Session{AgreementID: e.ids["TH-1"]}
	var got []string
	wc.Bookings.Reminders = remindFunc(func(ctx context.Context, tx *sql.Tx, b booking.Booking, origin string) error {
		var n int
		tx.QueryRowContext(ctx, `SELECT count(*) FROM tirehotel_bookings WHERE booking_ref = ?`, b.ID).Scan(&n)
		if n != 1 || b.Flow != booking.FlowWheelChange {
			t.Errorf("hook outside the booking's transaction: %d %s", n, b.Flow)
		}
		got = append(got, b.Reg+" "+origin)
		return nil
	})
	if _, err := wc.Create(ctx, anna, "D-1001", "k1", createReq("2026-11-30T07:30:00", "Anna")); err != nil || len(got) != 0 {
		t.Fatalf("without the tick: %v %v", err, got)
	}
	r := createReq("2026-11-30T08:00:00", "Anna")
	r.Reminder, r.Origin = true, "https://forecourt.se"
	if _, err := wc.Create(ctx, anna, "D-1001", "k2", r); err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0] != "ABC123 https://forecourt.se" {
		t.Errorf("reminded %v", got)
	}
}
