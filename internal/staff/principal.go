// Package staff is the staff side's seam: who is signed in (a Principal
// with a role and the departments or dealer sites it may operate), how that
// travels in a request's context, and how staff actions are recorded for
// the audit log. Accounts, sessions and sign-in live beside it; the
// workshop, sales and admin features only ask a request's Principal what it
// may do, so the access rule is written once.
package staff

import (
	"context"
	"slices"
	"strings"
	"time"
)

// Role is what a staff account does.
type Role string

const (
	// RoleEditor edits content (the editing mode), on its sites.
	RoleEditor Role = "editor"
	// RoleWorkshop runs the bookings, capacity and tyre hotel of its departments.
	RoleWorkshop Role = "workshop"
	// RoleSales works the leads of its dealer sites and the test drives
	// in their sales departments' calendars.
	RoleSales Role = "sales"
	// RoleAdmin may do everything and reads the audit log.
	RoleAdmin Role = "admin"
)

// Every is the wildcard in Departments and Sites: all of them.
const Every = "*"

// Principal is the signed-in staff member of a request.
type Principal struct {
	// Account is the sign-in name; it is what the audit log records.
	Account string
	Role    Role
	// Departments are the department ids a workshop account may operate
	// ("*" for every one); for a sales account the sales departments
	// ("S-<siteId>") of its sites, expanded when it signs in.
	Departments []string
	// Sites are the site names an editor or sales account may work on
	// ("*" for every one).
	Sites []string
}

// MayDepartment reports whether p may see and change the department's
// bookings, capacity and tyre hotel.
func (p Principal) MayDepartment(id string) bool {
	switch p.Role {
	case RoleAdmin:
		return true
	case RoleWorkshop:
		// Exactly the named departments: an account scoped to one workshop
		// ("D-1042") does not see the dealer site's test drives ("S-1042");
		// an account scoped to the site is given both when it is seeded.
		return slices.Contains(p.Departments, Every) || slices.Contains(p.Departments, id)
	case RoleSales:
		// Only sales departments, the calendars of test drives: never a
		// workshop's bookings, whatever the list holds.
		return strings.HasPrefix(id, SalesPrefix) && (slices.Contains(p.Departments, Every) || slices.Contains(p.Departments, id))
	}
	return false
}

// SalesPrefix starts the id of a dealer site's sales department ("S-1042").
const SalesPrefix = "S-"

// MaySite reports whether p may work on the site's leads (sales) or
// content (editor).
func (p Principal) MaySite(name string) bool {
	switch p.Role {
	case RoleAdmin:
		return true
	case RoleSales, RoleEditor:
		return slices.Contains(p.Sites, Every) || slices.Contains(p.Sites, name)
	}
	return false
}

type principalKey struct{}

// WithPrincipal returns ctx carrying p; the staff middleware sets it after
// checking the session.
func WithPrincipal(ctx context.Context, p Principal) context.Context {
	return context.WithValue(ctx, principalKey{}, p)
}

// PrincipalFrom returns the request's signed-in staff member, if any.
func PrincipalFrom(ctx context.Context) (Principal, bool) {
	p, ok := ctx.Value(principalKey{}).(Principal)
	return p, ok
}

// Entry is one line of the audit log: who did what to which thing, when.
type Entry struct {
	At      time.Time
	Account string
	// Action names the step, e.g. "booking.move", "closure.create",
	// "lead.status", "account.disable", "signin".
	Action string
	// Subject is the id of what was acted on (a booking, department, lead
	// or account); empty for a sign-in.
	Subject string
	// Detail says what changed, readable by an admin ("10:00 → 13:30").
	Detail string
}

// Recorder appends audit entries. Features take one in their constructor;
// the account store implements it on the shared store.
type Recorder interface {
	Record(ctx context.Context, e Entry) error
}
