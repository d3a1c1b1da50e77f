// Package accounts keeps the staff accounts (editor, workshop, sales,
// admin) in the store, signs staff in and out, and keeps the audit log
// (it implements staff.Recorder). Passwords, sessions and their CSRF
// tokens are the editing mode's own (internal/editing: bcrypt hashing and
// the session table), so an editor and any other staff member sign in the
// same way. Accounts come from the environment (EDITOR_ACCOUNTS,
// STAFF_ACCOUNTS) and from an admin in the staff UI.
package accounts

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"

	"golang.org/x/crypto/bcrypt"

	"forecourt/internal/editing"
	"forecourt/internal/errs"
	"forecourt/internal/staff"
	"forecourt/internal/store"
)

// Account is a staff account as the store keeps it (never its hash).
type Account struct {
	Name        string     `json:"account"`
	Role        staff.Role `json:"role"`
	Departments []string   `json:"departments"`
	Sites       []string   `json:"sites"`
	Disabled    bool       `json:"disabled"`
	// Source is "env" (configured in the environment) or "admin".
	Source    string    `json:"source"`
	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt"`
}

// Principal is what the account may do in a request, its scope as stored
// (Store.Principal expands sites among a workshop's departments).
func (a Account) Principal() staff.Principal {
	return staff.Principal{Account: a.Name, Role: a.Role, Departments: slices.Clone(a.Departments), Sites: slices.Clone(a.Sites)}
}

// Sources of an account.
const (
	SourceEnv   = "env"
	SourceAdmin = "admin"
)

// Spec is an account as configured: a name, its bcrypt hash, its role and
// scope. Seed writes specs into the store.
type Spec struct {
	Name        string
	Hash        string
	Role        staff.Role
	Departments []string
	Sites       []string
}

var (
	namePattern  = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]{1,39}$`)
	scopePattern = regexp.MustCompile(`^(\*|[A-Za-z0-9][A-Za-z0-9._/-]{0,79})$`)
)

// Roles lists the roles in the order the UI offers them.
var Roles = []staff.Role{staff.RoleEditor, staff.RoleWorkshop, staff.RoleSales, staff.RoleAdmin}

// checkScope validates the role and scope of an account into fe, under
// field names prefixed by prefix ("" for the JSON body).
func checkScope(role staff.Role, departments, sites []string, fe errs.FieldErrors) {
	if !slices.Contains(Roles, role) {
		fe.Add("role", "Choose editor, workshop, sales or admin.")
		return
	}
	if len(departments) > 200 || len(sites) > 200 {
		fe.Add("sites", "At most 200 departments and 200 sites.")
		return
	}
	for _, d := range departments {
		if !scopePattern.MatchString(d) {
			fe.Add("departments", fmt.Sprintf("%q is not a department id.", d))
			return
		}
	}
	for _, s := range sites {
		if !scopePattern.MatchString(s) {
			fe.Add("sites", fmt.Sprintf("%q is not a site name.", s))
			return
		}
	}
	switch role {
	case staff.RoleWorkshop:
		if len(departments) == 0 {
			fe.Add("departments", "A workshop account needs at least one department (or * for every one).")
		}
		if len(sites) > 0 {
			fe.Add("sites", "A workshop account works by departments, not sites.")
		}
	case staff.RoleSales, staff.RoleEditor:
		if len(sites) == 0 {
			fe.Add("sites", "This role needs at least one site (or * for every one).")
		}
		if len(departments) > 0 {
			fe.Add("departments", "Only workshop accounts have departments.")
		}
	case staff.RoleAdmin:
		if len(departments) > 0 || len(sites) > 0 {
			fe.Add("role", "An admin account may do everything; give it no departments or sites.")
		}
	}
}

// ParseSpecs reads STAFF_ACCOUNTS: "name:hash:role[:scope|scope],…". The
// scope is the departments of a workshop account (D-1011|D-1012, * for
// every one) or the sites of an editor or sales account (group-se,
// group-se/norrtalje for one dealer site, * for every one); an admin has
// none. Hashes are bcrypt ('forecourt hash-password').
func ParseSpecs(s string) ([]Spec, error) {
	var out []Spec
	seen := map[string]bool{}
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		f := strings.Split(part, ":")
		if len(f) < 3 || len(f) > 4 {
			return nil, fmt.Errorf("entry %q: want name:bcrypt-hash:role[:scope|scope]", redact(part))
		}
		sp := Spec{Name: strings.TrimSpace(f[0]), Hash: strings.TrimSpace(f[1]), Role: staff.Role(strings.TrimSpace(f[2]))}
		if !namePattern.MatchString(sp.Name) {
			return nil, fmt.Errorf("entry %q: the name must be 2–40 lower-case letters, digits, '.', '_' or '-'", redact(part))
		}
		if seen[sp.Name] {
			return nil, fmt.Errorf("account %q is listed twice", sp.Name)
		}
		seen[sp.Name] = true
		if _, err := bcrypt.Cost([]byte(sp.Hash)); err != nil {
			return nil, fmt.Errorf("entry for %q: not a bcrypt hash (make one with 'forecourt hash-password')", sp.Name)
		}
		var scope []string
		if len(f) == 4 {
			for _, x := range strings.Split(f[3], "|") {
				if x = strings.TrimSpace(x); x != "" {
					scope = append(scope, x)
				}
			}
		}
		if sp.Role == staff.RoleWorkshop {
			sp.Departments = scope
		} else if sp.Role != staff.RoleAdmin {
			sp.Sites = scope
		} else if len(scope) > 0 {
			return nil, fmt.Errorf("entry for %q: an admin has no departments or sites", sp.Name)
		}
		fe := errs.FieldErrors{}
		checkScope(sp.Role, sp.Departments, sp.Sites, fe)
		if err := fe.Err("bad account"); err != nil {
			var e *errs.Error
			errors.As(err, &e)
			for _, msg := range e.Fields {
				return nil, fmt.Errorf("entry for %q: %s", sp.Name, msg)
			}
		}
		out = append(out, sp)
	}
	return out, nil
}

// EditorSpecs turns EDITOR_ACCOUNTS into editor accounts; an editor with no
// sites listed edits the default site only (as editing.Account.MayEdit).
func EditorSpecs(acc editing.Accounts, defaultSite string) []Spec {
	var out []Spec
	for name, a := range acc {
		sites := a.Sites
		if sites == nil {
			sites = []string{defaultSite}
		}
		out = append(out, Spec{Name: name, Hash: string(a.Hash), Role: staff.RoleEditor, Sites: sites})
	}
	slices.SortFunc(out, func(a, b Spec) int { return strings.Compare(a.Name, b.Name) })
	return out
}

func redact(s string) string {
	if name, _, ok := strings.Cut(s, ":"); ok {
		return name + ":…"
	}
	return "…"
}

// Store keeps accounts and the audit log.
type Store struct {
	db       *store.DB
	sessions *editing.Store
	now      func() time.Time
	// pwSem bounds concurrent password checks and hashes, so a burst of
	// sign-ins cannot take every core from the pages.
	pwSem chan struct{}
	// SiteDepartments returns the workshop department ids of a forecourt
	// site: a workshop account's department list may name a site
	// ("group-se": every workshop of it), which Principal expands. Nil
	// expands nothing.
	SiteDepartments func(site string) []string
	// SalesDepartments returns the sales department ids ("S-<siteId>") of
	// a sales account's scope: a forecourt site ("group-se": all of its
	// dealer sites') or a dealer site ("group-se/uppsala"). Nil: a sales
	// account has no calendar.
	SalesDepartments func(scope string) []string
}

// Principal is what a in a request may do: its role and scope, with a site
// named among a workshop account's departments expanded to the site's
// workshop departments (so a new workshop of the site is included at
// once), and a sales account's sites to their sales departments (its
// test-drive calendars; "*" stays every one).
func (s *Store) Principal(a Account) staff.Principal {
	p := a.Principal()
	if a.Role == staff.RoleSales && s.SalesDepartments != nil {
		deps := []string{}
		for _, site := range a.Sites {
			if site == staff.Every {
				deps = append(deps, staff.Every)
				continue
			}
			deps = append(deps, s.SalesDepartments(site)...)
		}
		p.Departments = deps
		return p
	}
	if a.Role != staff.RoleWorkshop || s.SiteDepartments == nil {
		return p
	}
	var deps []string
	for _, d := range a.Departments {
		if ids := s.SiteDepartments(d); d != staff.Every && len(ids) > 0 {
			deps = append(deps, ids...)
		} else {
			deps = append(deps, d)
		}
	}
	p.Departments = deps
	return p
}

// NewStore returns the account store on db; sessions are the editing
// sessions on the same store.
func NewStore(db *store.DB, sessions *editing.Store) *Store {
	return &Store{db: db, sessions: sessions, now: time.Now, pwSem: make(chan struct{}, 2)}
}

// SetClock replaces the clock (tests).
func (s *Store) SetClock(now func() time.Time) { s.now = now }

func ms(t time.Time) int64 { return t.UnixMilli() }

func list(v []string) string {
	if v == nil {
		v = []string{}
	}
	b, _ := json.Marshal(v)
	return string(b)
}

const accountColumns = `name, role, departments, sites, hash, disabled, source, created_at, updated_at`

func scanAccount(sc interface{ Scan(...any) error }) (Account, []byte, error) {
	var a Account
	var deps, sites, hash string
	var created, updated int64
	if err := sc.Scan(&a.Name, &a.Role, &deps, &sites, &hash, &a.Disabled, &a.Source, &created, &updated); err != nil {
		return Account{}, nil, err
	}
	json.Unmarshal([]byte(deps), &a.Departments)
	json.Unmarshal([]byte(sites), &a.Sites)
	if a.Departments == nil {
		a.Departments = []string{}
	}
	if a.Sites == nil {
		a.Sites = []string{}
	}
	a.CreatedAt, a.UpdatedAt = time.UnixMilli(created).UTC(), time.UnixMilli(updated).UTC()
	return a, []byte(hash), nil
}

// Seed writes the configured accounts into the store at start. A new name
// is added; an existing env account takes the configured role and scope,
// and the configured hash when it differs from the one configured last
// time (an operator rotated it), so a password an admin reset in the UI
// stays until the environment changes. A disabled account stays disabled.
// An account added by an admin is never overwritten.
func (s *Store) Seed(ctx context.Context, specs []Spec) error {
	now := ms(s.now())
	for _, sp := range specs {
		var q string
		switch s.db.Engine {
		case store.Postgres:
			q = `INSERT INTO staff_accounts (name, role, departments, sites, hash, env_hash, source, disabled, created_at, updated_at)
			     VALUES ($1, $2, $3, $4, $5, $5, 'env', FALSE, $6, $6)
			     ON CONFLICT (name) DO UPDATE SET
			       role = excluded.role, departments = excluded.departments, sites = excluded.sites,
			       hash = CASE WHEN staff_accounts.env_hash = excluded.env_hash THEN staff_accounts.hash ELSE excluded.hash END,
			       env_hash = excluded.env_hash, updated_at = excluded.updated_at
			     WHERE staff_accounts.source = 'env'`
		default:
			q = `INSERT INTO staff_accounts (name, role, departments, sites, hash, env_hash, source, disabled, created_at, updated_at)
			     VALUES (?1, ?2, ?3, ?4, ?5, ?5, 'env', 0, ?6, ?6)
			     ON CONFLICT (name) DO UPDATE SET
			       role = excluded.role, departments = excluded.departments, sites = excluded.sites,
			       hash = CASE WHEN staff_accounts.env_hash = excluded.env_hash THEN staff_accounts.hash ELSE excluded.hash END,
			       env_hash = excluded.env_hash, updated_at = excluded.updated_at
			     WHERE staff_accounts.source = 'env'`
		}
		if _, err := s.db.ExecContext(ctx, q, sp.Name, string(sp.Role), list(sp.Departments), list(sp.Sites), sp.Hash, now); err != nil {
			return errs.Wrap(err, "seed staff account %q", sp.Name)
		}
	}
	return nil
}

// Get returns an account or errs.NotFound.
func (s *Store) Get(ctx context.Context, name string) (Account, error) {
	a, _, err := s.get(ctx, s.db, name)
	return a, err
}

type querier interface {
	QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row
}

func (s *Store) get(ctx context.Context, q querier, name string) (Account, []byte, error) {
	a, hash, err := scanAccount(q.QueryRowContext(ctx, s.db.Rebind(`SELECT `+accountColumns+` FROM staff_accounts WHERE name = ?`), name))
	if errors.Is(err, sql.ErrNoRows) {
		return Account{}, nil, errs.E(errs.NotFound, "There is no account %q.", name)
	}
	if err != nil {
		return Account{}, nil, errs.Wrap(err, "read account %q", name)
	}
	return a, hash, nil
}

// List returns every account by name.
func (s *Store) List(ctx context.Context) ([]Account, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+accountColumns+` FROM staff_accounts ORDER BY name LIMIT 1000`)
	if err != nil {
		return nil, errs.Wrap(err, "list accounts")
	}
	defer rows.Close()
	out := []Account{}
	for rows.Next() {
		a, _, err := scanAccount(rows)
		if err != nil {
			return nil, errs.Wrap(err, "scan account")
		}
		out = append(out, a)
	}
	return out, errs.Wrap(rows.Err(), "list accounts")
}

// hash runs editing.HashPassword within the password-work bound.
func (s *Store) hash(ctx context.Context, password string) (string, error) {
	if err := s.acquire(ctx); err != nil {
		return "", err
	}
	defer func() { <-s.pwSem }()
	return editing.HashPassword(password)
}

func (s *Store) acquire(ctx context.Context) error {
	t := time.NewTimer(5 * time.Second)
	defer t.Stop()
	select {
	case s.pwSem <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return errs.E(errs.Unavailable, "Too many sign-ins at once; try again in a moment.")
	}
}

// SignIn checks name and password. A wrong name, a wrong password and a
// disabled account all cost one bcrypt comparison and answer the same
// errs.Unauthorized, so the answer does not tell which.
func (s *Store) SignIn(ctx context.Context, name, password string) (Account, error) {
	a, hash, err := s.get(ctx, s.db, name)
	if err != nil && !errs.Is(err, errs.NotFound) {
		return Account{}, err
	}
	if err != nil || a.Disabled {
		hash = nil
	}
	if err := s.acquire(ctx); err != nil {
		return Account{}, err
	}
	defer func() { <-s.pwSem }()
	if err := editing.CheckHash(hash, password, 12); err != nil {
		return Account{}, err
	}
	return a, nil
}

// Session is a signed-in staff member's session.
type Session struct {
	Account Account
	CSRF    string
	Expires time.Time
}

// StartSession starts a session of account for ttl and returns its cookie
// token (only its hash is stored).
func (s *Store) StartSession(ctx context.Context, a Account, ttl time.Duration) (string, Session, error) {
	token, es, err := s.sessions.CreateSession(ctx, a.Name, ttl)
	if err != nil {
		return "", Session{}, err
	}
	return token, Session{Account: a, CSRF: es.CSRF, Expires: es.ExpiresAt}, nil
}

// Session returns the live session of a cookie token with its account as
// it is now: a disabled or removed account has no session
// (errs.Unauthorized).
func (s *Store) Session(ctx context.Context, token string) (Session, error) {
	es, err := s.sessions.Session(ctx, token)
	if err != nil {
		return Session{}, errs.E(errs.Unauthorized, "Sign in to continue.")
	}
	a, err := s.Get(ctx, es.Editor)
	if errs.Is(err, errs.NotFound) || (err == nil && a.Disabled) {
		return Session{}, errs.E(errs.Unauthorized, "This account is disabled; ask an admin.")
	}
	if err != nil {
		return Session{}, err
	}
	return Session{Account: a, CSRF: es.CSRF, Expires: es.ExpiresAt}, nil
}

// EndSession ends the session of token (signing out).
func (s *Store) EndSession(ctx context.Context, token string) error {
	return s.sessions.DeleteSession(ctx, token)
}
