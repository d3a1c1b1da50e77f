package leads

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"forecourt/internal/errs"
	"forecourt/internal/forms"
	"forecourt/internal/jobs"
	"forecourt/internal/mail"
	"forecourt/internal/store"
)

// Store keeps the leads of every comhub form; their mails go to the shared
// outbox (internal/mail) in the same transaction.
type Store struct {
	db *store.DB
	// Jobs is the job queue a queued mail's delivery job goes in, in the
	// mail's transaction; nil (a command-line tool) writes the mail only,
	// and a running server's mail sweep delivers it.
	Jobs *jobs.Queue
}

// NewStore returns the lead store over db.
func NewStore(db *store.DB) *Store { return &Store{db: db} }

func ms(t time.Time) int64 { return t.UnixMilli() }

// Lead is a stored submission.
type Lead struct {
	ID           int64           `json:"id"`
	SiteName     string          `json:"site"`
	FormName     string          `json:"formName"`
	SubmissionID string          `json:"formSubmissionId"`
	CarID        int64           `json:"carId,omitempty"`
	Email        string          `json:"email"`
	Recipient    string          `json:"recipient"`
	Values       json.RawMessage `json:"values"`
	CreatedAt    time.Time       `json:"createdAt"`
}

// MailKind is the outbox kind of lead mails; MailRef their reference.
const MailKind = "lead"

// MailRef is the outbox reference of a lead's mail.
func MailRef(submissionID string) string { return "lead:" + submissionID }

// Save stores form for siteName with its dealer mail to to (text from
// Form.Mail) in one transaction, and uses up the ticket nonce (empty: the
// form came without the spam defence, e.g. from an operator tool). A form
// whose formSubmissionId is already stored for siteName is not stored
// again: Save returns the first lead and created false (the same id on
// another site is that site's own lead). A nonce already used by
// another submission is errs.Invalid with fields.ticket = ticketUsed, and
// nothing is stored.
func (s *Store) Save(ctx context.Context, siteName string, f *Form, to Recipient, text MailText, nonce string, now time.Time) (lead Lead, created bool, err error) {
	if f.car != nil {
		// Keep the recipient the server chose, not what the client sent.
		v := f.car.Values
		v.ToName, v.ToEmail = to.Name, to.Email
		f.Values = v
	}
	doc, err := json.Marshal(f.Values)
	if err != nil {
		return Lead{}, false, errs.Wrap(err, "encode lead")
	}
	err = s.db.Tx(ctx, func(tx *sql.Tx) error {
		var id int64
		var q string
		switch s.db.Engine {
		case store.Postgres:
			q = `INSERT INTO leads (site_name, submission_id, form_name, car_id, doc, email, recipient, created_at, dealer_site_id)
			     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (site_name, submission_id) DO NOTHING RETURNING id`
		default:
			q = `INSERT INTO leads (site_name, submission_id, form_name, car_id, doc, email, recipient, created_at, dealer_site_id)
			     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (site_name, submission_id) DO NOTHING RETURNING id`
		}
		err := tx.QueryRowContext(ctx, q, siteName, f.SubmissionID, f.Name, f.CarID, string(doc), strings.ToLower(f.Email), strings.ToLower(to.Email), ms(now), to.DealerSiteID).Scan(&id)
		if errors.Is(err, sql.ErrNoRows) {
			return nil // already stored
		}
		if err != nil {
			return errs.Wrap(err, "insert lead")
		}
		created = true
		if err := UseTicket(ctx, s.db, tx, nonce, f.SubmissionID, now); err != nil {
			return err
		}
		msg := mail.Message{
			To: to.Email, Subject: text.Subject, Text: text.Body,
			Headers: map[string]string{"Reply-To": f.Email},
			Kind:    MailKind, Ref: MailRef(f.SubmissionID),
		}
		if err := mail.Queue(ctx, s.db, s.Jobs, tx, msg, now); err != nil {
			return errs.Wrap(err, "queue lead mail")
		}
		// The customer's receipt (reference, what happens next) goes in
		// the same transaction: it exists exactly when the lead does.
		if r, ok := f.Receipt(f.Lang, to); ok && r.To != "" {
			if to.Email != "" {
				r.Headers = map[string]string{"Reply-To": to.Email}
			}
			if err := mail.Queue(ctx, s.db, s.Jobs, tx, r, now); err != nil {
				return errs.Wrap(err, "queue receipt")
			}
		}
		return nil
	})
	if err != nil {
		return Lead{}, false, err
	}
	lead, err = s.BySubmission(ctx, siteName, f.SubmissionID)
	return lead, created, err
}

// UseTicket records that the ticket nonce was used by submissionID inside
// tx. A nonce already used is errs.Invalid with fields.ticket = ticketUsed.
// An empty nonce records nothing. Records older than two days are pruned
// now and then (a ticket lives 12 hours).
func UseTicket(ctx context.Context, db *store.DB, tx *sql.Tx, nonce, submissionID string, now time.Time) error {
	if nonce == "" {
		return nil
	}
	res, err := tx.ExecContext(ctx, db.Rebind(`INSERT INTO form_tickets_used (nonce, submission_id, used_at) VALUES (?, ?, ?)
		ON CONFLICT (nonce) DO NOTHING`), nonce, submissionID, ms(now))
	if err != nil {
		return errs.Wrap(err, "use form ticket")
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return &errs.Error{Code: errs.Invalid, Message: "The form has expired. Please send it again.", Fields: map[string]string{"ticket": forms.TicketUsed}}
	}
	if now.UnixMilli()%64 == 0 {
		if _, err := tx.ExecContext(ctx, db.Rebind(`DELETE FROM form_tickets_used WHERE used_at < ?`), ms(now.Add(-48*time.Hour))); err != nil {
			return errs.Wrap(err, "prune form tickets")
		}
	}
	return nil
}

const leadColumns = `id, site_name, submission_id, form_name, car_id, doc, email, recipient, created_at`

func scanLead(sc interface{ Scan(...any) error }) (Lead, error) {
	var l Lead
	var doc string
	var created int64
	if err := sc.Scan(&l.ID, &l.SiteName, &l.SubmissionID, &l.FormName, &l.CarID, &doc, &l.Email, &l.Recipient, &created); err != nil {
		return Lead{}, err
	}
	l.Values = json.RawMessage(doc)
	l.CreatedAt = time.UnixMilli(created).UTC()
	return l, nil
}

// BySubmission returns the lead of a formSubmissionId on siteName (the id
// is unique per site), or errs.NotFound.
func (s *Store) BySubmission(ctx context.Context, siteName, submissionID string) (Lead, error) {
	l, err := scanLead(s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT `+leadColumns+` FROM leads WHERE site_name = ? AND submission_id = ?`), siteName, submissionID))
	if errors.Is(err, sql.ErrNoRows) {
		return Lead{}, errs.E(errs.NotFound, "no lead %q", submissionID)
	}
	if err != nil {
		return Lead{}, errs.Wrap(err, "get lead %q", submissionID)
	}
	return l, nil
}

// Exists reports whether a formSubmissionId is stored for siteName.
func (s *Store) Exists(ctx context.Context, siteName, submissionID string) (bool, error) {
	var n int
	err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT count(*) FROM leads WHERE site_name = ? AND submission_id = ?`), siteName, submissionID).Scan(&n)
	return n > 0, errs.Wrap(err, "look up lead %q", submissionID)
}

// Count returns the number of stored leads.
func (s *Store) Count(ctx context.Context) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM leads`).Scan(&n)
	return n, errs.Wrap(err, "count leads")
}

// ByEmail returns the leads sent by the visitor with address email
// (case-insensitive), oldest first.
func (s *Store) ByEmail(ctx context.Context, email string) ([]Lead, error) {
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT `+leadColumns+` FROM leads WHERE email = ? ORDER BY id`), strings.ToLower(strings.TrimSpace(email)))
	if err != nil {
		return nil, errs.Wrap(err, "list leads by e-mail")
	}
	defer rows.Close()
	var out []Lead
	for rows.Next() {
		l, err := scanLead(rows)
		if err != nil {
			return nil, errs.Wrap(err, "scan lead")
		}
		out = append(out, l)
	}
	return out, errs.Wrap(rows.Err(), "list leads by e-mail")
}
