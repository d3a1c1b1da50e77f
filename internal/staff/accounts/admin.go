package accounts

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"

	"forecourt/internal/errs"
	"forecourt/internal/staff"
)

// NewAccount is an admin's new account, parsed from the request.
type NewAccount struct {
	Name        string     `json:"account"`
	Password    string     `json:"password"`
	Role        staff.Role `json:"role"`
	Departments []string   `json:"departments"`
	Sites       []string   `json:"sites"`
}

// Change is an admin's change to an account; nil fields stay as they are.
type Change struct {
	Role        *staff.Role `json:"role"`
	Departments *[]string   `json:"departments"`
	Sites       *[]string   `json:"sites"`
	Disabled    *bool       `json:"disabled"`
	Password    *string     `json:"password"`
}

func clean(v []string) []string {
	out := []string{}
	for _, x := range v {
		if x = strings.TrimSpace(x); x != "" && !slices.Contains(out, x) {
			out = append(out, x)
		}
	}
	return out
}

func checkPassword(p string, fe errs.FieldErrors) {
	switch {
	case len(p) < 12:
		fe.Add("password", "A password needs at least 12 characters.")
	case len(p) > 72:
		fe.Add("password", "A password can have at most 72 bytes.")
	}
}

// Create adds an account on behalf of admin by and records it in the
// audit log. Errors: Invalid with fields (account, password, role,
// departments, sites); Conflict when the name is taken.
func (s *Store) Create(ctx context.Context, by string, in NewAccount) (Account, error) {
	in.Name = strings.TrimSpace(in.Name)
	in.Departments, in.Sites = clean(in.Departments), clean(in.Sites)
	fe := errs.FieldErrors{}
	if !namePattern.MatchString(in.Name) {
		fe.Add("account", "The name must be 2–40 lower-case letters, digits, '.', '_' or '-'.")
	}
	checkPassword(in.Password, fe)
	checkScope(in.Role, in.Departments, in.Sites, fe)
	if err := fe.Err("Some fields are not filled in correctly."); err != nil {
		return Account{}, err
	}
	hash, err := s.hash(ctx, in.Password)
	if err != nil {
		return Account{}, err
	}
	now := s.now()
	err = s.db.Tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.db.Rebind(`INSERT INTO staff_accounts (name, role, departments, sites, hash, env_hash, source, disabled, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, '', 'admin', ?, ?, ?) ON CONFLICT (name) DO NOTHING`),
			in.Name, string(in.Role), list(in.Departments), list(in.Sites), hash, false, ms(now), ms(now))
		if err != nil {
			return errs.Wrap(err, "create account")
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return &errs.Error{Code: errs.Conflict, Message: fmt.Sprintf("There is already an account %q.", in.Name), Fields: map[string]string{"account": "This name is taken."}}
		}
		return s.record(ctx, tx, staff.Entry{At: now, Account: by, Action: "account.create", Subject: in.Name, Detail: scopeText(in.Role, in.Departments, in.Sites)})
	})
	if err != nil {
		return Account{}, err
	}
	return s.Get(ctx, in.Name)
}

func scopeText(role staff.Role, deps, sites []string) string {
	switch {
	case len(deps) > 0:
		return string(role) + " " + strings.Join(deps, ", ")
	case len(sites) > 0:
		return string(role) + " " + strings.Join(sites, ", ")
	}
	return string(role)
}

// Update changes an account on behalf of admin by: its role and scope,
// disabling or enabling it, or a new password. Disabling it or a new
// password ends its sessions. An admin cannot disable themselves or take
// away their own admin role (someone must be left to undo it). Each change
// is recorded. Errors: NotFound, Invalid with fields.
func (s *Store) Update(ctx context.Context, by, name string, ch Change) (Account, error) {
	var hash string
	if ch.Password != nil {
		fe := errs.FieldErrors{}
		checkPassword(*ch.Password, fe)
		if err := fe.Err("Some fields are not filled in correctly."); err != nil {
			return Account{}, err
		}
		h, err := s.hash(ctx, *ch.Password)
		if err != nil {
			return Account{}, err
		}
		hash = h
	}
	now := s.now()
	endSessions := false
	err := s.db.Tx(ctx, func(tx *sql.Tx) error {
		a, _, err := s.get(ctx, tx, name)
		if err != nil {
			return err
		}
		role, deps, sites := a.Role, a.Departments, a.Sites
		if ch.Role != nil {
			role = *ch.Role
		}
		if ch.Departments != nil {
			deps = clean(*ch.Departments)
		}
		if ch.Sites != nil {
			sites = clean(*ch.Sites)
		}
		fe := errs.FieldErrors{}
		if ch.Role != nil || ch.Departments != nil || ch.Sites != nil {
			checkScope(role, deps, sites, fe)
		}
		if name == by && ((ch.Disabled != nil && *ch.Disabled) || role != staff.RoleAdmin) {
			fe.Add("account", "You cannot disable your own account or take away your own admin role.")
		}
		if err := fe.Err("Some fields are not filled in correctly."); err != nil {
			return err
		}
		var entries []staff.Entry
		if ch.Role != nil || ch.Departments != nil || ch.Sites != nil {
			before, after := scopeText(a.Role, a.Departments, a.Sites), scopeText(role, deps, sites)
			if before != after {
				if _, err := tx.ExecContext(ctx, s.db.Rebind(`UPDATE staff_accounts SET role = ?, departments = ?, sites = ?, updated_at = ? WHERE name = ?`),
					string(role), list(deps), list(sites), ms(now), name); err != nil {
					return errs.Wrap(err, "update account")
				}
				entries = append(entries, staff.Entry{Action: "account.update", Detail: before + " → " + after})
			}
		}
		if ch.Disabled != nil && *ch.Disabled != a.Disabled {
			if _, err := tx.ExecContext(ctx, s.db.Rebind(`UPDATE staff_accounts SET disabled = ?, updated_at = ? WHERE name = ?`), *ch.Disabled, ms(now), name); err != nil {
				return errs.Wrap(err, "disable account")
			}
			action := "account.enable"
			if *ch.Disabled {
				action, endSessions = "account.disable", true
			}
			entries = append(entries, staff.Entry{Action: action})
		}
		if hash != "" {
			if _, err := tx.ExecContext(ctx, s.db.Rebind(`UPDATE staff_accounts SET hash = ?, updated_at = ? WHERE name = ?`), hash, ms(now), name); err != nil {
				return errs.Wrap(err, "reset password")
			}
			endSessions = true
			entries = append(entries, staff.Entry{Action: "account.password"})
		}
		for _, e := range entries {
			e.At, e.Account, e.Subject = now, by, name
			if err := s.record(ctx, tx, e); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return Account{}, err
	}
	if endSessions {
		if err := s.sessions.DeleteSessionsOf(ctx, name); err != nil {
			return Account{}, err
		}
	}
	return s.Get(ctx, name)
}
