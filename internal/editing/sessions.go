package editing

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"time"

	"forecourt/internal/errs"
	"forecourt/internal/store"
)

// Session is a signed-in editor.
type Session struct {
	Editor    string
	CSRF      string
	ExpiresAt time.Time
}

// CheckCSRF compares token with the session's CSRF token in constant time.
// Errors: Forbidden when it does not match.
func (s *Session) CheckCSRF(token string) error {
	if token == "" || subtle.ConstantTimeCompare([]byte(token), []byte(s.CSRF)) != 1 {
		return errs.E(errs.Forbidden, "The editing request lacks a valid CSRF token; reload the page.")
	}
	return nil
}

// Store keeps sessions and field versions.
type Store struct {
	db  *store.DB
	now func() time.Time
}

// NewStore returns the editing store on db.
func NewStore(db *store.DB) *Store { return &Store{db: db, now: time.Now} }

// SetClock replaces the clock (tests).
func (st *Store) SetClock(now func() time.Time) { st.now = now }

func randomToken() string {
	var b [32]byte // 256 bits
	if _, err := rand.Read(b[:]); err != nil {
		panic(err)
	}
	return base64.RawURLEncoding.EncodeToString(b[:])
}

func hashToken(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

// ts is a time as the engine stores it: RFC 3339 text of fixed width on
// SQLite (so text order is time order), a timestamp on PostgreSQL.
func (st *Store) ts(t time.Time) any {
	t = t.UTC()
	if st.db.Engine == store.Postgres {
		return t
	}
	return t.Format("2006-01-02T15:04:05.000000000Z")
}

// timeCol scans a time column of either engine.
type timeCol struct {
	T     time.Time
	Valid bool
}

func (c *timeCol) Scan(v any) error {
	switch x := v.(type) {
	case nil:
		c.Valid = false
	case time.Time:
		c.T, c.Valid = x.UTC(), true
	case string:
		t, err := time.Parse(time.RFC3339Nano, x)
		if err != nil {
			return err
		}
		c.T, c.Valid = t.UTC(), true
	case []byte:
		return c.Scan(string(x))
	default:
		return errors.New("unsupported time value")
	}
	return nil
}

// CreateSession starts a session for editor lasting ttl and returns the
// cookie token (only its hash is stored).
func (st *Store) CreateSession(ctx context.Context, editor string, ttl time.Duration) (token string, s *Session, err error) {
	token = randomToken()
	now := st.now()
	s = &Session{Editor: editor, CSRF: randomToken(), ExpiresAt: now.Add(ttl).UTC()}
	_, err = st.db.ExecContext(ctx, st.db.Rebind(`INSERT INTO editing_sessions (token_hash, editor, csrf, created_at, expires_at) VALUES (?, ?, ?, ?, ?)`),
		hashToken(token), editor, s.CSRF, st.ts(now), st.ts(s.ExpiresAt))
	if err != nil {
		return "", nil, errs.Wrap(err, "create editing session")
	}
	// Sweep expired sessions now and then; a failure here changes nothing.
	st.db.ExecContext(ctx, st.db.Rebind(`DELETE FROM editing_sessions WHERE expires_at < ?`), st.ts(now))
	return token, s, nil
}

// Session returns the live session of a cookie token. Errors: Unauthorized
// when the token is empty, unknown or expired.
func (st *Store) Session(ctx context.Context, token string) (*Session, error) {
	if token == "" || len(token) > 128 {
		return nil, errs.E(errs.Unauthorized, "Sign in to edit.")
	}
	var s Session
	var exp timeCol
	err := st.db.QueryRowContext(ctx, st.db.Rebind(`SELECT editor, csrf, expires_at FROM editing_sessions WHERE token_hash = ?`), hashToken(token)).
		Scan(&s.Editor, &s.CSRF, &exp)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errs.E(errs.Unauthorized, "Sign in to edit.")
	}
	if err != nil {
		return nil, errs.Wrap(err, "read editing session")
	}
	s.ExpiresAt = exp.T
	if !st.now().Before(s.ExpiresAt) {
		return nil, errs.E(errs.Unauthorized, "Your editing session has expired; sign in again.")
	}
	return &s, nil
}

// DeleteSession ends the session of token (signing out); unknown tokens are fine.
func (st *Store) DeleteSession(ctx context.Context, token string) error {
	_, err := st.db.ExecContext(ctx, st.db.Rebind(`DELETE FROM editing_sessions WHERE token_hash = ?`), hashToken(token))
	return errs.Wrap(err, "delete editing session")
}

// DeleteSessionsOf ends every session of account (after its password was
// reset or it was disabled).
func (st *Store) DeleteSessionsOf(ctx context.Context, account string) error {
	_, err := st.db.ExecContext(ctx, st.db.Rebind(`DELETE FROM editing_sessions WHERE editor = ?`), account)
	return errs.Wrap(err, "delete sessions of %q", account)
}
