package forms

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"strconv"
	"strings"
	"time"

	"forecourt/internal/errs"
)

// Ticket problems, the values of fields.ticket in a 400 answer
// (docs/forms.md §0). The client fetches a new ticket and resends once.
const (
	TicketMissing = "ticketMissing"
	TicketInvalid = "ticketInvalid"
	TicketExpired = "ticketExpired"
	TicketUsed    = "ticketUsed"
	TicketTooFast = "tooFast"
)

// Tickets issues and checks form tickets: signed, expiring proofs that a
// form was fetched by a browser at least MinFill before it was sent (the
// minimum fill time). A ticket names its site, so one site's ticket does
// not work on another; the store makes each ticket good for one
// submission (Store.Save).
type Tickets struct {
	Secret  []byte        // HMAC key; the same in every process (FORMS_SECRET or the store's)
	MinFill time.Duration // default 3 s
	TTL     time.Duration // default 12 h
}

// Ticket is an issued ticket with its window (Unix milliseconds on the wire).
type Ticket struct {
	Value     string `json:"ticket"`
	NotBefore int64  `json:"notBefore"`
	ExpiresAt int64  `json:"expiresAt"`
}

func (t *Tickets) minFill() time.Duration {
	if t.MinFill > 0 {
		return t.MinFill
	}
	return 3 * time.Second
}

func (t *Tickets) ttl() time.Duration {
	if t.TTL > 0 {
		return t.TTL
	}
	return 12 * time.Hour
}

// Issue returns a new ticket for siteName issued at now.
func (t *Tickets) Issue(siteName string, now time.Time) Ticket {
	nonce := make([]byte, 12)
	rand.Read(nonce)
	payload := "v1." + siteName + "." + strconv.FormatInt(now.UnixMilli(), 36) + "." + hex.EncodeToString(nonce)
	return Ticket{
		Value:     payload + "." + t.sign(payload),
		NotBefore: now.Add(t.minFill()).UnixMilli(),
		ExpiresAt: now.Add(t.ttl()).UnixMilli(),
	}
}

func (t *Tickets) sign(payload string) string {
	m := hmac.New(sha256.New, t.Secret)
	m.Write([]byte(payload))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// Check verifies a ticket for siteName at now and returns its nonce (the
// key that makes it single-use). A bad ticket is errs.Invalid with
// fields.ticket set to one of the Ticket… problems.
func (t *Tickets) Check(value, siteName string, now time.Time) (nonce string, err error) {
	bad := func(problem string) (string, error) {
		return "", &errs.Error{Code: errs.Invalid, Message: "The form has expired. Please send it again.", Fields: map[string]string{"ticket": problem}}
	}
	if value == "" {
		return bad(TicketMissing)
	}
	if len(value) > 300 {
		return bad(TicketInvalid)
	}
	parts := strings.Split(value, ".")
	if len(parts) != 5 || parts[0] != "v1" {
		return bad(TicketInvalid)
	}
	payload := strings.Join(parts[:4], ".")
	if !hmac.Equal([]byte(parts[4]), []byte(t.sign(payload))) {
		return bad(TicketInvalid)
	}
	if parts[1] != siteName {
		return bad(TicketInvalid)
	}
	ms, err := strconv.ParseInt(parts[2], 36, 64)
	if err != nil {
		return bad(TicketInvalid)
	}
	issued := time.UnixMilli(ms)
	switch {
	case now.Before(issued.Add(t.minFill())):
		return bad(TicketTooFast)
	case now.After(issued.Add(t.ttl())):
		return bad(TicketExpired)
	}
	return parts[3], nil
}
