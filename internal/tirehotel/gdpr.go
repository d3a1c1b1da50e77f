package tirehotel

import (
	"context"
	"database/sql"
	"strings"

	"forecourt/internal/errs"
)

// Export is everything the tyre hotel keeps about an e-mail address.
type Export struct {
	Agreements []AgreementExport `json:"agreements"`
	Bookings   []Confirmation    `json:"wheelChangeBookings"`
	Reviews    []Review          `json:"reviews"`
}

// AgreementExport is an agreement as handed to its customer.
type AgreementExport struct {
	Number    string    `json:"number"`
	FirstName string    `json:"firstName"`
	LastName  string    `json:"lastName"`
	Email     string    `json:"email"`
	Phone     string    `json:"phone"`
	Vehicles  []Vehicle `json:"vehicles"`
}

func (s *Store) idsByEmail(ctx context.Context, q, email string) ([]int64, []string, error) {
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(q), email)
	if err != nil {
		return nil, nil, errs.Wrap(err, "find by e-mail")
	}
	defer rows.Close()
	var ids []int64
	var keys []string
	for rows.Next() {
		var id int64
		var k string
		if err := rows.Scan(&id, &k); err != nil {
			return nil, nil, errs.Wrap(err, "scan")
		}
		ids, keys = append(ids, id), append(keys, k)
	}
	return ids, keys, errs.Wrap(rows.Err(), "find by e-mail")
}

// ExportEmail returns the agreements whose customer has the e-mail address
// (case-insensitive), the wheel-change bookings made by it or under those
// agreements, and their reviews (GDPR access request).
func (s *Store) ExportEmail(ctx context.Context, email string) (Export, error) {
	email = strings.TrimSpace(email)
	out := Export{Agreements: []AgreementExport{}, Bookings: []Confirmation{}, Reviews: []Review{}}
	if email == "" {
		return out, errs.E(errs.Invalid, "no e-mail address")
	}
	ids, _, err := s.idsByEmail(ctx, `SELECT id, number FROM tirehotel_agreements WHERE lower(email) = lower(?) ORDER BY id`, email)
	if err != nil {
		return out, err
	}
	for _, id := range ids {
		a, err := s.Agreement(ctx, id)
		if err != nil {
			return out, err
		}
		out.Agreements = append(out.Agreements, AgreementExport{Number: a.Number, FirstName: a.FirstName, LastName: a.LastName,
			Email: a.Email, Phone: a.Phone, Vehicles: a.Vehicles})
	}
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT b.confirmation_id, b.agreement_id FROM tirehotel_bookings b
		LEFT JOIN tirehotel_agreements a ON a.id = b.agreement_id
		WHERE lower(b.email) = lower(?) OR lower(a.email) = lower(?) ORDER BY b.created_at, b.confirmation_id`), email, email)
	if err != nil {
		return out, errs.Wrap(err, "export bookings")
	}
	type ref struct {
		id        string
		agreement int64
	}
	var refs []ref
	for rows.Next() {
		var r ref
		if err := rows.Scan(&r.id, &r.agreement); err != nil {
			rows.Close()
			return out, errs.Wrap(err, "scan booking")
		}
		refs = append(refs, r)
	}
	rows.Close()
	for _, r := range refs {
		c, err := s.confirmation(ctx, r.agreement, r.id)
		if err != nil {
			return out, err
		}
		out.Bookings = append(out.Bookings, c)
		if rv, err := s.ReviewOf(ctx, r.id); err == nil {
			out.Reviews = append(out.Reviews, rv)
		} else if !errs.Is(err, errs.NotFound) {
			return out, err
		}
	}
	return out, nil
}

// EraseEmail deletes what ExportEmail finds (GDPR erasure): the agreements
// with their vehicles, tyres, challenges, sessions and SMS, and the
// wheel-change bookings with their reviews. The booking engine's own rows
// (the capacity) are erased by booking.Engine.EraseEmail, the mails by
// mail.EraseRecipient. It returns the number of agreements and bookings
// removed.
func (s *Store) EraseEmail(ctx context.Context, email string) (int, error) {
	email = strings.TrimSpace(email)
	if email == "" {
		return 0, errs.E(errs.Invalid, "no e-mail address")
	}
	n := 0
	err := s.db.Tx(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, s.db.Rebind(`SELECT id, phone_mac FROM tirehotel_agreements WHERE lower(email) = lower(?)`), email)
		if err != nil {
			return errs.Wrap(err, "find agreements")
		}
		var ids []int64
		var phones []string
		for rows.Next() {
			var id int64
			var p string
			if err := rows.Scan(&id, &p); err != nil {
				rows.Close()
				return errs.Wrap(err, "scan agreement")
			}
			ids, phones = append(ids, id), append(phones, p)
		}
		rows.Close()
		res, err := tx.ExecContext(ctx, s.db.Rebind(`DELETE FROM tirehotel_bookings WHERE lower(email) = lower(?)`), email)
		if err != nil {
			return errs.Wrap(err, "erase bookings")
		}
		m, _ := res.RowsAffected()
		n += int(m)
		for i, id := range ids {
			for _, q := range []string{
				`DELETE FROM tirehotel_reviews WHERE confirmation_id IN (SELECT confirmation_id FROM tirehotel_bookings WHERE agreement_id = ?)`,
				`DELETE FROM tirehotel_bookings WHERE agreement_id = ?`,
				`DELETE FROM tirehotel_sessions WHERE agreement_id = ?`,
				`DELETE FROM tirehotel_challenges WHERE agreement_id = ?`,
				`DELETE FROM tirehotel_inspections WHERE agreement_id = ?`,
				`DELETE FROM tirehotel_tyres WHERE reg_no IN (SELECT reg_no FROM tirehotel_vehicles WHERE agreement_id = ?)`,
				`DELETE FROM tirehotel_vehicles WHERE agreement_id = ?`,
			} {
				if res, err := tx.ExecContext(ctx, s.db.Rebind(q), id); err != nil {
					return errs.Wrap(err, "erase agreement data")
				} else if strings.Contains(q, "tirehotel_bookings WHERE") {
					m, _ := res.RowsAffected()
					n += int(m)
				}
			}
			if _, err := tx.ExecContext(ctx, s.db.Rebind(`DELETE FROM tirehotel_sms_outbox WHERE phone_mac = ?`), phones[i]); err != nil {
				return errs.Wrap(err, "erase sms")
			}
			if _, err := tx.ExecContext(ctx, s.db.Rebind(`DELETE FROM tirehotel_agreements WHERE id = ?`), id); err != nil {
				return errs.Wrap(err, "erase agreement")
			}
			n++
		}
		return nil
	})
	return n, err
}
