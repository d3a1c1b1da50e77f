package tirehotel

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"forecourt/internal/errs"
	"forecourt/internal/jobs"
	"forecourt/internal/store"
)

// Store keeps agreements, vehicles, tyres, challenges, sessions, the SMS
// outbox, wheel-change bookings and reviews. SQL is written per engine
// where it differs; db.Rebind serves the statements that are the same.
type Store struct {
	db   *store.DB
	keys *Keys
	// Jobs is the job queue the delivery jobs of the store's mails and text
	// messages go in, in the transaction that queues them; nil (a
	// command-line tool) writes the mail or message only, and a running
	// server's sweeps deliver it.
	Jobs *jobs.Queue
}

// NewStore returns the tyre hotel store on db; keys seal phone numbers.
func NewStore(db *store.DB, keys *Keys) *Store { return &Store{db: db, keys: keys} }

// DB returns the underlying store.
func (s *Store) DB() *store.DB { return s.db }

const (
	purposePhone = "tirehotel/phone-at-rest"
	macPhone     = "tirehotel/phone"
)

// PhoneMAC is the lookup hash of a mobile number (rate-limit keys, logs).
func (s *Store) PhoneMAC(e164 string) string { return s.keys.MAC(macPhone, e164) }

// insertReturningID inserts and returns the new id on both engines.
func (s *Store) insertReturningID(ctx context.Context, tx *sql.Tx, q string, args ...any) (int64, error) {
	if s.db.Engine == store.Postgres {
		var id int64
		err := tx.QueryRowContext(ctx, s.db.Rebind(q+" RETURNING id"), args...).Scan(&id)
		return id, err
	}
	res, err := tx.ExecContext(ctx, q, args...)
	if err != nil {
		return 0, err
	}
	return res.LastInsertId()
}

// CreateAgreement stores a with its vehicles and tyres in one transaction
// and returns its id. Errors: Conflict when a registration already has an
// agreement.
func (s *Store) CreateAgreement(ctx context.Context, a Agreement, now time.Time) (int64, error) {
	var id int64
	err := s.db.Tx(ctx, func(tx *sql.Tx) error {
		var err error
		id, err = s.createAgreementTx(ctx, tx, a, now)
		return err
	})
	return id, err
}

// CreateAgreements stores every agreement of as in one transaction: all or
// none. Errors as CreateAgreement's.
func (s *Store) CreateAgreements(ctx context.Context, as []Agreement, now time.Time) error {
	return s.db.Tx(ctx, func(tx *sql.Tx) error {
		for _, a := range as {
			if _, err := s.createAgreementTx(ctx, tx, a, now); err != nil {
				return err
			}
		}
		return nil
	})
}

func (s *Store) createAgreementTx(ctx context.Context, tx *sql.Tx, a Agreement, now time.Time) (int64, error) {
	id, err := s.insertReturningID(ctx, tx, `INSERT INTO tirehotel_agreements (number, first_name, last_name, email, phone_enc, phone_mac, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
		a.Number, a.FirstName, a.LastName, a.Email, s.keys.Seal(purposePhone, []byte(a.Phone)), s.PhoneMAC(a.Phone), ms(now))
	if err != nil {
		return 0, errs.Wrap(err, "insert agreement")
	}
	for i, v := range a.Vehicles {
		l := v.Location
		_, err := tx.ExecContext(ctx, s.db.Rebind(`INSERT INTO tirehotel_vehicles (reg_no, agreement_id, sort, brand_code, brand, model, product_id, package_level,
			erp_id, department_id, location_name, department_name, address, phone, email, latitude, longitude) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
			v.RegNo, id, i, v.BrandCode, v.Brand, v.Model, v.ProductID, v.PackageLevel,
			l.ErpID, l.DepartmentID, l.LocationName, l.DepartmentName, l.Address, l.Phone, l.Email, l.Latitude, l.Longitude)
		if err != nil {
			if isUnique(err) {
				return 0, errs.E(errs.Conflict, "%s already has a tyre hotel agreement.", v.RegNo)
			}
			return 0, errs.Wrap(err, "insert vehicle")
		}
		for _, t := range v.Tires {
			w := t.Wheel
			_, err := tx.ExecContext(ctx, s.db.Rebind(`INSERT INTO tirehotel_tyres (reg_no, position, wheel_name, rim_diameter, section_width, aspect_ratio,
				tread_pattern, tread_depth, status_id, status_message) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
				v.RegNo, t.EquipmentPosition, w.Name, w.RimDiameter, w.SectionWidth, w.AspectRatio, w.ThreadPattern, w.ThreadDepth, w.ThreadStatusID, w.ThreadStatusMessage)
			if err != nil {
				return 0, errs.Wrap(err, "insert tyre")
			}
		}
	}
	return id, nil
}

func isUnique(err error) bool {
	m := strings.ToLower(err.Error())
	return strings.Contains(m, "unique") || strings.Contains(m, "duplicate key")
}

// CountAgreements returns the number of agreements.
func (s *Store) CountAgreements(ctx context.Context) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM tirehotel_agreements`).Scan(&n)
	return n, errs.Wrap(err, "count agreements")
}

// AgreementIDByPlate returns the agreement of a registration. Errors:
// NotFound with the contract's Swedish text.
func (s *Store) AgreementIDByPlate(ctx context.Context, regNo string) (int64, error) {
	var id int64
	err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT agreement_id FROM tirehotel_vehicles WHERE reg_no = ?`), regNo).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, errNoAgreement
	}
	return id, errs.Wrap(err, "find vehicle")
}

var errNoAgreement = errs.E(errs.NotFound, "Vi hittar inget däckhotellsavtal för detta registreringsnummer.")

// Agreement returns agreement id with its phone opened and its vehicles
// (in their order) with tyres (VF, HF, VB, HB). Errors: NotFound.
func (s *Store) Agreement(ctx context.Context, id int64) (Agreement, error) {
	a := Agreement{ID: id}
	var phoneEnc string
	err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT number, first_name, last_name, email, phone_enc FROM tirehotel_agreements WHERE id = ?`), id).
		Scan(&a.Number, &a.FirstName, &a.LastName, &a.Email, &phoneEnc)
	if errors.Is(err, sql.ErrNoRows) {
		return a, errNoAgreement
	}
	if err != nil {
		return a, errs.Wrap(err, "read agreement")
	}
	phone, err := s.keys.Open(purposePhone, phoneEnc)
	if err != nil {
		return a, errs.Wrap(err, "open the mobile number of agreement %d (wrong TIREHOTEL_KEY?)", id)
	}
	a.Phone = string(phone)
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT reg_no, brand_code, brand, model, product_id, package_level, erp_id, department_id,
		location_name, department_name, address, phone, email, latitude, longitude FROM tirehotel_vehicles WHERE agreement_id = ? ORDER BY sort`), id)
	if err != nil {
		return a, errs.Wrap(err, "read vehicles")
	}
	defer rows.Close()
	for rows.Next() {
		var v Vehicle
		l := &v.Location
		if err := rows.Scan(&v.RegNo, &v.BrandCode, &v.Brand, &v.Model, &v.ProductID, &v.PackageLevel, &l.ErpID, &l.DepartmentID,
			&l.LocationName, &l.DepartmentName, &l.Address, &l.Phone, &l.Email, &l.Latitude, &l.Longitude); err != nil {
			return a, errs.Wrap(err, "scan vehicle")
		}
		v.Name = v.Brand + " " + v.Model
		v.Tires = []Tire{}
		a.Vehicles = append(a.Vehicles, v)
	}
	if err := rows.Err(); err != nil {
		return a, errs.Wrap(err, "read vehicles")
	}
	rows.Close()
	for i := range a.Vehicles {
		v := &a.Vehicles[i]
		trows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT position, wheel_name, rim_diameter, section_width, aspect_ratio, tread_pattern, tread_depth,
			status_id, status_message FROM tirehotel_tyres WHERE reg_no = ?`), v.RegNo)
		if err != nil {
			return a, errs.Wrap(err, "read tyres")
		}
		for trows.Next() {
			var t Tire
			w := &t.Wheel
			if err := trows.Scan(&t.EquipmentPosition, &w.Name, &w.RimDiameter, &w.SectionWidth, &w.AspectRatio, &w.ThreadPattern, &w.ThreadDepth,
				&w.ThreadStatusID, &w.ThreadStatusMessage); err != nil {
				trows.Close()
				return a, errs.Wrap(err, "scan tyre")
			}
			v.Tires = append(v.Tires, t)
		}
		err = trows.Err()
		trows.Close()
		if err != nil {
			return a, errs.Wrap(err, "read tyres")
		}
		sortTires(v.Tires)
		if v.LastInspection, err = s.lastInspection(ctx, v.RegNo); err != nil {
			return a, err
		}
	}
	return a, nil
}

func sortTires(ts []Tire) {
	rank := func(p string) int {
		for i, q := range Positions {
			if q == p {
				return i
			}
		}
		return len(Positions)
	}
	for i := 1; i < len(ts); i++ {
		for j := i; j > 0 && rank(ts[j].EquipmentPosition) < rank(ts[j-1].EquipmentPosition); j-- {
			ts[j], ts[j-1] = ts[j-1], ts[j]
		}
	}
}
