package staffapi

import (
	"context"
	"encoding/csv"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"time"

	"forecourt/internal/errs"
	"forecourt/internal/salesleads"
	"forecourt/internal/staff"
)

// LeadInbox is the sales inbox the leads routes serve (*salesleads.Inbox).
type LeadInbox interface {
	List(ctx context.Context, p staff.Principal, f salesleads.Filter) ([]salesleads.Lead, int, error)
	Get(ctx context.Context, p staff.Principal, id string) (salesleads.Lead, error)
	Update(ctx context.Context, p staff.Principal, id string, ch salesleads.Change) (salesleads.Lead, error)
	Sites(ctx context.Context, p staff.Principal) ([]salesleads.SiteOption, error)
}

func (a *API) mountLeads(route Route) {
	route("GET /api/staff/leads", "staff-leads", a.handleLeads)
	route("GET /api/staff/leads.csv", "staff-leads-csv", a.handleLeadsCSV)
	route("GET /api/staff/leads/{id}", "staff-lead", a.handleLead)
	route("PATCH /api/staff/leads/{id}", "staff-lead", a.handleUpdateLead)
}

func filterOf(r *http.Request) (salesleads.Filter, error) {
	q := r.URL.Query()
	return salesleads.ParseFilter(q.Get("site"), q.Get("status"), q.Get("kind"), q.Get("q"), q.Get("assignee"), q.Get("limit"), q.Get("offset"))
}

// handleLeads serves "GET /api/staff/leads?site=&status=&kind=&q=&assignee=&limit=&offset=":
// the leads the signed-in seller may see, newest first, with the total
// and the sites the seller may filter by.
func (a *API) handleLeads(w http.ResponseWriter, r *http.Request) error {
	noStore(w)
	p, err := principal(r)
	if err != nil {
		return err
	}
	f, err := filterOf(r)
	if err != nil {
		return err
	}
	list, total, err := a.Leads.List(r.Context(), p, f)
	if err != nil {
		return err
	}
	sites, err := a.Leads.Sites(r.Context(), p)
	if err != nil {
		return err
	}
	return a.WriteJSON(w, r, http.StatusOK, map[string]any{"leads": list, "total": total, "limit": max(f.Limit, 1), "offset": f.Offset, "sites": sites})
}

// handleLead serves "GET /api/staff/leads/{id}": one lead with its notes;
// 404 for a lead of a site the seller may not see.
func (a *API) handleLead(w http.ResponseWriter, r *http.Request) error {
	noStore(w)
	p, err := principal(r)
	if err != nil {
		return err
	}
	l, err := a.Leads.Get(r.Context(), p, r.PathValue("id"))
	if err != nil {
		return err
	}
	return a.WriteJSON(w, r, http.StatusOK, l)
}

// handleUpdateLead serves "PATCH /api/staff/leads/{id}"
// {"status","note","assignee"} (each optional): 200 the lead as it is now.
func (a *API) handleUpdateLead(w http.ResponseWriter, r *http.Request) error {
	noStore(w)
	p, err := principal(r)
	if err != nil {
		return err
	}
	var ch salesleads.Change
	if err := decode(w, r, &ch); err != nil {
		return err
	}
	l, err := a.Leads.Update(r.Context(), p, r.PathValue("id"), ch)
	if err != nil {
		return err
	}
	return a.WriteJSON(w, r, http.StatusOK, l)
}

// maxCSV bounds the rows of one CSV export.
const maxCSV = 5000

// handleLeadsCSV serves "GET /api/staff/leads.csv" with the list's
// filters: UTF-8 with a byte-order mark and ';' between fields, as
// spreadsheet programs in Sweden open it; at most 5,000 leads (narrow the
// filters for more).
func (a *API) handleLeadsCSV(w http.ResponseWriter, r *http.Request) error {
	noStore(w)
	p, err := principal(r)
	if err != nil {
		return err
	}
	f, err := filterOf(r)
	if err != nil {
		return err
	}
	f.Limit, f.Offset = 500, 0
	var all []salesleads.Lead
	for len(all) < maxCSV {
		page, total, err := a.Leads.List(r.Context(), p, f)
		if err != nil {
			return err
		}
		if total > maxCSV {
			return errs.E(errs.Invalid, "The export has %d leads; narrow the filters to at most %d.", total, maxCSV)
		}
		all = append(all, page...)
		if len(page) < f.Limit {
			break
		}
		f.Offset += f.Limit
	}
	h := w.Header()
	h.Set("Content-Type", "text/csv; charset=utf-8")
	h.Set("Content-Disposition", fmt.Sprintf(`attachment; filename="leads-%s.csv"`, time.Now().UTC().Format("2006-01-02")))
	w.WriteHeader(http.StatusOK)
	w.Write([]byte("\ufeff"))
	cw := csv.NewWriter(w)
	cw.Comma = ';'
	cw.Write([]string{"id", "created", "site", "dealer", "form", "kind", "status", "assignee", "car", "regno", "name", "email", "phone", "message"})
	for _, l := range all {
		dealer, car, regno := "", "", l.Regno
		if l.Dealer != nil {
			dealer = l.Dealer.Name
		}
		if l.Car != nil {
			car = l.Car.Title
			if l.Car.Regno != "" {
				regno = l.Car.Regno
			}
		}
		cw.Write([]string{l.ID, l.CreatedAt.Format(time.RFC3339), l.Site, dealer, l.Form, string(l.Kind), string(l.Status), l.Assignee,
			car, regno, cell(l.Customer.Name), cell(l.Customer.Email), cell(l.Customer.Phone), cell(l.Message)})
	}
	cw.Flush()
	return nil
}

// cell keeps a customer's text from being read as a formula by a
// spreadsheet (=, +, -, @ at the start); a phone number in E.164
// ("+46 70…") is left as it is.
func cell(s string) string {
	if s == "" || !strings.ContainsRune("=+-@\t\r", rune(s[0])) || phoneLike.MatchString(s) {
		return s
	}
	return "'" + s
}

var phoneLike = regexp.MustCompile(`^\+[0-9 ]{6,20}$`)
