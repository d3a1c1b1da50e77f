// Package editing is forecourt's editing mode: editor accounts from the
// configuration, sessions and field versions in the store, validation and
// sanitising of edited values, and the content overlay that shows drafts to
// editors and published edits to everyone.
package editing

import (
	"fmt"
	"strings"

	"golang.org/x/crypto/bcrypt"

	"forecourt/internal/errs"
)

// Accounts maps an editor name to a bcrypt hash of the password.
type Accounts map[string][]byte

// ParseAccounts reads EDITOR_ACCOUNTS: "name:hash,name:hash". Hashes are
// bcrypt ($2a$, $2b$, $2y$); an empty string gives no accounts (editing is
// then impossible to sign in to).
func ParseAccounts(s string) (Accounts, error) {
	out := Accounts{}
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		name, hash, ok := strings.Cut(part, ":")
		name = strings.TrimSpace(name)
		if !ok || name == "" || hash == "" {
			return nil, fmt.Errorf("entry %q: want name:bcrypt-hash", redact(part))
		}
		if _, err := bcrypt.Cost([]byte(hash)); err != nil {
			return nil, fmt.Errorf("entry for %q: not a bcrypt hash (make one with 'forecourt hash-password')", name)
		}
		if _, dup := out[name]; dup {
			return nil, fmt.Errorf("editor %q is listed twice", name)
		}
		out[name] = []byte(hash)
	}
	return out, nil
}

func redact(s string) string {
	if name, _, ok := strings.Cut(s, ":"); ok {
		return name + ":…"
	}
	return "…"
}

// dummyHash is compared against when the name is unknown, so a wrong name
// and a wrong password take the same time.
var dummyHash, _ = bcrypt.GenerateFromPassword([]byte("forecourt-dummy-password"), bcrypt.DefaultCost)

// Check verifies a name and password. Errors: Unauthorized for a wrong
// name or password (the message does not say which).
func (a Accounts) Check(name, password string) error {
	hash, ok := a[name]
	if !ok {
		bcrypt.CompareHashAndPassword(dummyHash, []byte(password))
		return errs.E(errs.Unauthorized, "Wrong name or password.")
	}
	if err := bcrypt.CompareHashAndPassword(hash, []byte(password)); err != nil {
		return errs.E(errs.Unauthorized, "Wrong name or password.")
	}
	return nil
}

// HashPassword returns the bcrypt hash of password for EDITOR_ACCOUNTS.
func HashPassword(password string) (string, error) {
	if len(password) < 8 {
		return "", errs.E(errs.Invalid, "A password needs at least 8 characters.")
	}
	if len(password) > 72 {
		return "", errs.E(errs.Invalid, "A password can have at most 72 bytes (bcrypt's limit).")
	}
	h, err := bcrypt.GenerateFromPassword([]byte(password), 12)
	if err != nil {
		return "", errs.Wrap(err, "hash password")
	}
	return string(h), nil
}
