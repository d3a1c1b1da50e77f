package main

import (
	"context"
	"database/sql"

	"forecourt/internal/booking"
	"forecourt/internal/booking/bookingsms"
	"forecourt/internal/gdpr"
	"forecourt/internal/mail"
	"forecourt/internal/store"
	"forecourt/internal/tirehotel"
)

// tireHotelHolder covers the tyre hotel's agreements and wheel-change
// bookings, with the mails about those bookings.
func tireHotelHolder(a *app) gdpr.Holder {
	return gdpr.Holder{Name: "tireHotel",
		Export: func(ctx context.Context, email string) (any, error) {
			st, err := gdprTirehotelStore(ctx, a)
			if st == nil || err != nil {
				return nil, err
			}
			return st.ExportEmail(ctx, email)
		},
		Erase: func(ctx context.Context, email string) (int, error) {
			st, err := gdprTirehotelStore(ctx, a)
			if st == nil || err != nil {
				return 0, err
			}
			ex, err := st.ExportEmail(ctx, email)
			if err != nil {
				return 0, err
			}
			var refs []string
			for _, b := range ex.Bookings {
				refs = append(refs, "wheelchange:"+b.BookingConfirmationID)
			}
			if err := eraseMailRefs(ctx, a.db, refs); err != nil {
				return 0, err
			}
			return st.EraseEmail(ctx, email)
		}}
}

// bookingsHolder covers the service bookings, with the mails (the
// workshop's copy included) and text messages about them.
func bookingsHolder(a *app) gdpr.Holder {
	e := booking.New(a.db, booking.NewDirectory(nil))
	return gdpr.Holder{Name: "bookings",
		Export: func(ctx context.Context, email string) (any, error) { return e.ExportEmail(ctx, email) },
		Erase: func(ctx context.Context, email string) (int, error) {
			bs, err := e.ExportEmail(ctx, email)
			if err != nil {
				return 0, err
			}
			var refs []string
			for _, b := range bs {
				refs = append(refs, "booking:"+b.ID)
			}
			if err := eraseMailRefs(ctx, a.db, refs); err != nil {
				return 0, err
			}
			// Their text messages too (the tyre hotel's outbox holds them).
			if st, err := gdprTirehotelStore(ctx, a); err != nil {
				return 0, err
			} else if st != nil {
				for _, b := range bs {
					if n, ok := bookingsms.MobileNumber(b.Customer.Phone, "SE"); ok && b.Flow == booking.FlowService {
						if err := st.EraseSMSTo(ctx, n); err != nil {
							return 0, err
						}
					}
				}
			}
			return e.EraseEmail(ctx, email)
		}}
}

// gdprTirehotelStore opens the tyre-hotel store for the GDPR command. A data
// folder without a key and without agreements (a server that never seeded
// the tyre hotel) has nothing to find: nil, nil. Agreements without the
// key that sealed them are an error, not a silent "nothing found".
func gdprTirehotelStore(ctx context.Context, a *app) (*tirehotel.Store, error) {
	st, err := tirehotelStore(a)
	if err == nil {
		return st, nil
	}
	var n int
	if qerr := a.db.QueryRowContext(ctx, `SELECT count(*) FROM tirehotel_agreements`).Scan(&n); qerr == nil && n == 0 {
		return nil, nil
	}
	return nil, err
}

// eraseMailRefs deletes the outbox mails about the given records.
func eraseMailRefs(ctx context.Context, db *store.DB, refs []string) error {
	return db.Tx(ctx, func(tx *sql.Tx) error {
		_, err := mail.EraseRefs(ctx, tx, db, refs)
		return err
	})
}
