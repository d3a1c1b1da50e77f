// Package editing is forecourt's editing mode: editor accounts from the
// configuration, sessions and field versions in the store, validation and
// sanitising of edited values, and the content overlay that shows drafts to
// editors and published edits to everyone.
package editing

import (
	"fmt"
	"strings"
	"sync"

	"golang.org/x/crypto/bcrypt"

	"forecourt/internal/errs"
)

// Account is one editor: the bcrypt hash of the password and the sites the
// editor may edit.
type Account struct {
	Hash []byte
	// Sites are the site names the editor may edit; "*" is every site. Nil
	// (no list in EDITOR_ACCOUNTS) is the default site (SITE_NAME) only.
	Sites []string
}

// MayEdit reports whether the account may edit site; defaultSite is SITE_NAME.
func (a Account) MayEdit(site, defaultSite string) bool {
	if a.Sites == nil {
		return site == defaultSite
	}
	for _, s := range a.Sites {
		if s == "*" || s == site {
			return true
		}
	}
	return false
}

// Accounts maps an editor name to the account.
type Accounts map[string]Account

// ParseAccounts reads EDITOR_ACCOUNTS: "name:hash[:site|site],…". Hashes
// are bcrypt ($2a$, $2b$, $2y$); the optional third part names the sites the
// editor may edit ("*" for every site; without it, the default site only).
// An empty string gives no accounts (editing is then impossible to sign in
// to).
func ParseAccounts(s string) (Accounts, error) {
	out := Accounts{}
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		name, hash, ok := strings.Cut(part, ":")
		name = strings.TrimSpace(name)
		hash, sitesPart, hasSites := strings.Cut(hash, ":")
		if !ok || name == "" || hash == "" {
			return nil, fmt.Errorf("entry %q: want name:bcrypt-hash", redact(part))
		}
		if _, err := bcrypt.Cost([]byte(hash)); err != nil {
			return nil, fmt.Errorf("entry for %q: not a bcrypt hash (make one with 'forecourt hash-password')", name)
		}
		if _, dup := out[name]; dup {
			return nil, fmt.Errorf("editor %q is listed twice", name)
		}
		acc := Account{Hash: []byte(hash)}
		if hasSites {
			acc.Sites = []string{}
			for _, st := range strings.Split(sitesPart, "|") {
				if st = strings.TrimSpace(st); st != "" {
					acc.Sites = append(acc.Sites, st)
				}
			}
			if len(acc.Sites) == 0 {
				return nil, fmt.Errorf("entry for %q: name the sites after the hash (site|site, or * for every site)", name)
			}
		}
		out[name] = acc
	}
	return out, nil
}

// Sites returns every site name the accounts name (not "*"), for checking
// them against the known sites at start.
func (a Accounts) Sites() []string {
	var out []string
	for _, acc := range a {
		for _, s := range acc.Sites {
			if s != "*" {
				out = append(out, s)
			}
		}
	}
	return out
}

func redact(s string) string {
	if name, _, ok := strings.Cut(s, ":"); ok {
		return name + ":…"
	}
	return "…"
}

// dummyHashes are compared against when the name is unknown, one per bcrypt
// cost, so a wrong name costs what a wrong password of the accounts costs.
var (
	dummyMu     sync.Mutex
	dummyHashes = map[int][]byte{}
)

func dummyHash(cost int) []byte {
	dummyMu.Lock()
	defer dummyMu.Unlock()
	if h, ok := dummyHashes[cost]; ok {
		return h
	}
	h, err := bcrypt.GenerateFromPassword([]byte("forecourt-dummy-password"), cost)
	if err != nil {
		h, _ = bcrypt.GenerateFromPassword([]byte("forecourt-dummy-password"), bcrypt.DefaultCost)
	}
	dummyHashes[cost] = h
	return h
}

// maxCost is the highest bcrypt cost of the accounts.
func (a Accounts) maxCost() int {
	c := bcrypt.MinCost
	for _, acc := range a {
		if n, err := bcrypt.Cost(acc.Hash); err == nil && n > c {
			c = n
		}
	}
	return c
}

// Check verifies a name and password. A wrong name costs the same bcrypt
// work as a wrong password (a dummy hash at the accounts' highest cost).
// Errors: Unauthorized for a wrong name or password (the message does not
// say which).
func (a Accounts) Check(name, password string) error {
	var hash []byte
	if acc, ok := a[name]; ok {
		hash = acc.Hash
	}
	return CheckHash(hash, password, a.maxCost())
}

// CheckHash verifies password against a bcrypt hash. A nil hash (an
// unknown or disabled name) is compared against a dummy hash of cost, so
// it costs what a wrong password costs and the answer does not say which.
// Errors: Unauthorized "Wrong name or password.".
func CheckHash(hash []byte, password string, cost int) error {
	if hash == nil {
		bcrypt.CompareHashAndPassword(dummyHash(cost), []byte(password))
		return errs.E(errs.Unauthorized, "Wrong name or password.")
	}
	if err := bcrypt.CompareHashAndPassword(hash, []byte(password)); err != nil {
		return errs.E(errs.Unauthorized, "Wrong name or password.")
	}
	return nil
}

// HashCost is the bcrypt cost of hash (bcrypt.MinCost when it is not one).
func HashCost(hash []byte) int {
	if n, err := bcrypt.Cost(hash); err == nil {
		return n
	}
	return bcrypt.MinCost
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
