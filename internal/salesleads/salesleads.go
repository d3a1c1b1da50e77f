// Package salesleads is the sellers' inbox: the leads of every form (the
// car contact and UK finance forms, sell / trade-in, the Norwegian service
// request, all stored by internal/leads, and the form-builder forms stored
// by internal/formbuilder) with the sales work on each — status new →
// contacted → won / lost, assignee and notes — per dealer site. The leads
// themselves stay where their forms store them; this package keeps only
// the work (lead_work, lead_notes) and reads the leads with its own SQL.
//
// A lead is shown to a sales account that names its forecourt site
// ("group-se": every lead of the site) or its dealer site
// ("group-se/norrtalje"). A lead that went to the site as a whole (a
// sell / trade-in or form-builder form) has no dealer site and is shown to
// site-wide accounts only.
package salesleads

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"forecourt/internal/catalog"
	"forecourt/internal/errs"
	"forecourt/internal/staff"
	"forecourt/internal/store"
)

// Status is where a lead is in the sales work.
type Status string

// The statuses, in their order.
const (
	StatusNew       Status = "new"
	StatusContacted Status = "contacted"
	StatusWon       Status = "won"
	StatusLost      Status = "lost"
)

// Statuses lists every status.
var Statuses = []Status{StatusNew, StatusContacted, StatusWon, StatusLost}

// next are the statuses a lead may move to: forward (new → contacted →
// won / lost, or straight to won or lost), and a closed lead may be
// reopened as contacted; nothing goes back to new.
var next = map[Status][]Status{
	StatusNew:       {StatusContacted, StatusWon, StatusLost},
	StatusContacted: {StatusWon, StatusLost},
	StatusWon:       {StatusContacted},
	StatusLost:      {StatusContacted},
}

// Kind groups the forms.
type Kind string

// Kinds of leads.
const (
	KindCar         Kind = "car"         // the car detail contact form
	KindFinance     Kind = "finance"     // the UK finance forms (apply, reserve, part exchange)
	KindSellCar     Kind = "sellCar"     // sell / trade-in
	KindService     Kind = "service"     // the Norwegian service request
	KindFormBuilder Kind = "formBuilder" // a form-builder form
)

// Dealer is the dealer site of a lead.
type Dealer struct {
	// ID is the site-qualified slug a sales account names ("group-se/norrtalje").
	ID   string `json:"id"`
	Name string `json:"name"`
}

// Car is the car a lead is about, as the catalogue has it now.
type Car struct {
	ID    int64  `json:"id"`
	Title string `json:"title"`
	Regno string `json:"regno,omitempty"`
	// Gone is true when the car is no longer in the stock.
	Gone bool `json:"gone,omitempty"`
}

// Customer is who sent the lead.
type Customer struct {
	Name  string `json:"name"`
	Email string `json:"email"`
	Phone string `json:"phone"`
}

// Note is a seller's note on a lead.
type Note struct {
	ID        int64     `json:"id"`
	Account   string    `json:"account"`
	Body      string    `json:"body"`
	CreatedAt time.Time `json:"createdAt"`
}

// Lead is a lead in the inbox.
type Lead struct {
	// ID is "L<n>" for a lead of internal/leads, "F<n>" for a form-builder
	// submission.
	ID       string   `json:"id"`
	Site     string   `json:"site"`
	Dealer   *Dealer  `json:"dealer"`
	Form     string   `json:"form"`
	Kind     Kind     `json:"kind"`
	Car      *Car     `json:"car"`
	Regno    string   `json:"regno,omitempty"` // the visitor's own car (sell / service)
	Customer Customer `json:"customer"`
	Message  string   `json:"message"`
	// Values are the form's values as stored (the detail view lists them).
	Values    json.RawMessage `json:"values"`
	Status    Status          `json:"status"`
	Assignee  string          `json:"assignee"`
	CreatedAt time.Time       `json:"createdAt"`
	UpdatedAt *time.Time      `json:"updatedAt"`
	UpdatedBy string          `json:"updatedBy,omitempty"`
	Notes     []Note          `json:"notes"`

	dealerSiteID int64
	carID        int64
}

// Catalog is what the inbox asks the catalogue: the dealer sites of a
// forecourt site and a car (*catalog.Store).
type Catalog interface {
	DealerSites(ctx context.Context, siteName string) ([]catalog.DealerSite, error)
	Car(ctx context.Context, siteName string, id int64) (catalog.Car, error)
}

// Inbox reads leads and keeps the sales work on them.
type Inbox struct {
	db      *store.DB
	catalog Catalog
	// Sites are the forecourt sites' names (a "*" account sees them all).
	sites    []string
	recorder staff.Recorder
	// FormTitle names a form-builder form (nil: its id).
	FormTitle func(site, formID string) string
	now       func() time.Time
}

// New returns the inbox over db; recorder records status changes and
// notes in the audit log.
func New(db *store.DB, cat Catalog, sites []string, recorder staff.Recorder) *Inbox {
	return &Inbox{db: db, catalog: cat, sites: sites, recorder: recorder, now: time.Now}
}

// SetClock replaces the clock (tests).
func (in *Inbox) SetClock(now func() time.Time) { in.now = now }

// Filter narrows the inbox.
type Filter struct {
	// Site is a forecourt site ("group-se") or a dealer site
	// ("group-se/norrtalje"); empty: every site the principal may see.
	Site   string
	Status Status // empty: every status
	Kind   Kind   // empty: every kind
	// Query matches the customer's name or e-mail, or the lead's id.
	Query    string
	Assignee string // "-" for unassigned
	Limit    int    // 1–500, default 100
	Offset   int
}

// ParseFilter checks filter values from a request's query.
func ParseFilter(site, status, kind, q, assignee, limit, offset string) (Filter, error) {
	f := Filter{Site: strings.TrimSpace(site), Status: Status(status), Kind: Kind(kind), Query: strings.TrimSpace(q), Assignee: strings.TrimSpace(assignee), Limit: 100}
	fe := errs.FieldErrors{}
	if len(f.Site) > 120 {
		fe.Add("site", "A site name has at most 120 characters.")
	}
	if f.Status != "" && !slices.Contains(Statuses, f.Status) {
		fe.Add("status", "Choose new, contacted, won or lost.")
	}
	if f.Kind != "" && !slices.Contains([]Kind{KindCar, KindFinance, KindSellCar, KindService, KindFormBuilder}, f.Kind) {
		fe.Add("kind", "Choose car, finance, sellCar, service or formBuilder.")
	}
	if utf8.RuneCountInString(f.Query) > 100 {
		fe.Add("q", "Search with at most 100 characters.")
	}
	if len(f.Assignee) > 80 {
		fe.Add("assignee", "At most 80 characters.")
	}
	if limit != "" {
		n, err := strconv.Atoi(limit)
		if err != nil || n < 1 || n > 500 {
			fe.Add("limit", "Must be a number from 1 to 500.")
		}
		f.Limit = n
	}
	if offset != "" {
		n, err := strconv.Atoi(offset)
		if err != nil || n < 0 || n > 100000 {
			fe.Add("offset", "Must be a number from 0 to 100000.")
		}
		f.Offset = n
	}
	return f, fe.Err("Some filters are not valid.")
}

// scope is which leads a principal may see, as SQL conditions: whole
// forecourt sites, and dealer sites by (site, dealer site id).
type scope struct {
	all     bool
	sites   []string
	dealers map[string][]int64 // forecourt site → dealer site ids
}

// dealerSites returns the dealer sites of a forecourt site by id.
func (in *Inbox) dealerSites(ctx context.Context, siteName string) (map[int64]catalog.DealerSite, error) {
	list, err := in.catalog.DealerSites(ctx, siteName)
	if err != nil {
		return nil, err
	}
	out := make(map[int64]catalog.DealerSite, len(list))
	for _, d := range list {
		out[d.SiteID] = d
	}
	return out, nil
}

// resolveDealer turns "group-se/norrtalje" into its forecourt site and
// dealer site id. Errors: NotFound for an unknown dealer site.
func (in *Inbox) resolveDealer(ctx context.Context, name string) (string, int64, error) {
	siteName, slug, _ := strings.Cut(name, "/")
	if !slices.Contains(in.sites, siteName) {
		return "", 0, errs.E(errs.NotFound, "There is no site %q.", siteName)
	}
	list, err := in.catalog.DealerSites(ctx, siteName)
	if err != nil {
		return "", 0, err
	}
	for _, d := range list {
		if d.Slug == slug {
			return siteName, d.SiteID, nil
		}
	}
	return "", 0, errs.E(errs.NotFound, "There is no dealer site %q.", name)
}

// scopeOf is what p may see, narrowed to the filter's site. A site the
// principal may not see is errs.NotFound (its name says nothing more).
func (in *Inbox) scopeOf(ctx context.Context, p staff.Principal, site string) (scope, error) {
	if p.Role != staff.RoleSales && p.Role != staff.RoleAdmin {
		return scope{}, errs.E(errs.Forbidden, "Only sales and admin accounts work leads.")
	}
	may := func(name string) bool {
		siteName, _, isDealer := strings.Cut(name, "/")
		if p.MaySite(name) || (isDealer && p.MaySite(siteName)) {
			return true
		}
		// A seller of some of a site's dealers may name the site.
		return !isDealer && slices.ContainsFunc(p.Sites, func(s string) bool { return strings.HasPrefix(s, name+"/") })
	}
	if site != "" {
		if !may(site) {
			return scope{}, errs.E(errs.NotFound, "There is no site %q you may see.", site)
		}
		if !strings.Contains(site, "/") {
			if !slices.Contains(in.sites, site) {
				return scope{}, errs.E(errs.NotFound, "There is no site %q.", site)
			}
			if p.MaySite(site) {
				return scope{sites: []string{site}}, nil
			}
			// A seller of some of the site's dealers: those dealers.
			sc := scope{dealers: map[string][]int64{}}
			for _, s := range p.Sites {
				if strings.HasPrefix(s, site+"/") {
					sn, id, err := in.resolveDealer(ctx, s)
					if err == nil {
						sc.dealers[sn] = append(sc.dealers[sn], id)
					}
				}
			}
			return sc, nil
		}
		sn, id, err := in.resolveDealer(ctx, site)
		if err != nil {
			return scope{}, err
		}
		return scope{dealers: map[string][]int64{sn: {id}}}, nil
	}
	if p.Role == staff.RoleAdmin || slices.Contains(p.Sites, staff.Every) {
		return scope{all: true}, nil
	}
	sc := scope{dealers: map[string][]int64{}}
	for _, s := range p.Sites {
		if !strings.Contains(s, "/") {
			sc.sites = append(sc.sites, s)
			continue
		}
		sn, id, err := in.resolveDealer(ctx, s)
		if err != nil {
			continue // a dealer site that is gone shows nothing
		}
		sc.dealers[sn] = append(sc.dealers[sn], id)
	}
	return sc, nil
}

// where builds the scope's condition over the inbox's columns site_name
// and dealer_site_id.
func (sc scope) where(args *[]any) string {
	if sc.all {
		return "1 = 1"
	}
	var or []string
	for _, s := range sc.sites {
		*args = append(*args, s)
		or = append(or, "site_name = ?")
	}
	names := make([]string, 0, len(sc.dealers))
	for n := range sc.dealers {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		ids := sc.dealers[n]
		marks := make([]string, len(ids))
		*args = append(*args, n)
		for i, id := range ids {
			marks[i] = "?"
			*args = append(*args, id)
		}
		or = append(or, "(site_name = ? AND dealer_site_id IN ("+strings.Join(marks, ", ")+"))")
	}
	if len(or) == 0 {
		return "1 = 0"
	}
	return "(" + strings.Join(or, " OR ") + ")"
}

// inboxSQL is every lead of both stores with its work, one row shape:
// ref, site, form, car, values, e-mail, dealer site, created, status,
// assignee, updated, updated by. It is wrapped as a sub-select so the
// filters apply to both halves alike.
const inboxSQL = `SELECT * FROM (
  SELECT 'L' || l.id AS ref, l.site_name, l.form_name, l.car_id, l.doc, l.email, l.dealer_site_id, l.created_at,
         COALESCE(w.status, 'new') AS status, COALESCE(w.assignee, '') AS assignee,
         COALESCE(w.updated_at, 0) AS updated_at, COALESCE(w.updated_by, '') AS updated_by
    FROM leads l LEFT JOIN lead_work w ON w.ref = 'L' || l.id
  UNION ALL
  SELECT 'F' || f.id, f.site_name, f.form_id, 0, f.answers, f.email, 0, f.created_at,
         COALESCE(w.status, 'new'), COALESCE(w.assignee, ''),
         COALESCE(w.updated_at, 0), COALESCE(w.updated_by, '')
    FROM form_submissions f LEFT JOIN lead_work w ON w.ref = 'F' || f.id
) inbox`

// kindForms are the form names of each kind of internal/leads (a
// form-builder submission is every "F" row).
var kindForms = map[Kind][]string{
	KindCar:     {"carDetailContact"},
	KindFinance: {"financeApply", "financeReserve", "partExchange"},
	KindSellCar: {"sellCar"},
	KindService: {"serviceRequestNo"},
}

func kindOf(ref, form string) Kind {
	if strings.HasPrefix(ref, "F") {
		return KindFormBuilder
	}
	for k, forms := range kindForms {
		if slices.Contains(forms, form) {
			return k
		}
	}
	return KindCar
}

// List returns the leads p may see that match f, newest first, and how
// many match in all. Errors: NotFound for a site p may not see.
func (in *Inbox) List(ctx context.Context, p staff.Principal, f Filter) ([]Lead, int, error) {
	if f.Limit <= 0 || f.Limit > 500 {
		f.Limit = 100
	}
	sc, err := in.scopeOf(ctx, p, f.Site)
	if err != nil {
		return nil, 0, err
	}
	var args []any
	conds := []string{sc.where(&args)}
	if f.Status != "" {
		conds, args = append(conds, "status = ?"), append(args, string(f.Status))
	}
	switch {
	case f.Kind == KindFormBuilder:
		conds = append(conds, "ref LIKE 'F%'")
	case f.Kind != "":
		forms := kindForms[f.Kind]
		marks := make([]string, len(forms))
		for i, fm := range forms {
			marks[i], args = "?", append(args, fm)
		}
		conds = append(conds, "ref LIKE 'L%' AND form_name IN ("+strings.Join(marks, ", ")+")")
	}
	if f.Assignee == "-" {
		conds = append(conds, "assignee = ''")
	} else if f.Assignee != "" {
		conds, args = append(conds, "assignee = ?"), append(args, f.Assignee)
	}
	if f.Query != "" {
		// The e-mail column is lower-case; the name is inside the values,
		// matched case-insensitively on their text.
		q := "%" + strings.NewReplacer(`\`, `\\`, "%", `\%`, "_", `\_`).Replace(strings.ToLower(f.Query)) + "%"
		conds = append(conds, `(email LIKE ? ESCAPE '\' OR lower(doc) LIKE ? ESCAPE '\' OR lower(ref) = ?)`)
		args = append(args, q, q, strings.ToLower(f.Query))
	}
	where := " WHERE " + strings.Join(conds, " AND ")
	var total int
	if err := in.db.QueryRowContext(ctx, in.db.Rebind(`SELECT count(*) FROM (`+inboxSQL+where+`) counted`), args...).Scan(&total); err != nil {
		return nil, 0, errs.Wrap(err, "count leads")
	}
	rows, err := in.db.QueryContext(ctx, in.db.Rebind(inboxSQL+where+` ORDER BY created_at DESC, ref DESC LIMIT ? OFFSET ?`), append(args, f.Limit, f.Offset)...)
	if err != nil {
		return nil, 0, errs.Wrap(err, "list leads")
	}
	out, err := scanLeads(rows)
	if err != nil {
		return nil, 0, err
	}
	if err := in.fill(ctx, out, false); err != nil {
		return nil, 0, err
	}
	return out, total, nil
}

func scanLeads(rows *sql.Rows) ([]Lead, error) {
	defer rows.Close()
	out := []Lead{}
	for rows.Next() {
		var l Lead
		var doc string
		var created, updated int64
		if err := rows.Scan(&l.ID, &l.Site, &l.Form, &l.carID, &doc, &l.Customer.Email, &l.dealerSiteID, &created, &l.Status, &l.Assignee, &updated, &l.UpdatedBy); err != nil {
			return nil, errs.Wrap(err, "scan lead")
		}
		l.Values = json.RawMessage(doc)
		l.CreatedAt = time.UnixMilli(created).UTC()
		if updated > 0 {
			t := time.UnixMilli(updated).UTC()
			l.UpdatedAt = &t
		}
		l.Kind = kindOf(l.ID, l.Form)
		l.Notes = []Note{}
		out = append(out, l)
	}
	return out, errs.Wrap(rows.Err(), "list leads")
}

// fill adds what the rows do not hold: the dealer's name, the car's title
// and the customer from the values (and the form-builder form's title).
func (in *Inbox) fill(ctx context.Context, list []Lead, withNotes bool) error {
	dealers := map[string]map[int64]catalog.DealerSite{}
	for i := range list {
		l := &list[i]
		if l.dealerSiteID != 0 {
			ds, ok := dealers[l.Site]
			if !ok {
				var err error
				if ds, err = in.dealerSites(ctx, l.Site); err != nil {
					return err
				}
				dealers[l.Site] = ds
			}
			if d, ok := ds[l.dealerSiteID]; ok {
				l.Dealer = &Dealer{ID: l.Site + "/" + d.Slug, Name: d.SiteOfficialName}
			}
		}
		if l.carID != 0 {
			c, err := in.catalog.Car(ctx, l.Site, l.carID)
			switch {
			case err == nil:
				l.Car = &Car{ID: c.CarID, Title: strings.TrimSpace(fmt.Sprintf("%s %s %d", c.CarBrand, c.CarModel, c.CarYear)), Regno: c.CarRegno}
			case errs.Is(err, errs.NotFound):
				l.Car = &Car{ID: l.carID, Gone: true}
			default:
				return err
			}
		}
		readValues(l)
		if l.Kind == KindFormBuilder && in.FormTitle != nil {
			if t := in.FormTitle(l.Site, l.Form); t != "" {
				l.Form = t
			}
		}
	}
	if withNotes {
		for i := range list {
			notes, err := in.notes(ctx, list[i].ID)
			if err != nil {
				return err
			}
			list[i].Notes = notes
		}
	}
	return nil
}

// readValues takes the customer and the message out of the stored values
// of each form's shape.
func readValues(l *Lead) {
	var v map[string]any
	if json.Unmarshal(l.Values, &v) != nil {
		return
	}
	str := func(keys ...string) string {
		for _, k := range keys {
			if s, ok := v[k].(string); ok && s != "" {
				return s
			}
		}
		return ""
	}
	l.Customer.Name = str("name", "customerName")
	l.Customer.Phone = str("phone", "customerPhone")
	if e := str("email", "customerEmail"); e != "" {
		l.Customer.Email = e
	}
	l.Message = str("message", "description", "other")
	l.Regno = str("regno")
	if l.Kind == KindFormBuilder {
		// Form-builder fields are named by each form: take the usual names.
		for k, x := range v {
			s, ok := x.(string)
			if !ok || s == "" {
				continue
			}
			lk := strings.ToLower(k)
			switch {
			case l.Customer.Name == "" && (strings.Contains(lk, "name") || strings.Contains(lk, "namn") || strings.Contains(lk, "navn") || strings.Contains(lk, "nimi")):
				l.Customer.Name = s
			case l.Customer.Phone == "" && (strings.Contains(lk, "phone") || strings.Contains(lk, "tel") || strings.Contains(lk, "puhelin")):
				l.Customer.Phone = s
			case l.Message == "" && (strings.Contains(lk, "message") || strings.Contains(lk, "meddelande") || strings.Contains(lk, "comment")):
				l.Message = s
			}
		}
	}
}

// Get returns one lead with its notes, if p may see it. Errors: NotFound
// for an unknown id and for a lead of a site p may not see (the answer
// says nothing of other sites' leads).
func (in *Inbox) Get(ctx context.Context, p staff.Principal, id string) (Lead, error) {
	if !validRef(id) {
		return Lead{}, errs.E(errs.NotFound, "There is no lead %q.", id)
	}
	sc, err := in.scopeOf(ctx, p, "")
	if err != nil {
		return Lead{}, err
	}
	args := []any{id}
	rows, err := in.db.QueryContext(ctx, in.db.Rebind(inboxSQL+` WHERE ref = ? AND `+sc.where(&args)), args...)
	if err != nil {
		return Lead{}, errs.Wrap(err, "get lead")
	}
	list, err := scanLeads(rows)
	if err != nil {
		return Lead{}, err
	}
	if len(list) == 0 {
		return Lead{}, errs.E(errs.NotFound, "There is no lead %q.", id)
	}
	if err := in.fill(ctx, list, true); err != nil {
		return Lead{}, err
	}
	return list[0], nil
}

func validRef(id string) bool {
	if len(id) < 2 || len(id) > 20 || (id[0] != 'L' && id[0] != 'F') {
		return false
	}
	n, err := strconv.ParseInt(id[1:], 10, 64)
	return err == nil && n > 0 && strconv.FormatInt(n, 10) == id[1:]
}

func (in *Inbox) notes(ctx context.Context, ref string) ([]Note, error) {
	rows, err := in.db.QueryContext(ctx, in.db.Rebind(`SELECT id, account, body, created_at FROM lead_notes WHERE ref = ? ORDER BY id LIMIT 500`), ref)
	if err != nil {
		return nil, errs.Wrap(err, "read notes")
	}
	defer rows.Close()
	out := []Note{}
	for rows.Next() {
		var n Note
		var at int64
		if err := rows.Scan(&n.ID, &n.Account, &n.Body, &at); err != nil {
			return nil, errs.Wrap(err, "scan note")
		}
		n.CreatedAt = time.UnixMilli(at).UTC()
		out = append(out, n)
	}
	return out, errs.Wrap(rows.Err(), "read notes")
}

// Change is a seller's change to a lead; nil fields stay as they are.
type Change struct {
	Status   *Status `json:"status"`
	Note     *string `json:"note"`
	Assignee *string `json:"assignee"`
}

// MaxNote bounds a note in characters.
const MaxNote = 2000

// checkChange validates a change against the lead's status.
func checkChange(cur Status, ch *Change) error {
	fe := errs.FieldErrors{}
	if ch.Status == nil && ch.Note == nil && ch.Assignee == nil {
		return errs.E(errs.Invalid, "Send a status, a note or an assignee.")
	}
	if ch.Status != nil {
		switch {
		case !slices.Contains(Statuses, *ch.Status):
			fe.Add("status", "Choose new, contacted, won or lost.")
		case *ch.Status == cur:
			ch.Status = nil // no change
		case !slices.Contains(next[cur], *ch.Status):
			fe.Add("status", fmt.Sprintf("A %s lead cannot become %s.", cur, *ch.Status))
		}
	}
	if ch.Note != nil {
		n := strings.TrimSpace(strings.ReplaceAll(*ch.Note, "\r\n", "\n"))
		switch {
		case utf8.RuneCountInString(n) > MaxNote:
			fe.Add("note", fmt.Sprintf("A note has at most %d characters.", MaxNote))
		case !utf8.ValidString(n) || strings.ContainsRune(n, 0):
			fe.Add("note", "The note has characters that cannot be stored.")
		case n == "":
			ch.Note = nil
		default:
			ch.Note = &n
		}
	}
	if ch.Assignee != nil {
		a := strings.TrimSpace(*ch.Assignee)
		if len(a) > 80 || strings.ContainsAny(a, "\r\n\x00") {
			fe.Add("assignee", "An assignee is an account name of at most 80 characters.")
		}
		ch.Assignee = &a
	}
	return fe.Err("Some fields are not filled in correctly.")
}

// Update applies a seller's change to a lead p may see, in one
// transaction with its audit entries (lead.status, lead.note,
// lead.assign), and returns the lead as it is now. Errors: NotFound (an
// unknown lead or one of a site p may not see), Invalid (a status the lead
// cannot move to, a note too long).
func (in *Inbox) Update(ctx context.Context, p staff.Principal, id string, ch Change) (Lead, error) {
	l, err := in.Get(ctx, p, id)
	if err != nil {
		return Lead{}, err
	}
	if err := checkChange(l.Status, &ch); err != nil {
		return Lead{}, err
	}
	now := in.now()
	var entries []staff.Entry
	err = in.db.Tx(ctx, func(tx *sql.Tx) error {
		if ch.Status != nil || ch.Assignee != nil {
			status, assignee := l.Status, l.Assignee
			if ch.Status != nil {
				status = *ch.Status
			}
			if ch.Assignee != nil {
				assignee = *ch.Assignee
			}
			// The status moves only from the one read (a concurrent
			// change in between makes this one a conflict, not a lost
			// update).
			res, err := tx.ExecContext(ctx, in.db.Rebind(`INSERT INTO lead_work (ref, status, assignee, updated_at, updated_by) VALUES (?, ?, ?, ?, ?)
				ON CONFLICT (ref) DO UPDATE SET status = excluded.status, assignee = excluded.assignee,
				  updated_at = excluded.updated_at, updated_by = excluded.updated_by
				WHERE lead_work.status = ?`), id, string(status), assignee, now.UnixMilli(), p.Account, string(l.Status))
			if err != nil {
				return errs.Wrap(err, "update lead")
			}
			if n, _ := res.RowsAffected(); n == 0 {
				return errs.E(errs.Conflict, "Someone else changed this lead a moment ago; reload it.")
			}
			if ch.Status != nil {
				entries = append(entries, staff.Entry{Action: "lead.status", Detail: string(l.Status) + " → " + string(status)})
			}
			if ch.Assignee != nil && *ch.Assignee != l.Assignee {
				entries = append(entries, staff.Entry{Action: "lead.assign", Detail: fmt.Sprintf("%q → %q", l.Assignee, assignee)})
			}
		}
		if ch.Note != nil {
			if _, err := tx.ExecContext(ctx, in.db.Rebind(`INSERT INTO lead_notes (ref, account, body, created_at) VALUES (?, ?, ?, ?)`),
				id, p.Account, *ch.Note, now.UnixMilli()); err != nil {
				return errs.Wrap(err, "add note")
			}
			entries = append(entries, staff.Entry{Action: "lead.note"})
		}
		return nil
	})
	if err != nil {
		return Lead{}, err
	}
	for _, e := range entries {
		e.At, e.Account, e.Subject = now, p.Account, id
		if in.recorder != nil {
			if err := in.recorder.Record(ctx, e); err != nil {
				return Lead{}, err
			}
		}
	}
	return in.Get(ctx, p, id)
}

// SiteOption is a site or dealer site a principal may filter the inbox by.
type SiteOption struct {
	ID   string `json:"id"` // "group-se" or "group-se/norrtalje"
	Name string `json:"name"`
}

// Sites lists what p may filter by: the forecourt sites p sees whole,
// each followed by its dealer sites, and the dealer sites p sees alone.
// An admin or an account of every site gets the forecourt sites.
func (in *Inbox) Sites(ctx context.Context, p staff.Principal) ([]SiteOption, error) {
	if p.Role != staff.RoleSales && p.Role != staff.RoleAdmin {
		return nil, errs.E(errs.Forbidden, "Only sales and admin accounts work leads.")
	}
	out := []SiteOption{}
	if p.Role == staff.RoleAdmin || slices.Contains(p.Sites, staff.Every) {
		for _, s := range in.sites {
			out = append(out, SiteOption{ID: s, Name: s})
		}
		return out, nil
	}
	for _, s := range p.Sites {
		siteName, slug, isDealer := strings.Cut(s, "/")
		if !slices.Contains(in.sites, siteName) {
			continue
		}
		list, err := in.catalog.DealerSites(ctx, siteName)
		if err != nil {
			return nil, err
		}
		slices.SortFunc(list, func(a, b catalog.DealerSite) int { return strings.Compare(a.SiteOfficialName, b.SiteOfficialName) })
		if !isDealer {
			out = append(out, SiteOption{ID: siteName, Name: siteName})
		}
		for _, d := range list {
			if !isDealer || d.Slug == slug {
				out = append(out, SiteOption{ID: siteName + "/" + d.Slug, Name: d.SiteOfficialName})
			}
		}
	}
	return out, nil
}
