package main

import (
	"context"
	"database/sql"
	"net/http"

	"forecourt/internal/booking"
	"forecourt/internal/booking/bookingapi"
	"forecourt/internal/booking/bookingsms"
	"forecourt/internal/linktoken"
	"forecourt/internal/tirehotel"
	"forecourt/internal/web"
)

// bookingParts are what the service booking and the tyre hotel's wheel
// changes share (issue 21.12, 21.13): the signed links to a booking's page,
// the text messages (River jobs into the tyre hotel's SMS outbox, which is
// the one SMS adapter), and the booking page's flows.
type bookingParts struct {
	links *booking.Links
	sms   *bookingsms.Service
	flows map[string]*bookingapi.Flow
}

// schedule is bookingapi.API.SMS and tirehotel.WheelChange.SMS.
func (p *bookingParts) schedule(ctx context.Context, tx *sql.Tx, b booking.Booking, kind, phone, country, lang string) error {
	return p.sms.ScheduleTx(ctx, tx, b, kind, phone, country, lang)
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
	sms := &bookingsms.Service{Engine: w.booking, Outbox: th,
		NumberTx: func(ctx context.Context, tx *sql.Tx, b booking.Booking) (string, error) {
			if b.Flow == booking.FlowWheelChange {
				return th.PhoneOfBookingTx(ctx, tx, b.ID) // always the agreement's number
			}
			return b.Customer.Phone, nil
		}}
	bookingsms.Register(w.jobs, sms)
	w.bookingParts = &bookingParts{links: &booking.Links{Signer: signer, Now: w.booking.Now}, sms: sms, flows: map[string]*bookingapi.Flow{}}
	return w.bookingParts, nil
}

// wheelChangeFlow is the booking page's flow of the tyre hotel's wheel
// changes: moves within the portal's window, the portal's record kept in
// step, the change and cancellation mails with their calendar files and
// the text messages to the agreement's number; a cancellation also cancels
// the booking's owner reminders (cancelReminders, reminders.Service.CancelBookingTx).
func wheelChangeFlow(wc *tirehotel.WheelChange, p *bookingParts, cancelReminders func(ctx context.Context, tx *sql.Tx, bookingID string) error) *bookingapi.Flow {
	return &bookingapi.Flow{
		Name: tirehotel.ServiceName,
		Window: func(w *booking.Workshop) (booking.Date, booking.Date) {
			return wc.Window(w.Zone)
		},
		MovedTx: func(ctx context.Context, tx *sql.Tx, old, moved booking.Booking, c bookingapi.Change) error {
			phone, err := wc.MovedTx(ctx, tx, moved)
			if err != nil {
				return err
			}
			w, err := wc.Engine.Workshop(moved.DepartmentID)
			if err != nil {
				return err
			}
			link, err := c.ManageURL(moved)
			if err != nil {
				return err
			}
			msgs, err := bookingapi.ChangeMails(old, moved, w, tirehotel.ServiceName, link)
			if err != nil {
				return err
			}
			if err := bookingapi.QueueAll(ctx, wc.Engine, tx, msgs); err != nil {
				return err
			}
			return p.schedule(ctx, tx, moved, bookingsms.KindMoved, phone, w.Country, c.Lang)
		},
		CancelledTx: func(ctx context.Context, tx *sql.Tx, b booking.Booking, c bookingapi.Change) error {
			w, err := wc.Engine.Workshop(b.DepartmentID)
			if err != nil {
				return err
			}
			msgs, err := bookingapi.CancellationMails(b, w, tirehotel.ServiceName, c.Origin+"/dackhotell")
			if err != nil {
				return err
			}
			if err := bookingapi.QueueAll(ctx, wc.Engine, tx, msgs); err != nil {
				return err
			}
			return cancelReminders(ctx, tx, b.ID)
		},
	}
}

// siteLang is the default language of the request's site.
func siteLang(r *http.Request) string { return web.SiteOf(r).DefaultLanguage() }
