package booking

import (
	"net/url"
	"strings"
	"time"

	"forecourt/internal/linktoken"
)

// ManagePath is the page where a customer sees a booking of any flow and
// changes its time or cancels it (the link in every confirmation).
const ManagePath = "/boka-service/hantera"

// LinkPurpose is the linktoken purpose of the booking links.
const LinkPurpose = "booking-manage"

// LinkLabel derives the booking links' key from its secret.
const LinkLabel = "forecourt booking links v1"

// LinkValidAfter is how long after the booked time a link still opens
// the booking (to read it; changing a time that has begun is refused).
const LinkValidAfter = 48 * time.Hour

// Links signs and checks the links of confirmation mails and pages: a
// linktoken whose subject is the booking id and its stored cancel token,
// so a link names one booking only (no guessing another's id) and expires
// LinkValidAfter after the booked time. A link signed before a change of
// time expires by the old time; the change's mail carries a new one.
type Links struct {
	Signer *linktoken.Signer
	Now    func() time.Time
}

// Token returns the link token of b.
func (l *Links) Token(b Booking) (string, error) {
	return l.Signer.Sign(LinkPurpose, b.ID+" "+b.CancelToken, b.Start.Add(LinkValidAfter))
}

// URL is the manage page of b under origin ("https://www.example.se").
func (l *Links) URL(origin string, b Booking) (string, error) {
	tok, err := l.Token(b)
	if err != nil {
		return "", err
	}
	return origin + ManagePath + "?token=" + url.QueryEscape(tok), nil
}

// Check returns the booking id and cancel token a link names.
// Errors: errs.Invalid with fields.token linktoken.Invalid or Expired.
func (l *Links) Check(token string) (id, cancelToken string, err error) {
	now := time.Now()
	if l.Now != nil {
		now = l.Now()
	}
	subj, err := l.Signer.Check(token, LinkPurpose, now)
	if err != nil {
		return "", "", err
	}
	id, cancelToken, ok := strings.Cut(subj, " ")
	if !ok || id == "" || cancelToken == "" {
		return "", "", linktoken.InvalidError()
	}
	return id, cancelToken, nil
}
