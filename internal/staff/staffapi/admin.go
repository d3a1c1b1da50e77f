package staffapi

import (
	"net/http"
	"strconv"

	"forecourt/internal/errs"
	"forecourt/internal/staff/accounts"
)

// handleAccounts serves "GET /api/staff/accounts" (admin): every account.
func (a *API) handleAccounts(w http.ResponseWriter, r *http.Request) error {
	noStore(w)
	list, err := a.Accounts.List(r.Context())
	if err != nil {
		return err
	}
	return a.WriteJSON(w, r, http.StatusOK, map[string]any{"accounts": list})
}

// handleCreateAccount serves "POST /api/staff/accounts" (admin)
// {"account","password","role","departments","sites"} → 201 the account.
func (a *API) handleCreateAccount(w http.ResponseWriter, r *http.Request) error {
	noStore(w)
	var in accounts.NewAccount
	if err := decode(w, r, &in); err != nil {
		return err
	}
	p, _ := principal(r)
	acc, err := a.Accounts.Create(r.Context(), p.Account, in)
	if err != nil {
		return err
	}
	return a.WriteJSON(w, r, http.StatusCreated, acc)
}

// handleUpdateAccount serves "PATCH /api/staff/accounts/{name}" (admin)
// {"role","departments","sites","disabled","password"} (each optional) →
// 200 the account.
func (a *API) handleUpdateAccount(w http.ResponseWriter, r *http.Request) error {
	noStore(w)
	var ch accounts.Change
	if err := decode(w, r, &ch); err != nil {
		return err
	}
	if ch.Role == nil && ch.Departments == nil && ch.Sites == nil && ch.Disabled == nil && ch.Password == nil {
		return errs.E(errs.Invalid, "Send at least one of role, departments, sites, disabled and password.")
	}
	p, _ := principal(r)
	acc, err := a.Accounts.Update(r.Context(), p.Account, r.PathValue("name"), ch)
	if err != nil {
		return err
	}
	return a.WriteJSON(w, r, http.StatusOK, acc)
}

// handleAudit serves "GET /api/staff/audit?account=&action=&before=&limit="
// (admin): audit entries, newest first; "next" is the before of the next
// page (0 when there is none).
func (a *API) handleAudit(w http.ResponseWriter, r *http.Request) error {
	noStore(w)
	q := r.URL.Query()
	f := accounts.AuditFilter{Account: q.Get("account"), Action: q.Get("action")}
	fe := errs.FieldErrors{}
	if len(f.Account) > 80 {
		fe.Add("account", "At most 80 characters.")
	}
	if len(f.Action) > 60 {
		fe.Add("action", "At most 60 characters.")
	}
	if v := q.Get("before"); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 1 {
			fe.Add("before", "Must be an entry id.")
		}
		f.Before = n
	}
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 500 {
			fe.Add("limit", "Must be a number from 1 to 500.")
		}
		f.Limit = n
	}
	if err := fe.Err("Some filters are not valid."); err != nil {
		return err
	}
	if f.Limit == 0 {
		f.Limit = 100
	}
	entries, err := a.Accounts.Audit(r.Context(), f)
	if err != nil {
		return err
	}
	var next int64
	if len(entries) == f.Limit {
		next = entries[len(entries)-1].ID
	}
	return a.WriteJSON(w, r, http.StatusOK, map[string]any{"entries": entries, "next": next})
}
