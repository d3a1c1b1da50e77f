package main

import (
	"context"
	"database/sql"
	"net/http"

	"forecourt/internal/booking"
	"forecourt/internal/booking/bookingsms"
	"forecourt/internal/httpguard"
	"forecourt/internal/linktoken"
	"forecourt/internal/tirehotel"
)

// bookingParts are what the service booking, the tyre hotel's wheel
// changes and the workshop's staff share: the booking use case
// (booking.Service) with its steps (the signed links to a booking's page,
// the text messages as River jobs into the tyre hotel's SMS outbox, the one
// SMS adapter, and the owner reminders), the text messages' service and
// the tyre hotel store whose SMS outbox every text message goes through
// (its sender, the one SMS delivery job, is registered here).
type bookingParts struct {
	bookings  *booking.Service
	sms       *bookingsms.Service
	tirehotel *tirehotel.Store
}

// bookingShared makes the shared parts on first use. The links' key is
// BOOKING_LINK_SECRET, or a random one kept in the store's kv table so
// every process agrees.
func (w *wiring) bookingShared(ctx context.Context) (*bookingParts, error) {
	if w.bookingParts != nil {
		return w.bookingParts, nil
	}
	secret, err := storedSecret(ctx, w.app.db, "booking.link_secret", w.app.cfg.Booking.LinkSecret, "booking link")
	if err != nil {
		return nil, err
	}
	signer, err := linktoken.New(secret, booking.LinkLabel)
	if err != nil {
		return nil, err
	}
	keys, err := tirehotelKeys(w.app)
	if err != nil {
		return nil, err
	}
	th := tirehotel.NewStore(w.app.db, keys)
	th.Jobs = w.jobs
	provider := smsProvider(w.app.cfg.SMS)
	if _, dev := provider.(tirehotel.DevOutbox); dev {
		w.app.log.Warn("SMS_GATEWAY_URL is not set: text messages go to the development outbox at /_dev/sms.html")
	}
	tirehotel.NewSMSSender(th, provider, w.app.log).Register()
	sms := &bookingsms.Service{Engine: w.booking, Outbox: th,
		NumberTx: func(ctx context.Context, tx *sql.Tx, b booking.Booking) (string, error) {
			if b.Flow == booking.FlowWheelChange {
				return th.PhoneOfBookingTx(ctx, tx, b.ID) // always the agreement's number
			}
			return b.Customer.Phone, nil
		}}
	bookingsms.Register(w.jobs, sms)
	rem, err := w.ownerReminders(ctx)
	if err != nil {
		return nil, err
	}
	svc := booking.NewService(w.booking, &booking.Links{Signer: signer, Now: w.booking.Now})
	svc.SMS, svc.Reminders = sms, rem
	w.bookingParts = &bookingParts{bookings: svc, sms: sms, tirehotel: th}
	return w.bookingParts, nil
}

// siteLang is the default language of the request's site.
func siteLang(r *http.Request) string { return httpguard.SiteOf(r).DefaultLanguage() }
