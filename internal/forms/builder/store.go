package builder

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"forecourt/internal/errs"
	"forecourt/internal/forms/leads"
	"forecourt/internal/jobs"
	"forecourt/internal/mail"
	"forecourt/internal/store"
)

// Submission is a checked form-builder submission.
type Submission struct {
	Site string
	// Lang is the site's language: the recipient's mail is written in it.
	Lang         string
	Def          *Definition
	SubmissionID string
	Answers      Answers
	Nonce        string // the form ticket's nonce (single use)
}

// Result is what a backend answers: the submission's id (the formSubmissionId)
// and whether it was new.
type Result struct {
	ID      string
	Created bool
}

// Backend keeps submissions: the built-in Store, or Jotform.
type Backend interface {
	Submit(ctx context.Context, s Submission, now time.Time) (Result, error)
	// Exists reports whether a formSubmissionId was already taken.
	Exists(ctx context.Context, submissionID string) (bool, error)
	Name() string
}

// exists reports whether form_submissions holds submissionID (both
// backends keep their formSubmissionIds there).
func exists(ctx context.Context, db *store.DB, submissionID string) (bool, error) {
	var n int
	err := db.QueryRowContext(ctx, db.Rebind(`SELECT count(*) FROM form_submissions WHERE submission_id = ?`), submissionID).Scan(&n)
	return n > 0, errs.Wrap(err, "look up form submission")
}

// Exists implements Backend.
func (s *Store) Exists(ctx context.Context, submissionID string) (bool, error) {
	return exists(ctx, s.db, submissionID)
}

// Store is the built-in backend: it stores a submission once per
// formSubmissionId and queues the recipient's mail in the shared outbox in
// the same transaction.
type Store struct {
	db *store.DB
	// Jobs is the job queue a queued mail's delivery job goes in, in the
	// mail's transaction; nil (a command-line tool) writes the mail only,
	// and a running server's mail sweep delivers it.
	Jobs *jobs.Queue
}

// NewStore returns the built-in backend over db.
func NewStore(db *store.DB) *Store { return &Store{db: db} }

// Name implements Backend.
func (s *Store) Name() string { return "built-in" }

// MailKind is the outbox kind of form-builder mails.
const MailKind = "form"

// MailRef is the outbox reference of a submission's mail.
func MailRef(submissionID string) string { return "form:" + submissionID }

// Submit implements Backend. A resent formSubmissionId stores nothing new
// (Created false). A ticket nonce already used by another submission is
// errs.Invalid with fields.ticket = ticketUsed, and nothing is stored.
func (s *Store) Submit(ctx context.Context, sub Submission, now time.Time) (Result, error) {
	doc, err := json.Marshal(sub.Answers.Values)
	if err != nil {
		return Result{}, errs.Wrap(err, "encode answers")
	}
	res := Result{ID: sub.SubmissionID}
	err = s.db.Tx(ctx, func(tx *sql.Tx) error {
		var q string
		switch s.db.Engine {
		case store.Postgres:
			q = `INSERT INTO form_submissions (site_name, form_id, submission_id, email, answers, created_at)
			     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (submission_id) DO NOTHING RETURNING id`
		default:
			q = `INSERT INTO form_submissions (site_name, form_id, submission_id, email, answers, created_at)
			     VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (submission_id) DO NOTHING RETURNING id`
		}
		var id int64
		err := tx.QueryRowContext(ctx, q, sub.Site, sub.Def.ID, sub.SubmissionID, sub.Answers.Email, string(doc), now.UnixMilli()).Scan(&id)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return errs.Wrap(err, "insert form submission")
		}
		res.Created = true
		if err := leads.UseTicket(ctx, s.db, tx, sub.Nonce, sub.SubmissionID, now); err != nil {
			return err
		}
		msg := MailOf(sub)
		if err := mail.Queue(ctx, s.db, s.Jobs, tx, msg, now); err != nil {
			return errs.Wrap(err, "queue form mail")
		}
		return nil
	})
	return res, err
}

// MailOf is the recipient's mail of a submission: every answered field as
// "label: answer" in the form's order (text areas indented below their
// label), the reply going to the visitor's e-mail answer.
func MailOf(sub Submission) mail.Message {
	d := sub.Def
	var b strings.Builder
	w := leads.MailWordsOf(sub.Lang)
	fmt.Fprintf(&b, w.FormIntro+"\r\n\r\n", leads.Flatten(d.Title), d.ID, sub.Site)
	for i := range d.Fields {
		f := &d.Fields[i]
		v, ok := sub.Answers.Values[f.Name]
		if !ok {
			continue
		}
		if f.Type == TypeTextarea {
			fmt.Fprintf(&b, "%s:\r\n%s\r\n", leads.Flatten(f.Label), leads.Quote(f.Display(v)))
			continue
		}
		fmt.Fprintf(&b, "%s: %s\r\n", leads.Flatten(f.Label), leads.Flatten(f.Display(v)))
	}
	fmt.Fprintf(&b, "\r\n%s: %s\r\n", w.Reference, sub.SubmissionID)
	msg := mail.Message{To: d.Recipient, Subject: leads.Flatten(d.Title), Text: b.String(), Kind: MailKind, Ref: MailRef(sub.SubmissionID)}
	if sub.Answers.Email != "" {
		msg.Headers = map[string]string{"Reply-To": sub.Answers.Email}
	}
	return msg
}

// Stored is a stored submission (GDPR export).
type Stored struct {
	ID           int64           `json:"id"`
	Site         string          `json:"site"`
	FormID       string          `json:"formId"`
	SubmissionID string          `json:"formSubmissionId"`
	Email        string          `json:"email"`
	Answers      json.RawMessage `json:"answers"`
	CreatedAt    time.Time       `json:"createdAt"`
}

// BySubmission returns a stored submission or errs.NotFound.
func (s *Store) BySubmission(ctx context.Context, submissionID string) (Stored, error) {
	rows, err := s.query(ctx, `submission_id = ?`, submissionID)
	if err != nil {
		return Stored{}, err
	}
	if len(rows) == 0 {
		return Stored{}, errs.E(errs.NotFound, "no form submission %q", submissionID)
	}
	return rows[0], nil
}

// ByEmail returns the submissions whose e-mail answer is email.
func (s *Store) ByEmail(ctx context.Context, email string) ([]Stored, error) {
	return s.query(ctx, `email = ?`, strings.ToLower(strings.TrimSpace(email)))
}

func (s *Store) query(ctx context.Context, where string, arg any) ([]Stored, error) {
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT id, site_name, form_id, submission_id, email, answers, created_at
		FROM form_submissions WHERE `+where+` ORDER BY id`), arg)
	if err != nil {
		return nil, errs.Wrap(err, "list form submissions")
	}
	defer rows.Close()
	var out []Stored
	for rows.Next() {
		var x Stored
		var answers string
		var created int64
		if err := rows.Scan(&x.ID, &x.Site, &x.FormID, &x.SubmissionID, &x.Email, &answers, &created); err != nil {
			return nil, errs.Wrap(err, "scan form submission")
		}
		x.Answers, x.CreatedAt = json.RawMessage(answers), time.UnixMilli(created).UTC()
		out = append(out, x)
	}
	return out, errs.Wrap(rows.Err(), "list form submissions")
}
