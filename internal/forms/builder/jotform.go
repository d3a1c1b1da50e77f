package builder

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"forecourt/internal/errs"
	"forecourt/internal/forms/leads"
	"forecourt/internal/store"
)

// Jotform is the backend of the hosted form service: a submission is sent
// to the service's form (Definition.JotformID, else the form's id) with the
// answers under each field's question id (Field.QID, else its name), and
// the service keeps it and notifies the form's owners. Only the
// formSubmissionId is kept here, so that a resend is not sent twice.
type Jotform struct {
	APIKey string
	// Region is "eu" or "us" (default): which of the service's API hosts is used.
	Region string
	// BaseURL replaces the region's API address (tests use a fake on loopback).
	BaseURL string
	Client  *http.Client
	DB      *store.DB
}

// Regional API addresses of the hosted form service.
const (
	JotformUS = "https://api.jotform.com"
	JotformEU = "https://eu-api.jotform.com"
)

// ParseRegion checks JOTFORM_REGION ("" means us).
func ParseRegion(s string) (string, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "us":
		return "us", nil
	case "eu":
		return "eu", nil
	}
	return "", fmt.Errorf("JOTFORM_REGION %q: want eu or us", s)
}

// Name implements Backend.
func (j *Jotform) Name() string { return "jotform" }

// Exists implements Backend.
func (j *Jotform) Exists(ctx context.Context, submissionID string) (bool, error) {
	return exists(ctx, j.DB, submissionID)
}

func (j *Jotform) base() string {
	if j.BaseURL != "" {
		return strings.TrimRight(j.BaseURL, "/")
	}
	if j.Region == "eu" {
		return JotformEU
	}
	return JotformUS
}

// Submit implements Backend. The formSubmissionId (and the ticket) are
// claimed in the store first; when the service fails the claim is dropped
// again so that the client's retry can succeed, and the error is
// errs.Unavailable.
func (j *Jotform) Submit(ctx context.Context, sub Submission, now time.Time) (Result, error) {
	res := Result{ID: sub.SubmissionID}
	err := j.DB.Tx(ctx, func(tx *sql.Tx) error {
		r, err := tx.ExecContext(ctx, j.DB.Rebind(`INSERT INTO form_submissions (site_name, form_id, submission_id, email, answers, created_at)
			VALUES (?, ?, ?, '', '{"backend":"jotform","state":"sending"}', ?) ON CONFLICT (submission_id) DO NOTHING`),
			sub.Site, sub.Def.ID, sub.SubmissionID, now.UnixMilli())
		if err != nil {
			return errs.Wrap(err, "claim form submission")
		}
		if n, _ := r.RowsAffected(); n == 0 {
			return nil
		}
		res.Created = true
		return leads.UseTicket(ctx, j.DB, tx, sub.Nonce, sub.SubmissionID, now)
	})
	if err != nil || !res.Created {
		return res, err
	}
	remoteID, err := j.send(ctx, sub)
	if err != nil {
		j.DB.Tx(context.WithoutCancel(ctx), func(tx *sql.Tx) error {
			tx.ExecContext(ctx, j.DB.Rebind(`DELETE FROM form_submissions WHERE submission_id = ?`), sub.SubmissionID)
			tx.ExecContext(ctx, j.DB.Rebind(`DELETE FROM form_tickets_used WHERE submission_id = ?`), sub.SubmissionID)
			return nil
		})
		return Result{}, &errs.Error{Code: errs.Unavailable, Message: "The form could not be sent. Please try again.", Err: err}
	}
	doc, _ := json.Marshal(map[string]string{"backend": "jotform", "jotformSubmissionId": remoteID})
	if _, err := j.DB.ExecContext(ctx, j.DB.Rebind(`UPDATE form_submissions SET answers = ? WHERE submission_id = ?`), string(doc), sub.SubmissionID); err != nil {
		return res, errs.Wrap(err, "record jotform submission")
	}
	return res, nil
}

// jotformAnswer is the service's answer to a new submission.
type jotformAnswer struct {
	ResponseCode int    `json:"responseCode"`
	Message      string `json:"message"`
	Content      struct {
		SubmissionID string `json:"submissionID"`
	} `json:"content"`
}

// send posts the answers: POST {base}/form/{id}/submissions with the key in
// the APIKEY header and submission[<qid>]=<answer> form fields.
func (j *Jotform) send(ctx context.Context, sub Submission) (string, error) {
	form := url.Values{}
	for i := range sub.Def.Fields {
		f := &sub.Def.Fields[i]
		v, ok := sub.Answers.Values[f.Name]
		if !ok {
			continue
		}
		qid := f.QID
		if qid == "" {
			qid = f.Name
		}
		text := f.Display(v)
		if b, isBool := v.(bool); isBool {
			text = map[bool]string{true: "Yes", false: "No"}[b]
		} else if s, isStr := v.(string); isStr {
			text = s // select: the value, as the service's form knows it
		}
		form.Set("submission["+qid+"]", text)
	}
	id := sub.Def.JotformID
	if id == "" {
		id = sub.Def.ID
	}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, j.base()+"/form/"+url.PathEscape(id)+"/submissions", strings.NewReader(form.Encode()))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("APIKEY", j.APIKey)
	req.Header.Set("Accept", "application/json")
	client := j.Client
	if client == nil {
		client = &http.Client{Timeout: 10 * time.Second}
	}
	resp, err := client.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return "", err
	}
	var a jotformAnswer
	if err := json.Unmarshal(body, &a); err != nil {
		return "", fmt.Errorf("jotform answered %d with no JSON", resp.StatusCode)
	}
	if resp.StatusCode != http.StatusOK || a.ResponseCode != http.StatusOK || a.Content.SubmissionID == "" {
		return "", fmt.Errorf("jotform answered %d (responseCode %d): %s", resp.StatusCode, a.ResponseCode, a.Message)
	}
	return a.Content.SubmissionID, nil
}
