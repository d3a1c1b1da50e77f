// Package reminders keeps owner reminders: a customer who ticks
// the box when booking a service or a wheel change gets one mail when the
// car is due again — 'service due' at the booked offerings' interval (a
// year by default), or the tyre-season reminder before the next seasonal
// wheel change — linking into the booking flow with the plate and place
// filled in.
//
// The opt-in is stored in the booking's own transaction (OptInTx), so a
// reminder exists exactly when its booking does and only for an address
// that booked. A sweep (RunDue) sends due reminders: each is marked sent
// in the transaction that queues its mail (mail.Queue), so a restart or a
// second process never sends one twice. Every mail carries a signed
// one-click unsubscribe (List-Unsubscribe, List-Unsubscribe-Post).
package reminders

import (
	"context"
	"crypto/rand"
	"database/sql"
	"errors"
	"log/slog"
	"net/url"
	"strconv"
	"strings"
	"time"

	"forecourt/internal/booking"
	"forecourt/internal/errs"
	"forecourt/internal/jobs"
	"forecourt/internal/linktoken"
	"forecourt/internal/mail"
	"forecourt/internal/places"
	"forecourt/internal/site"
	"forecourt/internal/store"
)

// Kinds of reminders.
const (
	KindService = "service"    // after a service booking: the next service is due
	KindSeason  = "tyreseason" // after a wheel change: the next seasonal change
)

// Statuses of a reminder.
const (
	StatusPending   = "pending"
	StatusSent      = "sent"
	StatusCancelled = "cancelled"
)

// Reasons a reminder was cancelled.
const (
	ReasonUnsubscribed     = "unsubscribed"
	ReasonBookingCancelled = "booking-cancelled"
	ReasonSuperseded       = "superseded" // a newer opt-in for the same car and address
)

// Paths the reminder mails link to (group-se's booking pages).
const (
	ServicePath = "/boka-service"
	TyrePath    = "/dackhotell"
)

// PurposeUnsubscribe is the purpose signed into unsubscribe tokens, whose
// subject is the reminder's id: a token signed for anything else never
// passes.
const PurposeUnsubscribe = "reminder-unsubscribe"

// TokenTTL is how long an unsubscribe link works after its mail was sent.
const TokenTTL = 2 * 365 * 24 * time.Hour

// tokenLabel derives the unsubscribe links' key from the reminders' own
// secret. Changing it would break every link in mails already sent.
const tokenLabel = "forecourt reminder tokens v1"

// NewTokens returns the signer of the unsubscribe links under secret (at
// least linktoken.MinSecret bytes, the same in every process).
func NewTokens(secret []byte) (*linktoken.Signer, error) {
	return linktoken.New(secret, tokenLabel)
}

// ErrBadToken answers an unsubscribe link that is malformed, tampered
// with, signed for another purpose, expired or unknown.
var ErrBadToken = errs.E(errs.Invalid, "Länken är ogiltig eller har gått ut.")

// Reminder is a stored reminder. Times are UTC instants; DueAt was
// computed in Zone (SendHour local time on the due day).
type Reminder struct {
	ID           string     `json:"id"`
	BookingID    string     `json:"bookingId"`
	Kind         string     `json:"kind"`
	Status       string     `json:"status"`
	Reason       string     `json:"reason,omitempty"`
	Email        string     `json:"email"`
	FirstName    string     `json:"firstName"`
	Reg          string     `json:"registrationNumber"`
	Place        string     `json:"place"`
	DepartmentID string     `json:"departmentId"`
	Site         string     `json:"site"`
	Lang         string     `json:"language"`
	Zone         string     `json:"zone"`
	Season       string     `json:"season,omitempty"`
	Origin       string     `json:"-"`
	DueAt        time.Time  `json:"dueAt"`
	CreatedAt    time.Time  `json:"createdAt"`
	SentAt       *time.Time `json:"sentAt,omitempty"`
	CancelledAt  *time.Time `json:"cancelledAt,omitempty"`
}

// Gazetteer names the locality nearest a position (places.Sweden()).
type Gazetteer interface {
	Nearest(lat, lng float64) (places.Place, error)
}

// Service stores, sends and cancels reminders. Set Engine, Sites and
// Tokens; the rest have defaults.
type Service struct {
	DB     *store.DB
	Engine *booking.Engine // the workshops of bookings
	Sites  *site.Registry  // zone and language of a workshop's site
	// Places names the locality the service link fills in: the one
	// nearest the workshop, so the flow lists that workshop first (nil:
	// the workshop's city).
	Places Gazetteer
	// Tokens signs the unsubscribe links (NewTokens).
	Tokens *linktoken.Signer
	// Now is the wall clock of stored times and queued mails (a test
	// seam); which reminders are due is RunDue's argument.
	Now func() time.Time
	// Jobs is the job queue a queued mail's delivery job goes in, in the
	// mail's transaction; nil (a command-line tool) writes the mail only,
	// and a running server's mail sweep delivers it.
	Jobs *jobs.Queue
	Log  *slog.Logger
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

func (s *Service) log() *slog.Logger {
	if s.Log != nil {
		return s.Log
	}
	return slog.Default()
}

func ms(t time.Time) int64 { return t.UnixMilli() }

func fromMS(v sql.NullInt64) *time.Time {
	if !v.Valid {
		return nil
	}
	t := time.UnixMilli(v.Int64).UTC()
	return &t
}

// OptInTx stores the customer's opt-in for booking b inside the booking's
// transaction tx (call it from booking.Request.InTx): a service booking
// gets a 'service due' reminder, a wheel change a tyre-season reminder.
// origin is the public origin the mail's links use (the site's, checked
// by the caller). An older pending reminder of the same kind for the same
// car and address is superseded, so rebooking through a reminder's link
// never mails twice. ok is false when the booking gets no reminder (a
// wheel change in a country without tyre seasons).
func (s *Service) OptInTx(ctx context.Context, tx *sql.Tx, b booking.Booking, origin string) (r Reminder, ok bool, err error) {
	w, err := s.Engine.Workshop(b.DepartmentID)
	if err != nil {
		return Reminder{}, false, err
	}
	loc, zone, lang, hosts := w.Zone, w.ZoneName, "sv", []string(nil)
	if st, err := s.Sites.ByName(w.Site); err == nil {
		loc, zone, lang, hosts = st.TimeZone, st.TimeZone.String(), st.DefaultLanguage(), st.Hosts
	}
	if !mail.ValidAddress(b.Customer.Email) {
		return Reminder{}, false, errs.E(errs.Invalid, "reminder: the booking has no valid e-mail address")
	}
	origin = strings.TrimRight(strings.TrimSpace(origin), "/")
	if origin == "" && len(hosts) > 0 {
		origin = "https://" + hosts[0]
	}
	now := s.now().UTC()
	booked := booking.DateOf(b.Start.In(loc))
	r = Reminder{
		ID: newID(), BookingID: b.ID, Status: StatusPending, Email: b.Customer.Email, FirstName: b.Customer.FirstName,
		Reg: b.Reg, Place: s.placeOf(w), DepartmentID: w.DepartmentID, Site: w.Site, Lang: lang, Zone: zone,
		Origin: origin, CreatedAt: now,
	}
	switch b.Flow {
	case booking.FlowService:
		codes := make([]string, len(b.Items))
		for i, it := range b.Items {
			codes[i] = it.Code
		}
		r.Kind, r.DueAt = KindService, ServiceDue(booked, booking.IntervalMonths(codes), loc).UTC()
	case booking.FlowWheelChange:
		at, change, has := NextSeason(w.Country, booked, loc)
		if !has {
			return Reminder{}, false, nil
		}
		r.Kind, r.DueAt, r.Season = KindSeason, at.UTC(), change.Tyres
	default:
		return Reminder{}, false, nil
	}
	db := s.DB
	if _, err := tx.ExecContext(ctx, db.Rebind(`UPDATE reminders SET status = 'cancelled', reason = ?, cancelled_at = ?
		WHERE status = 'pending' AND kind = ? AND reg = ? AND lower(email) = lower(?)`),
		ReasonSuperseded, ms(now), r.Kind, r.Reg, r.Email); err != nil {
		return Reminder{}, false, errs.Wrap(err, "supersede reminders")
	}
	_, err = tx.ExecContext(ctx, db.Rebind(`INSERT INTO reminders (id, booking_id, kind, status, email, first_name, reg, place,
		department_id, site, lang, zone, season, origin, due_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
		r.ID, r.BookingID, r.Kind, r.Status, r.Email, r.FirstName, r.Reg, r.Place, r.DepartmentID, r.Site, r.Lang, r.Zone,
		r.Season, r.Origin, ms(r.DueAt), ms(r.CreatedAt))
	if err != nil {
		return Reminder{}, false, errs.Wrap(err, "store reminder")
	}
	return r, true, nil
}

// placeOf is the locality the service link fills in for the workshop.
func (s *Service) placeOf(w *booking.Workshop) string {
	if s.Places != nil {
		if p, err := s.Places.Nearest(w.Latitude, w.Longitude); err == nil && p.Name != "" {
			return p.Name
		}
	}
	return w.City
}

// CancelBookingTx cancels the pending reminders of a booking inside the
// RemindTx is OptInTx for the booking use case (booking.Reminders): the
// opt-in in the booking's transaction.
func (s *Service) RemindTx(ctx context.Context, tx *sql.Tx, b booking.Booking, origin string) error {
	_, _, err := s.OptInTx(ctx, tx, b, origin)
	return err
}

// transaction that cancels it (booking.Engine.CancelWith's inTx).
func (s *Service) CancelBookingTx(ctx context.Context, tx *sql.Tx, bookingID string) error {
	_, err := tx.ExecContext(ctx, s.DB.Rebind(`UPDATE reminders SET status = 'cancelled', reason = ?, cancelled_at = ?
		WHERE booking_id = ? AND status = 'pending'`), ReasonBookingCancelled, ms(s.now()), bookingID)
	return errs.Wrap(err, "cancel reminders of booking")
}

const columns = `id, booking_id, kind, status, reason, email, first_name, reg, place, department_id, site, lang, zone,
	season, origin, due_at, created_at, sent_at, cancelled_at`

type scanner interface{ Scan(dest ...any) error }

func scan(sc scanner) (Reminder, error) {
	var r Reminder
	var due, created int64
	var sent, cancelled sql.NullInt64
	err := sc.Scan(&r.ID, &r.BookingID, &r.Kind, &r.Status, &r.Reason, &r.Email, &r.FirstName, &r.Reg, &r.Place,
		&r.DepartmentID, &r.Site, &r.Lang, &r.Zone, &r.Season, &r.Origin, &due, &created, &sent, &cancelled)
	if errors.Is(err, sql.ErrNoRows) {
		return Reminder{}, errs.E(errs.NotFound, "Påminnelsen finns inte")
	}
	if err != nil {
		return Reminder{}, errs.Wrap(err, "scan reminder")
	}
	r.DueAt, r.CreatedAt = time.UnixMilli(due).UTC(), time.UnixMilli(created).UTC()
	r.SentAt, r.CancelledAt = fromMS(sent), fromMS(cancelled)
	return r, nil
}

type querier interface {
	QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row
}

func (s *Service) list(ctx context.Context, q querier, where string, args ...any) ([]Reminder, error) {
	rows, err := q.QueryContext(ctx, s.DB.Rebind(`SELECT `+columns+` FROM reminders WHERE `+where+` ORDER BY created_at, id`), args...)
	if err != nil {
		return nil, errs.Wrap(err, "list reminders")
	}
	defer rows.Close()
	var out []Reminder
	for rows.Next() {
		r, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, errs.Wrap(rows.Err(), "list reminders")
}

// Get returns the reminder id. Errors: errs.NotFound.
func (s *Service) Get(ctx context.Context, id string) (Reminder, error) {
	return scan(s.DB.QueryRowContext(ctx, s.DB.Rebind(`SELECT `+columns+` FROM reminders WHERE id = ?`), id))
}

// ForBooking returns the reminders of a booking, oldest first.
func (s *Service) ForBooking(ctx context.Context, bookingID string) ([]Reminder, error) {
	return s.list(ctx, s.DB, `booking_id = ?`, bookingID)
}

// MaxSweep bounds the reminders one RunDue sends; the next sweep takes the rest.
const MaxSweep = 500

// RunDue sends every pending reminder due at asOf (at most MaxSweep) and
// returns how many mails it queued. Each reminder is marked sent in the
// transaction that queues its mail, after re-reading it there, so a
// second process or a repeated sweep never sends it again; a reminder
// whose booking was cancelled meanwhile is cancelled instead. asOf only
// decides what is due: stored times and the mail's queue time are the
// wall clock (Now), so `forecourt reminders run --now …` sends at once.
func (s *Service) RunDue(ctx context.Context, asOf time.Time) (int, error) {
	rows, err := s.DB.QueryContext(ctx, s.DB.Rebind(`SELECT id FROM reminders WHERE status = 'pending' AND due_at <= ?
		ORDER BY due_at, id LIMIT `+strconv.Itoa(MaxSweep)), ms(asOf))
	if err != nil {
		return 0, errs.Wrap(err, "due reminders")
	}
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return 0, errs.Wrap(err, "due reminders")
		}
		ids = append(ids, id)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, errs.Wrap(err, "due reminders")
	}
	sent := 0
	var firstErr error
	for _, id := range ids {
		if ctx.Err() != nil {
			return sent, ctx.Err()
		}
		ok, err := s.sendOne(ctx, id, asOf)
		if err != nil {
			// One bad row must not hold up the others; it stays pending.
			s.log().Error("reminder not sent", "reminder", id, "err", err)
			if firstErr == nil {
				firstErr = err
			}
			continue
		}
		if ok {
			sent++
		}
	}
	return sent, firstErr
}

// sendOne sends the reminder id if it is still pending and due at asOf.
func (s *Service) sendOne(ctx context.Context, id string, asOf time.Time) (bool, error) {
	db := s.DB
	sent := false
	err := db.Tx(ctx, func(tx *sql.Tx) error {
		r, err := scan(tx.QueryRowContext(ctx, db.Rebind(`SELECT `+columns+` FROM reminders WHERE id = ?`), id))
		if err != nil {
			return err
		}
		if r.Status != StatusPending || r.DueAt.After(asOf) {
			return nil
		}
		now := s.now().UTC()
		var status string
		err = tx.QueryRowContext(ctx, db.Rebind(`SELECT status FROM booking_bookings WHERE id = ?`), r.BookingID).Scan(&status)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return errs.Wrap(err, "booking of reminder")
		}
		if status != booking.StatusBooked {
			// Cancelled (or gone): the customer asked for no more.
			_, err := tx.ExecContext(ctx, db.Rebind(`UPDATE reminders SET status = 'cancelled', reason = ?, cancelled_at = ?
				WHERE id = ? AND status = 'pending'`), ReasonBookingCancelled, ms(now), id)
			return errs.Wrap(err, "cancel reminder")
		}
		tok, err := s.Tokens.Sign(PurposeUnsubscribe, r.ID, now.Add(TokenTTL))
		if err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, db.Rebind(`UPDATE reminders SET status = 'sent', sent_at = ?
			WHERE id = ? AND status = 'pending'`), ms(now), id)
		if err != nil {
			return errs.Wrap(err, "mark reminder sent")
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return nil // another process sent it first
		}
		w, err := s.Engine.Workshop(r.DepartmentID)
		if err != nil {
			w = nil // a workshop gone from the directory: the mail names none
		}
		msg, err := Message(r, w, tok)
		if err != nil {
			return err
		}
		if err := mail.Queue(ctx, db, s.Jobs, tx, msg, now); err != nil {
			return err
		}
		sent = true
		return nil
	})
	return sent, err
}

// tokenReminder returns the id of the reminder an unsubscribe token
// names. Errors: ErrBadToken for a token that is malformed, tampered with,
// signed for another purpose or key, or expired.
func (s *Service) tokenReminder(token string) (id string, err error) {
	id, err = s.Tokens.Check(strings.TrimSpace(token), PurposeUnsubscribe, s.now())
	if err != nil || id == "" {
		return "", ErrBadToken
	}
	return id, nil
}

// unsubscribeTarget reads the reminder id of a genuine token through q.
// Errors: ErrBadToken when it is gone (erased).
func (s *Service) unsubscribeTarget(ctx context.Context, q querier, id string) (Reminder, error) {
	r, err := scan(q.QueryRowContext(ctx, s.DB.Rebind(`SELECT `+columns+` FROM reminders WHERE id = ?`), id))
	if errs.Is(err, errs.NotFound) {
		return Reminder{}, ErrBadToken
	}
	return r, err
}

// Unsubscribe cancels the reminder named by an unsubscribe token and any
// other pending reminder of the same kind for that car and address.
// Unsubscribing twice answers the same. Errors: ErrBadToken.
func (s *Service) Unsubscribe(ctx context.Context, token string) (Reminder, error) {
	id, err := s.tokenReminder(token)
	if err != nil {
		return Reminder{}, err
	}
	db := s.DB
	var r Reminder
	err = db.Tx(ctx, func(tx *sql.Tx) error {
		r, err = s.unsubscribeTarget(ctx, tx, id)
		if err != nil {
			return err
		}
		now := ms(s.now())
		if r.Reason != ReasonUnsubscribed {
			if _, err := tx.ExecContext(ctx, db.Rebind(`UPDATE reminders SET status = 'cancelled', reason = ?, cancelled_at = ? WHERE id = ?`),
				ReasonUnsubscribed, now, r.ID); err != nil {
				return errs.Wrap(err, "unsubscribe reminder")
			}
		}
		_, err := tx.ExecContext(ctx, db.Rebind(`UPDATE reminders SET status = 'cancelled', reason = ?, cancelled_at = ?
			WHERE status = 'pending' AND kind = ? AND reg = ? AND lower(email) = lower(?)`), ReasonUnsubscribed, now, r.Kind, r.Reg, r.Email)
		return errs.Wrap(err, "unsubscribe reminders")
	})
	if err != nil {
		return Reminder{}, err
	}
	return s.Get(ctx, r.ID)
}

// ExportEmail returns every reminder of the e-mail address (GDPR access
// request), oldest first.
func (s *Service) ExportEmail(ctx context.Context, email string) ([]Reminder, error) {
	return s.list(ctx, s.DB, `lower(email) = lower(?)`, strings.TrimSpace(email))
}

// EraseEmail deletes every reminder of the e-mail address (GDPR erasure)
// and returns how many; the mails about them go with the mail outbox's
// own erasure of the recipient.
func (s *Service) EraseEmail(ctx context.Context, email string) (int, error) {
	email = strings.TrimSpace(email)
	if email == "" {
		return 0, errs.E(errs.Invalid, "no e-mail address")
	}
	var n int64
	err := s.DB.Tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.DB.Rebind(`DELETE FROM reminders WHERE lower(email) = lower(?)`), email)
		if err != nil {
			return errs.Wrap(err, "erase reminders")
		}
		n, _ = res.RowsAffected()
		return nil
	})
	return int(n), err
}

// Link is the booking-flow address a reminder's mail opens: the service
// booking with plate and place (?regnr=&plats=), or the tyre hotel with
// the plate (its workshop comes with the agreement).
func Link(r Reminder) string {
	q := url.Values{}
	q.Set("regnr", r.Reg)
	if r.Kind == KindSeason {
		return r.Origin + TyrePath + "?" + q.Encode()
	}
	if r.Place != "" {
		q.Set("plats", r.Place)
	}
	return r.Origin + ServicePath + "?" + q.Encode()
}

// UnsubscribeURL is the one-click unsubscribe address of a token.
func UnsubscribeURL(origin, token string) string {
	return origin + "/api/reminders/unsubscribe?token=" + url.QueryEscape(token)
}

// idAlphabet has no 0/O, 1/I/L or U (as booking ids).
const idAlphabet = "23456789ABCDEFGHJKMNPQRSTVWXYZ"

func newID() string {
	var b [8]byte
	rand.Read(b[:])
	out := []byte("RM-")
	for _, c := range b {
		out = append(out, idAlphabet[int(c)%len(idAlphabet)])
	}
	return string(out)
}
