package alerts

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"strconv"
	"strings"
	"time"

	"forecourt/internal/errs"
)

// Token purposes. A token signed for one purpose never passes as another.
const (
	PurposeConfirm     = "confirm"     // subject: search id
	PurposeUnsubscribe = "unsubscribe" // subject: search id
	PurposeManage      = "manage"      // subject: site name and address
)

// Token problems, the values of fields.token in a 400 answer.
const (
	TokenInvalid = "tokenInvalid" // malformed, tampered, another purpose or key
	TokenExpired = "tokenExpired"
)

// Lifetimes of the tokens in mails. Unsubscribe links stay good for long
// (a mail is read late); a manage link in every digest is renewed anyway.
const (
	ConfirmTTL     = 7 * 24 * time.Hour
	UnsubscribeTTL = 400 * 24 * time.Hour
	ManageTTL      = 30 * 24 * time.Hour
)

const maxToken = 600

// Tokens signs and checks the links of the alert mails: HMAC-SHA256 under a
// key derived from the server secret (the same in every process), over the
// purpose, the subject and the expiry. Tokens are stateless: what they
// act on (a search, an address) is looked up when they are used.
type Tokens struct {
	key []byte
}

// NewTokens derives the token key from secret (at least 16 bytes).
func NewTokens(secret []byte) *Tokens {
	m := hmac.New(sha256.New, secret)
	m.Write([]byte("forecourt alerts tokens v1"))
	return &Tokens{key: m.Sum(nil)}
}

// Sign returns a token for purpose and subject that expires at exp.
func (t *Tokens) Sign(purpose, subject string, exp time.Time) string {
	payload := "v1." + purpose + "." + base64.RawURLEncoding.EncodeToString([]byte(subject)) + "." + strconv.FormatInt(exp.Unix(), 36)
	return payload + "." + t.mac(payload)
}

func (t *Tokens) mac(payload string) string {
	m := hmac.New(sha256.New, t.key)
	m.Write([]byte(payload))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// Check verifies value as a token for purpose at now and returns its
// subject. A bad token is errs.Invalid with fields.token TokenInvalid or
// TokenExpired; a token for another purpose is TokenInvalid.
func (t *Tokens) Check(value, purpose string, now time.Time) (string, error) {
	bad := func(problem, msg string) (string, error) {
		return "", &errs.Error{Code: errs.Invalid, Message: msg, Fields: map[string]string{"token": problem}}
	}
	invalid := func() (string, error) { return bad(TokenInvalid, "The link is not valid.") }
	if value == "" || len(value) > maxToken {
		return invalid()
	}
	parts := strings.Split(value, ".")
	if len(parts) != 5 || parts[0] != "v1" {
		return invalid()
	}
	payload := strings.Join(parts[:4], ".")
	if !hmac.Equal([]byte(parts[4]), []byte(t.mac(payload))) || parts[1] != purpose {
		return invalid()
	}
	subject, err := base64.RawURLEncoding.DecodeString(parts[2])
	if err != nil {
		return invalid()
	}
	exp, err := strconv.ParseInt(parts[3], 36, 64)
	if err != nil {
		return invalid()
	}
	if now.Unix() > exp {
		return bad(TokenExpired, "The link has expired.")
	}
	return string(subject), nil
}

// manageSubject binds a manage token to a site and an address.
func manageSubject(siteName, email string) string { return siteName + "\n" + email }

func parseManageSubject(s string) (siteName, email string, ok bool) {
	return strings.Cut(s, "\n")
}
