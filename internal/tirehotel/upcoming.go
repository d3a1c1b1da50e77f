package tirehotel

import (
	"context"
	"database/sql"
	"encoding/json"
	"net/http"
	"net/url"
	"time"

	"forecourt/internal/booking"
	"forecourt/internal/errs"
)

// Upcoming is one of the customer's wheel changes still ahead (issue
// 21.15): the confirmation as booked, with the booking's current time and
// a link to its page (change, cancel).
type Upcoming struct {
	Confirmation
	Status string `json:"status"`
}

// Upcoming lists the session's agreement's booked wheel changes whose time
// is ahead, soonest first, with their current times (after changes).
func (wc *WheelChange) Upcoming(ctx context.Context, s Session) ([]Upcoming, error) {
	st := wc.Store
	rows, err := st.db.QueryContext(ctx, st.db.Rebind(`SELECT t.doc, t.booking_ref FROM tirehotel_bookings t
		JOIN booking_bookings b ON b.id = t.booking_ref
		WHERE t.agreement_id = ? AND b.status = 'booked' AND b.day >= ? ORDER BY b.day, t.confirmation_id`),
		s.AgreementID, booking.DateOf(wc.now().UTC().AddDate(0, 0, -1)).String())
	if err != nil {
		return nil, errs.Wrap(err, "list wheel changes")
	}
	type row struct{ doc, ref string }
	var list []row
	for rows.Next() {
		var r row
		if err := rows.Scan(&r.doc, &r.ref); err != nil {
			rows.Close()
			return nil, errs.Wrap(err, "scan wheel change")
		}
		list = append(list, r)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, errs.Wrap(err, "list wheel changes")
	}
	out := []Upcoming{}
	now := wc.now()
	for _, r := range list {
		raw, err := st.keys.Open(purposeBookingDoc, r.doc)
		if err != nil {
			return nil, errs.Wrap(err, "open wheel change")
		}
		var c Confirmation
		if err := json.Unmarshal(raw, &c); err != nil {
			return nil, errs.Wrap(err, "decode wheel change")
		}
		b, err := wc.Engine.ByID(ctx, r.ref)
		if err != nil {
			return nil, err
		}
		if !b.Start.After(now) {
			continue
		}
		w, err := wc.Engine.Workshop(b.DepartmentID)
		if err != nil {
			return nil, err
		}
		c.AppointmentTime, c.IsFullDay = b.Start.In(w.Zone).Format(localLayout), b.FullDay
		c.ManageURL, c.CalendarURL = "", ""
		if wc.Bookings != nil && wc.Bookings.Links != nil {
			tok, err := wc.Bookings.Links.Token(b)
			if err != nil {
				return nil, err
			}
			q := url.QueryEscape(tok)
			c.ManageURL, c.CalendarURL = booking.ManagePath+"?token="+q, "/api/bookings/manage/calendar?token="+q
		}
		out = append(out, Upcoming{Confirmation: c, Status: b.Status})
	}
	return out, nil
}

// season is the tyre season of a local day: the spring change (January to
// June) or the autumn change (July to December) of its year.
func season(t time.Time) (int, bool) {
	return t.Year(), t.Month() <= time.June
}

// sameSeason returns the upcoming wheel change of plate in the season of
// start, if there is one.
func sameSeason(up []Upcoming, plate string, start time.Time, loc *time.Location) (Upcoming, bool) {
	y, spring := season(start.In(loc))
	for _, u := range up {
		t, err := time.ParseInLocation(localLayout, u.AppointmentTime, loc)
		if err != nil || u.RegNo != plate {
			continue
		}
		if y2, s2 := season(t); y2 == y && s2 == spring {
			return u, true
		}
	}
	return Upcoming{}, false
}

// MovedTx keeps the portal's record of a wheel change in step with a
// change of its time (in the moving transaction) and returns the
// agreement's mobile number for the text messages.
func (wc *WheelChange) MovedTx(ctx context.Context, tx *sql.Tx, moved booking.Booking) (phone string, err error) {
	st := wc.Store
	var doc string
	var agreement int64
	err = tx.QueryRowContext(ctx, st.db.Rebind(`SELECT doc, agreement_id FROM tirehotel_bookings WHERE booking_ref = ?`), moved.ID).Scan(&doc, &agreement)
	if err == sql.ErrNoRows {
		return "", nil // not booked through the portal
	}
	if err != nil {
		return "", errs.Wrap(err, "read wheel change")
	}
	raw, err := st.keys.Open(purposeBookingDoc, doc)
	if err != nil {
		return "", errs.Wrap(err, "open wheel change")
	}
	var c Confirmation
	if err := json.Unmarshal(raw, &c); err != nil {
		return "", errs.Wrap(err, "decode wheel change")
	}
	w, err := wc.Engine.Workshop(moved.DepartmentID)
	if err != nil {
		return "", err
	}
	c.AppointmentTime, c.IsFullDay = moved.Start.In(w.Zone).Format(localLayout), moved.FullDay
	raw, err = json.Marshal(c)
	if err != nil {
		return "", errs.Wrap(err, "encode wheel change")
	}
	if _, err := tx.ExecContext(ctx, st.db.Rebind(`UPDATE tirehotel_bookings SET doc = ? WHERE booking_ref = ?`), st.keys.Seal(purposeBookingDoc, raw), moved.ID); err != nil {
		return "", errs.Wrap(err, "update wheel change")
	}
	return st.agreementPhoneTx(ctx, tx, agreement)
}

// agreementPhoneTx opens the mobile number of an agreement inside tx.
func (s *Store) agreementPhoneTx(ctx context.Context, tx *sql.Tx, agreement int64) (string, error) {
	var phoneEnc string
	if err := tx.QueryRowContext(ctx, s.db.Rebind(`SELECT phone_enc FROM tirehotel_agreements WHERE id = ?`), agreement).Scan(&phoneEnc); err != nil {
		return "", errs.Wrap(err, "read agreement")
	}
	p, err := s.keys.Open(purposePhone, phoneEnc)
	if err != nil {
		return "", errs.Wrap(err, "open the mobile number of agreement %d", agreement)
	}
	return string(p), nil
}

// PhoneOfBookingTx is the agreement's mobile number of a wheel change
// booked through the portal (booking id BK-…), or "" for none: where the
// wheel change's text messages go.
func (s *Store) PhoneOfBookingTx(ctx context.Context, tx *sql.Tx, bookingID string) (string, error) {
	var agreement int64
	err := tx.QueryRowContext(ctx, s.db.Rebind(`SELECT agreement_id FROM tirehotel_bookings WHERE booking_ref = ?`), bookingID).Scan(&agreement)
	if err == sql.ErrNoRows {
		return "", nil
	}
	if err != nil {
		return "", errs.Wrap(err, "read wheel change")
	}
	return s.agreementPhoneTx(ctx, tx, agreement)
}

// EraseSMSTo deletes every message in the outbox to number (E.164): a
// service booking's texts when its customer is erased (GDPR).
func (s *Store) EraseSMSTo(ctx context.Context, number string) error {
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`DELETE FROM tirehotel_sms_outbox WHERE phone_mac = ?`), s.PhoneMAC(number))
	return errs.Wrap(err, "erase sms")
}

// upcoming serves "GET /api/tirehotel/bookings": the signed-in customer's
// wheel changes still ahead.
func (api *API) upcoming(w http.ResponseWriter, r *http.Request) error {
	s, err := api.sessionOf(r)
	if err != nil {
		return err
	}
	wc, err := api.wheel()
	if err != nil {
		return err
	}
	if err := wc.allow(r.Context(), s, "read", wc.Reads); err != nil {
		return err
	}
	list, err := wc.Upcoming(r.Context(), s)
	if err != nil {
		return err
	}
	return writeJSON(w, struct {
		Bookings []Upcoming `json:"bookings"`
	}{list})
}
