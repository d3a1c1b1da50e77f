package accounts

import (
	"context"
	"slices"

	"forecourt/internal/errs"
	"forecourt/internal/staff"
)

// Editors is the editing mode's view of the accounts (web.EditorDirectory):
// an editor edits the sites its account names, an admin every site, and a
// disabled account none, so the admin's changes hold for the editors'
// sign-in (/editor/login) as they do for the staff pages.
type Editors struct{ Store *Store }

// CheckEditor verifies name and password like the staff sign-in
// (errs.Unauthorized for a wrong name or password or a disabled account).
func (e Editors) CheckEditor(ctx context.Context, name, password string) error {
	_, err := e.Store.SignIn(ctx, name, password)
	return err
}

// MayEdit reports whether the account name, enabled, may edit site.
func (e Editors) MayEdit(ctx context.Context, name, site string) (bool, error) {
	a, err := e.Store.Get(ctx, name)
	if errs.Is(err, errs.NotFound) {
		return false, nil
	}
	if err != nil || a.Disabled {
		return false, err
	}
	switch a.Role {
	case staff.RoleAdmin:
		return true, nil
	case staff.RoleEditor:
		return slices.Contains(a.Sites, staff.Every) || slices.Contains(a.Sites, site), nil
	}
	return false, nil
}
