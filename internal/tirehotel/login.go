package tirehotel

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"math/big"
	"time"

	"forecourt/internal/errs"
	"forecourt/internal/ratelimit"
	"forecourt/internal/store"
)

// Limiter counts hits per key in a fixed window (internal/ratelimit).
type Limiter interface {
	Allow(ctx context.Context, key string, limit int, window time.Duration) (ok bool, retryAfter time.Duration, err error)
}

// Policy holds the login's constants; DefaultPolicy is the product's.
type Policy struct {
	CodeTTL     time.Duration // a code's life: 5 min
	MaxAttempts int           // wrong codes before the challenge locks: 5
	TokenTTL    time.Duration // the sealed phone token's life: 15 min
	SessionTTL  time.Duration // a session's life: 2 h

	SearchPerClient   ratelimit.Limit // plate look-ups per client address
	CodesPerNumber    ratelimit.Limit // code requests per mobile number
	CodesPerNumberDay ratelimit.Limit // ... and per day, which bounds guessing over time
	CodesPerClient    ratelimit.Limit // code requests per client address
	ValidatePerClient ratelimit.Limit // code checks per client address
}

// DefaultPolicy is the login as specified.
var DefaultPolicy = Policy{
	CodeTTL: 5 * time.Minute, MaxAttempts: 5, TokenTTL: 15 * time.Minute, SessionTTL: 2 * time.Hour,
	SearchPerClient:   ratelimit.Limit{N: 30, Window: 10 * time.Minute},
	CodesPerNumber:    ratelimit.Limit{N: 3, Window: 10 * time.Minute},
	CodesPerNumberDay: ratelimit.Limit{N: 10, Window: 24 * time.Hour},
	CodesPerClient:    ratelimit.Limit{N: 10, Window: 10 * time.Minute},
	ValidatePerClient: ratelimit.Limit{N: 30, Window: 10 * time.Minute},
}

// Scaled returns the policy with every rate limit multiplied by n (n ≥ 1):
// TIREHOTEL_RATE_SCALE for browser test runs and load tests. The five
// tries of a code and the lifetimes do not change.
func (p Policy) Scaled(n int) Policy {
	if n <= 1 {
		return p
	}
	for _, l := range []*ratelimit.Limit{&p.SearchPerClient, &p.CodesPerNumber, &p.CodesPerNumberDay, &p.CodesPerClient, &p.ValidatePerClient} {
		l.N *= n
	}
	return p
}

// Auth is the one-time-code login. All its state (challenges, sessions,
// counters, the SMS outbox) is in the store, so it holds across restarts
// and across processes sharing one PostgreSQL.
type Auth struct {
	Store   *Store
	Keys    *Keys
	Limiter Limiter
	Policy  Policy
	Now     func() time.Time
	Log     *slog.Logger
}

func (a *Auth) now() time.Time {
	if a.Now != nil {
		return a.Now()
	}
	return time.Now()
}

const (
	purposePhoneToken = "tirehotel/phone-token"
	macChallenge      = "tirehotel/challenge"
	macCode           = "tirehotel/code"
	macClient         = "tirehotel/client"
)

// ErrLocked is wrapped by the error of a challenge locked after too many
// wrong codes (HTTP 423, code Locked).
var ErrLocked = errors.New("challenge locked")

// RetryAfter is wrapped by RateLimited errors: how long the client waits.
type RetryAfter struct{ D time.Duration }

func (r *RetryAfter) Error() string { return "retry after " + r.D.String() }

func rateLimited(msg string, d time.Duration) error {
	return &errs.Error{Code: errs.RateLimited, Message: msg, Err: &RetryAfter{d}}
}

// minutesText is "1 minut" / "n minuter", rounded up.
func minutesText(d time.Duration) string {
	m := int(math.Ceil(d.Minutes()))
	if m <= 1 {
		return "1 minut"
	}
	return fmt.Sprintf("%d minuter", m)
}

func (a *Auth) allow(ctx context.Context, key string, l ratelimit.Limit) (bool, time.Duration, error) {
	if a.Limiter == nil || l.N <= 0 {
		return true, 0, nil
	}
	ok, retry, err := a.Limiter.Allow(ctx, key, l.N, l.Window)
	if err != nil {
		return false, 0, errs.Wrap(err, "rate limit %s", l.Window)
	}
	return ok, retry, nil
}

// ClientKey is the HMAC of a client address for rate-limit keys and
// challenge rows (addresses are not stored as they are).
func (a *Auth) ClientKey(addr string) string { return a.Keys.MAC(macClient, addr)[:32] }

var errBadPlate = &errs.Error{Code: errs.Invalid, Message: "Ogiltigt registreringsnummer, kontrollera att registreringsnumret är korrekt",
	Fields: map[string]string{"regNo": "2–7 bokstäver (A–Z) och siffror"}}

// phoneToken is what the sealed encryptedPhoneNumber holds.
type phoneToken struct {
	Agreement int64  `json:"a"`
	RegNo     string `json:"r"`
	Expires   int64  `json:"x"` // Unix ms
}

// Search looks up a plate for client: the obfuscated number and a sealed
// token (expiring after Policy.TokenTTL) that only this server opens.
// Errors: Invalid (malformed plate), NotFound, RateLimited.
func (a *Auth) Search(ctx context.Context, rawPlate, client string) (Customer, error) {
	plate, ok := NormalizePlate(rawPlate)
	if !ok {
		return Customer{}, errBadPlate
	}
	if ok, retry, err := a.allow(ctx, "tirehotel:search:"+a.ClientKey(client), a.Policy.SearchPerClient); err != nil {
		return Customer{}, err
	} else if !ok {
		return Customer{}, rateLimited("För många sökningar. Försök igen om "+minutesText(retry)+".", retry)
	}
	id, err := a.Store.AgreementIDByPlate(ctx, plate)
	if err != nil {
		return Customer{}, err
	}
	ag, err := a.Store.Agreement(ctx, id)
	if err != nil {
		return Customer{}, err
	}
	tok, _ := json.Marshal(phoneToken{Agreement: id, RegNo: plate, Expires: ms(a.now().Add(a.Policy.TokenTTL))})
	return Customer{RegNo: plate, ObfuscatedPhoneNumber: ObfuscatePhone(ag.Phone), EncryptedPhoneNumber: a.Keys.Seal(purposePhoneToken, tok)}, nil
}

var errTokenExpired = errs.E(errs.Invalid, "Inloggningen har gått ut. Sök på registreringsnumret igen.")

// openPhoneToken opens and checks a sealed phone token. Errors: Invalid
// for anything that does not open, or has expired.
func (a *Auth) openPhoneToken(sealed string) (phoneToken, error) {
	var t phoneToken
	b, err := a.Keys.Open(purposePhoneToken, sealed)
	if err != nil || json.Unmarshal(b, &t) != nil || t.Agreement == 0 {
		return t, errs.E(errs.Invalid, "Ogiltig inloggning. Sök på registreringsnumret igen.")
	}
	if !a.now().Before(fromMS(t.Expires)) {
		return t, errTokenExpired
	}
	return t, nil
}

func randomToken(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

func randomCode() string {
	n, err := rand.Int(rand.Reader, big.NewInt(10000))
	if err != nil {
		panic(err)
	}
	return fmt.Sprintf("%04d", n.Int64())
}

// CodeText is the SMS carrying a code.
func CodeText(code string) string {
	return "Din kod till Däckhotellet är " + code + ". Den gäller i 5 minuter."
}

// Login starts a challenge for the agreement behind a sealed phone token:
// a random 4-digit code (stored as an HMAC) goes by SMS through the
// outbox, in the same transaction; earlier open challenges of the
// agreement stop counting. It returns the authorization token that names
// the challenge. Errors: Invalid (bad or expired token), RateLimited.
func (a *Auth) Login(ctx context.Context, sealed, client string) (string, error) {
	t, err := a.openPhoneToken(sealed)
	if err != nil {
		return "", err
	}
	ag, err := a.Store.Agreement(ctx, t.Agreement)
	if err != nil {
		if errs.Is(err, errs.NotFound) {
			return "", errTokenExpired
		}
		return "", err
	}
	phoneKey := a.Store.PhoneMAC(ag.Phone)[:32]
	clientKey := a.ClientKey(client)
	for _, c := range []struct {
		key string
		l   ratelimit.Limit
	}{
		{"otp:phone:" + phoneKey, a.Policy.CodesPerNumber},
		{"otp:phone-day:" + phoneKey, a.Policy.CodesPerNumberDay},
		{"otp:ip:" + clientKey, a.Policy.CodesPerClient},
	} {
		ok, retry, err := a.allow(ctx, c.key, c.l)
		if err != nil {
			return "", err
		}
		if !ok {
			return "", rateLimited("Du har begärt för många koder. Försök igen om "+minutesText(retry)+".", retry)
		}
	}
	token := randomToken(24)
	code := randomCode()
	now := a.now()
	err = a.Store.db.Tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, a.Store.db.Rebind(`UPDATE tirehotel_challenges SET superseded = 1 WHERE agreement_id = ? AND used_at IS NULL AND superseded = 0`), ag.ID); err != nil {
			return errs.Wrap(err, "supersede challenges")
		}
		_, err := tx.ExecContext(ctx, a.Store.db.Rebind(`INSERT INTO tirehotel_challenges (id_mac, agreement_id, phone_mac, client_mac, code_mac, created_at, expires_at)
			VALUES (?, ?, ?, ?, ?, ?, ?)`), a.Keys.MAC(macChallenge, token), ag.ID, phoneKey, clientKey, a.Keys.MAC(macCode, token, code),
			ms(now), ms(now.Add(a.Policy.CodeTTL)))
		if err != nil {
			return errs.Wrap(err, "store challenge")
		}
		return a.Store.queueSMSTx(ctx, tx, SMS{To: ag.Phone, Body: CodeText(code)}, now, now.Add(a.Policy.CodeTTL))
	})
	if err != nil {
		return "", err
	}
	return token, nil
}

// Session is a signed-in tyre hotel customer.
type Session struct {
	AgreementID int64
	ExpiresAt   time.Time
}

func hashSession(token string) string {
	h := sha256.Sum256([]byte("tirehotel/session\x00" + token))
	return hex.EncodeToString(h[:])
}

// Validate checks code against the challenge named by authToken, in one
// transaction: a wrong code counts an attempt and locks the challenge at
// Policy.MaxAttempts; a right one is used up (never accepted again) and
// starts a session, whose cookie token is returned (only its hash is
// stored). Errors: Invalid (malformed, wrong, expired, used or replaced
// code, with the Swedish text to show), Forbidden wrapping ErrLocked,
// RateLimited.
func (a *Auth) Validate(ctx context.Context, authToken, code, client string) (string, Session, error) {
	if len(code) != 4 || !allDigits(code) {
		return "", Session{}, &errs.Error{Code: errs.Invalid, Message: "Koden består av fyra siffror.", Fields: map[string]string{"otpToken": "fyra siffror"}}
	}
	if authToken == "" || len(authToken) > 64 {
		return "", Session{}, errs.E(errs.Invalid, "Inloggningen är inte giltig. Begär en ny kod.")
	}
	if ok, retry, err := a.allow(ctx, "tirehotel:validate:"+a.ClientKey(client), a.Policy.ValidatePerClient); err != nil {
		return "", Session{}, err
	} else if !ok {
		return "", Session{}, rateLimited("För många försök. Försök igen om "+minutesText(retry)+".", retry)
	}
	now := a.now()
	db := a.Store.db
	var session string
	var sess Session
	var verdict error
	err := db.Tx(ctx, func(tx *sql.Tx) error {
		q := `SELECT agreement_id, code_mac, attempts, expires_at, used_at, locked_at, superseded FROM tirehotel_challenges WHERE id_mac = ?`
		if db.Engine == store.Postgres {
			q += ` FOR UPDATE`
		}
		var agreement, expires int64
		var codeMAC string
		var attempts, superseded int
		var used, locked sql.NullInt64
		idMAC := a.Keys.MAC(macChallenge, authToken)
		err := tx.QueryRowContext(ctx, db.Rebind(q), idMAC).Scan(&agreement, &codeMAC, &attempts, &expires, &used, &locked, &superseded)
		if errors.Is(err, sql.ErrNoRows) {
			verdict = errs.E(errs.Invalid, "Inloggningen är inte giltig. Begär en ny kod.")
			return nil
		}
		if err != nil {
			return errs.Wrap(err, "read challenge")
		}
		switch {
		case used.Valid:
			verdict = errs.E(errs.Invalid, "Koden har redan använts. Begär en ny kod.")
			return nil
		case locked.Valid:
			verdict = &errs.Error{Code: errs.Forbidden, Message: "För många felaktiga försök. Begär en ny kod.", Err: ErrLocked}
			return nil
		case superseded != 0:
			verdict = errs.E(errs.Invalid, "Du har begärt en ny kod. Använd den senaste koden du fick.")
			return nil
		case !now.Before(fromMS(expires)):
			verdict = errs.E(errs.Invalid, "Koden har gått ut. Begär en ny kod.")
			return nil
		}
		if !EqualMAC(a.Keys.MAC(macCode, authToken, code), codeMAC) {
			attempts++
			if attempts >= a.Policy.MaxAttempts {
				if _, err := tx.ExecContext(ctx, db.Rebind(`UPDATE tirehotel_challenges SET attempts = ?, locked_at = ? WHERE id_mac = ?`), attempts, ms(now), idMAC); err != nil {
					return errs.Wrap(err, "lock challenge")
				}
				verdict = &errs.Error{Code: errs.Forbidden, Message: "För många felaktiga försök. Begär en ny kod.", Err: ErrLocked}
				return nil
			}
			if _, err := tx.ExecContext(ctx, db.Rebind(`UPDATE tirehotel_challenges SET attempts = ? WHERE id_mac = ?`), attempts, idMAC); err != nil {
				return errs.Wrap(err, "count attempt")
			}
			left := a.Policy.MaxAttempts - attempts
			verdict = &errs.Error{Code: errs.Invalid, Message: fmt.Sprintf("Fel kod. Du har %d försök kvar.", left), Fields: map[string]string{"otpToken": "fel kod"}}
			return nil
		}
		if _, err := tx.ExecContext(ctx, db.Rebind(`UPDATE tirehotel_challenges SET used_at = ?, attempts = ? WHERE id_mac = ? AND used_at IS NULL`), ms(now), attempts+1, idMAC); err != nil {
			return errs.Wrap(err, "use challenge")
		}
		session = randomToken(32)
		sess = Session{AgreementID: agreement, ExpiresAt: now.Add(a.Policy.SessionTTL).UTC().Truncate(time.Millisecond)}
		if _, err := tx.ExecContext(ctx, db.Rebind(`INSERT INTO tirehotel_sessions (token_hash, agreement_id, created_at, expires_at) VALUES (?, ?, ?, ?)`),
			hashSession(session), agreement, ms(now), ms(sess.ExpiresAt)); err != nil {
			return errs.Wrap(err, "start session")
		}
		return nil
	})
	if err != nil {
		return "", Session{}, err
	}
	if verdict != nil {
		return "", Session{}, verdict
	}
	// Sweep what can never be used again; a failure here changes nothing.
	db.ExecContext(ctx, db.Rebind(`DELETE FROM tirehotel_sessions WHERE expires_at < ?`), ms(now))
	db.ExecContext(ctx, db.Rebind(`DELETE FROM tirehotel_challenges WHERE expires_at < ?`), ms(now.Add(-24*time.Hour)))
	return session, sess, nil
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

var errNoSession = errs.E(errs.Unauthorized, "Du är inte inloggad. Logga in igen.")

// Session returns the live session of a cookie token. Errors: Unauthorized
// for an empty, unknown (forged, logged out) or expired token.
func (a *Auth) Session(ctx context.Context, token string) (Session, error) {
	if token == "" || len(token) > 128 {
		return Session{}, errNoSession
	}
	var s Session
	var exp int64
	err := a.Store.db.QueryRowContext(ctx, a.Store.db.Rebind(`SELECT agreement_id, expires_at FROM tirehotel_sessions WHERE token_hash = ?`), hashSession(token)).Scan(&s.AgreementID, &exp)
	if errors.Is(err, sql.ErrNoRows) {
		return Session{}, errNoSession
	}
	if err != nil {
		return Session{}, errs.Wrap(err, "read session")
	}
	s.ExpiresAt = fromMS(exp)
	if !a.now().Before(s.ExpiresAt) {
		return Session{}, errs.E(errs.Unauthorized, "Din inloggning har gått ut. Logga in igen.")
	}
	return s, nil
}

// Logout ends the session of token; unknown tokens are fine.
func (a *Auth) Logout(ctx context.Context, token string) error {
	if token == "" {
		return nil
	}
	_, err := a.Store.db.ExecContext(ctx, a.Store.db.Rebind(`DELETE FROM tirehotel_sessions WHERE token_hash = ?`), hashSession(token))
	return errs.Wrap(err, "end session")
}

// Validated is the signed-in answer for a session: its agreement's vehicles.
func (a *Auth) Validated(ctx context.Context, s Session) (Validated, error) {
	ag, err := a.Store.Agreement(ctx, s.AgreementID)
	if err != nil {
		if errs.Is(err, errs.NotFound) {
			return Validated{}, errNoSession
		}
		return Validated{}, err
	}
	v := Validated{Status: 0, Vehicles: ag.Vehicles}
	if v.Vehicles == nil {
		v.Vehicles = []Vehicle{}
	}
	return v, nil
}
