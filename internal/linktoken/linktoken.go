// Package linktoken signs the links in mails (confirm a saved search,
// unsubscribe, manage): stateless tokens that bind a purpose, a subject
// (what the link acts on: an id, an address) and an expiry under
// HMAC-SHA256. A token signed for one purpose never passes as another, and
// one signed under another key (another secret, or another label over the
// same secret) never passes at all. What a token names is looked up when
// it is used, so deleting the thing is enough to retire its links.
//
// A token reads v1.<purpose>.<subject, base64url>.<expiry, Unix seconds in
// base 36>.<HMAC, base64url>: URL-safe as it is, and at most MaxLen bytes
// for any subject of at most MaxSubject bytes.
package linktoken

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"strconv"
	"strings"
	"time"

	"forecourt/internal/errs"
)

// Problems of a refused token, the value of fields.token in a 400 answer
// (the clients tell an expired link from a broken one by it).
const (
	Invalid = "tokenInvalid" // malformed, tampered, another purpose or key
	Expired = "tokenExpired"
)

// Bounds. Purposes are constants of the code; subjects are ids and
// addresses (an e-mail address is at most 254 bytes). Any token Sign
// returns is at most MaxLen bytes; Check refuses longer input unread.
const (
	MaxPurpose = 32
	MaxSubject = 300
	MaxLen     = 600
)

// MinSecret is the shortest secret New accepts, in bytes.
const MinSecret = 16

// Signer signs and checks tokens under one key. It is safe for concurrent use.
type Signer struct {
	key []byte
}

// New returns a signer whose key is derived from secret (at least
// MinSecret bytes) and label. The label names the scheme ("forecourt
// alerts tokens v1"): two uses of the same secret under different labels
// never accept each other's tokens, and a changed label retires every
// token signed under the old one.
func New(secret []byte, label string) (*Signer, error) {
	if len(secret) < MinSecret {
		return nil, errs.E(errs.Internal, "linktoken: the secret must be at least %d bytes", MinSecret)
	}
	if label == "" {
		return nil, errs.E(errs.Internal, "linktoken: no label")
	}
	m := hmac.New(sha256.New, secret)
	m.Write([]byte(label))
	return &Signer{key: m.Sum(nil)}, nil
}

// validPurpose reports whether p is 1 to MaxPurpose of a–z, 0–9 and '-'
// (so it needs no escaping in a URL and never contains the separator).
func validPurpose(p string) bool {
	if p == "" || len(p) > MaxPurpose {
		return false
	}
	for i := 0; i < len(p); i++ {
		if c := p[i]; !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

// Sign returns a token for purpose and subject that passes Check until
// expires (to the second). A purpose that is not 1–MaxPurpose of a–z, 0–9
// and '-', or a subject over MaxSubject bytes, is an errs.Internal error:
// the token could never be checked, and both come from the code, not from
// a visitor.
func (s *Signer) Sign(purpose, subject string, expires time.Time) (string, error) {
	if !validPurpose(purpose) {
		return "", errs.E(errs.Internal, "linktoken: purpose %q: want 1–%d of a–z, 0–9 and '-'", purpose, MaxPurpose)
	}
	if len(subject) > MaxSubject {
		return "", errs.E(errs.Internal, "linktoken: subject of %d bytes: at most %d", len(subject), MaxSubject)
	}
	payload := "v1." + purpose + "." + base64.RawURLEncoding.EncodeToString([]byte(subject)) + "." + strconv.FormatInt(expires.Unix(), 36)
	return payload + "." + s.mac(payload), nil
}

func (s *Signer) mac(payload string) string {
	m := hmac.New(sha256.New, s.key)
	m.Write([]byte(payload))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// Check verifies token as one of purpose at now and returns its subject.
// A refused token is errs.Invalid with fields.token Invalid (malformed,
// too long, tampered, another purpose or key) or Expired (genuine, but
// past its expiry); only a genuine token of purpose is ever called expired.
func (s *Signer) Check(token, purpose string, now time.Time) (subject string, err error) {
	if token == "" || len(token) > MaxLen {
		return "", InvalidError()
	}
	parts := strings.Split(token, ".")
	if len(parts) != 5 || parts[0] != "v1" {
		return "", InvalidError()
	}
	payload := strings.Join(parts[:4], ".")
	if !hmac.Equal([]byte(parts[4]), []byte(s.mac(payload))) || parts[1] != purpose {
		return "", InvalidError()
	}
	subj, err := base64.RawURLEncoding.DecodeString(parts[2])
	if err != nil {
		return "", InvalidError()
	}
	exp, err := strconv.ParseInt(parts[3], 36, 64)
	if err != nil {
		return "", InvalidError()
	}
	if now.Unix() > exp {
		return "", &errs.Error{Code: errs.Invalid, Message: "The link has expired.", Fields: map[string]string{"token": Expired}}
	}
	return string(subj), nil
}

// InvalidError is the error Check returns for an invalid token, for a
// caller that refuses a genuine token all the same (one whose subject
// belongs to another site).
func InvalidError() *errs.Error {
	return &errs.Error{Code: errs.Invalid, Message: "The link is not valid.", Fields: map[string]string{"token": Invalid}}
}
