package tirehotel

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"testing"
	"time"

	"forecourt/internal/booking"
	"forecourt/internal/errs"
	"forecourt/internal/linktoken"
	"forecourt/internal/store"
	"forecourt/internal/store/storetest"
)

// TestSecondBookingThisSeason: the portal lists the customer's upcoming
// wheel changes (current times, links to change and cancel) and a second
// booking for the same car in the same season needs the customer's
// confirmation; another season or another car does not.
func TestSecondBookingThisSeason(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := mustEnv(t, db)
		wc := e.wheel(t)
		signer, err := linktoken.New([]byte("0123456789abcdef0123456789abcdef"), booking.LinkLabel)
		if err != nil {
			t.Fatal(err)
		}
		wc.Bookings.Links = &booking.Links{Signer: signer, Now: e.clock.Now}
		ctx := context.Background()
		anna := Session{AgreementID: e.ids["TH-1"]}
		first := createReq("2026-11-30T07:30:00", "Anna")
		first.ConfirmSecond = false
		c1, err := wc.Create(ctx, anna, "D-1001", "", first)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(c1.ManageURL, booking.ManagePath+"?token=v1.booking-manage.") || !strings.HasPrefix(c1.CalendarURL, "/api/bookings/manage/calendar?token=") {
			t.Fatalf("confirmation links %q %q", c1.ManageURL, c1.CalendarURL)
		}
		second := createReq("2026-12-02T09:00:00", "Anna")
		second.ConfirmSecond = false
		_, err = wc.Create(ctx, anna, "D-1001", "", second)
		var ee *errs.Error
		if !errors.As(err, &ee) || ee.Code != errs.Conflict || ee.Fields["confirmSecond"] != c1.BookingConfirmationID {
			t.Fatalf("second booking this season: %v", err)
		}
		up, err := wc.Upcoming(ctx, anna)
		if err != nil || len(up) != 1 || up[0].BookingConfirmationID != c1.BookingConfirmationID || up[0].ManageURL == "" {
			t.Fatalf("upcoming after the refused second booking: %+v %v", up, err)
		}
		// Another season (spring) books without a question.
		spring := createReq("2027-02-25T09:00:00", "Anna")
		spring.ConfirmSecond = false
		if _, err := wc.Create(ctx, anna, "D-1001", "", spring); err != nil {
			t.Fatalf("spring booking: %v", err)
		}
		// Confirmed, the second one this season is booked.
		second.ConfirmSecond = true
		if _, err := wc.Create(ctx, anna, "D-1001", "", second); err != nil {
			t.Fatalf("confirmed second booking: %v", err)
		}
		up, _ = wc.Upcoming(ctx, anna)
		if len(up) != 3 || up[0].AppointmentTime != "2026-11-30T07:30:00" || up[2].AppointmentTime != "2027-02-25T09:00:00" {
			t.Fatalf("upcoming %+v", up)
		}
		// A change of time shows in the list and the portal's record.
		b0, _ := wc.Engine.ByID(ctx, "BK-"+strings.TrimPrefix(c1.BookingConfirmationID, "WC-"))
		if _, err := wc.Engine.Move(ctx, booking.MoveRequest{ID: b0.ID, Token: b0.CancelToken, Start: time.Date(2026, 12, 3, 10, 0, 0, 0, stockholm),
			InTx: func(ctx context.Context, tx *sql.Tx, old, moved booking.Booking) error {
				phone, err := wc.MovedTx(ctx, tx, moved)
				if err == nil && phone != "+46701740605" {
					t.Errorf("agreement's number %q", phone)
				}
				return err
			}}); err != nil {
			t.Fatal(err)
		}
		up, _ = wc.Upcoming(ctx, anna)
		if up[0].AppointmentTime != "2026-12-02T09:00:00" || up[1].AppointmentTime != "2026-12-03T10:00:00" {
			t.Fatalf("after the move: %s, %s", up[0].AppointmentTime, up[1].AppointmentTime)
		}
		// Cancelled bookings leave the list; another customer sees none of these.
		if _, err := wc.Engine.Cancel(ctx, b0.ID, b0.CancelToken); err != nil {
			t.Fatal(err)
		}
		if up, _ = wc.Upcoming(ctx, anna); len(up) != 2 {
			t.Fatalf("after cancelling: %d upcoming", len(up))
		}
		if up, _ := wc.Upcoming(ctx, Session{AgreementID: e.ids["TH-2"]}); len(up) != 0 {
			t.Fatalf("another customer sees %+v", up)
		}
	})
}
