package alerts

import (
	"context"
	"database/sql"
	"encoding/json"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"forecourt/internal/catalogpages"
	"forecourt/internal/errs"
	"forecourt/internal/forms/leads"
	"forecourt/internal/linktoken"
	"forecourt/internal/mail"
	"forecourt/internal/site"
)

// Field problems of a sign-up (fields.<name> of a 400 answer).
const (
	InvalidInput    = "invalidInput"
	TooManySearches = "tooManySearches"
)

// Bounds of a sign-up body.
const (
	maxPath  = 300
	maxQuery = 2000
)

// Signup is a parsed sign-up (POST /api/alerts).
type Signup struct {
	Email     string
	Frequency Frequency
	Lang      string
	// Path and Query are the car list address the visitor saves
	// (location.pathname and location.search).
	Path   string
	Query  url.Values
	Ticket string
	// Honeypot is true when the hidden website field was filled: the
	// sign-up is answered as accepted and dropped.
	Honeypot bool
}

// ParseSignup reads a sign-up body for site st. Every bad field is named in
// one errs.Invalid (fields.email, frequency, lang, path, query: "invalidInput");
// an empty lang is the site's default language.
func ParseSignup(body []byte, st *site.Site) (Signup, error) {
	var b struct {
		Email     string `json:"email"`
		Frequency string `json:"frequency"`
		Lang      string `json:"lang"`
		Path      string `json:"path"`
		Query     string `json:"query"`
		Ticket    string `json:"ticket"`
		Website   string `json:"website"`
	}
	if err := json.Unmarshal(body, &b); err != nil {
		return Signup{}, errs.E(errs.Invalid, "The form body is not valid JSON.")
	}
	fe := errs.FieldErrors{}
	s := Signup{Email: strings.ToLower(strings.TrimSpace(b.Email)), Frequency: Frequency(b.Frequency), Lang: b.Lang,
		Path: b.Path, Ticket: strings.TrimSpace(b.Ticket), Honeypot: strings.TrimSpace(b.Website) != ""}
	if !mail.ValidAddress(s.Email) {
		fe.Add("email", InvalidInput)
	}
	if !s.Frequency.Valid() {
		fe.Add("frequency", InvalidInput)
	}
	if s.Lang == "" {
		s.Lang = st.DefaultLanguage()
	} else if !st.HasLanguage(s.Lang) {
		fe.Add("lang", InvalidInput)
	}
	if !strings.HasPrefix(s.Path, "/") || strings.HasPrefix(s.Path, "//") || len(s.Path) > maxPath || s.Path != mail.OneLine(s.Path) {
		fe.Add("path", InvalidInput)
	}
	q, err := url.ParseQuery(strings.TrimPrefix(b.Query, "?"))
	if err != nil || len(b.Query) > maxQuery {
		fe.Add("query", InvalidInput)
	}
	s.Query = q
	return s, fe.Err("Some fields are not filled in correctly.")
}

// Pending is what a sign-up stores before the mail goes out.
type Pending struct {
	Search Search
	// Mail is false when nothing is mailed: the search exists and is
	// already confirmed.
	Mail bool
}

// Prepare turns a valid sign-up of site st into the search to store:
// the list state resolved by catalogpages.ListQueryOf (a path that is not
// the car list, or names no brand or model of the stock, is fields.path),
// its canonical query and its label. origin is the site's public origin
// for the mails' links; listBase the car list path of the language.
func (s *Service) Prepare(ctx context.Context, st *site.Site, su Signup, q catalogpages.ListQuery, origin, listBase string) (Pending, error) {
	texts, err := s.texts(ctx, st.Name, su.Lang)
	if err != nil {
		return Pending{}, err
	}
	x := Search{ID: newID(), SiteName: st.Name, Lang: su.Lang, Origin: strings.TrimSuffix(origin, "/"), ListPath: listBase,
		Email: su.Email, Query: q.Encode(), Label: Label(q, texts, st.Currency, su.Lang), Frequency: su.Frequency, CreatedAt: s.now().UTC()}
	old, err := s.byKey(ctx, s.DB, st.Name, su.Email, x.Query)
	switch {
	case err == nil && old.Confirmed():
		return Pending{Search: old}, nil
	case err == nil:
		x.ID, x.CreatedAt = old.ID, old.CreatedAt
	case !errs.Is(err, errs.NotFound):
		return Pending{}, err
	default:
		n, err := s.countSearches(ctx, st.Name, su.Email)
		if err != nil {
			return Pending{}, err
		}
		if n >= MaxSearchesPerAddress {
			return Pending{}, &errs.Error{Code: errs.Invalid, Message: "This address already watches the most searches we keep for one address.",
				Fields: map[string]string{"email": TooManySearches}}
		}
	}
	return Pending{Search: x, Mail: true}, nil
}

// Subscribe stores p's search (unconfirmed) and queues its confirmation
// mail in one transaction, with the form ticket's nonce marked used.
// Call it only when the per-recipient limit allowed the mail.
func (s *Service) Subscribe(ctx context.Context, p Pending, nonce string) (Search, error) {
	now := s.now()
	var out Search
	err := s.DB.Tx(ctx, func(tx *sql.Tx) error {
		x, _, err := s.save(ctx, tx, p.Search)
		if err != nil {
			return err
		}
		out = x
		if x.Confirmed() {
			return nil
		}
		if err := leads.UseTicket(ctx, s.DB, tx, nonce, "alerts:"+x.ID+":"+strconv.FormatInt(now.UnixNano(), 36), now); err != nil {
			return err
		}
		texts, err := s.texts(ctx, x.SiteName, x.Lang)
		if err != nil {
			return err
		}
		m, err := confirmationMail(x, texts, s.Tokens, now)
		if err != nil {
			return err
		}
		return mail.Queue(ctx, s.DB, s.Jobs, tx, m, now)
	})
	return out, err
}

// Confirm confirms the search of a confirm token on siteName (a second
// time is harmless) and returns it with a manage token for its address.
// A search of another site is refused like a bad token; one that is gone
// is errs.NotFound.
func (s *Service) Confirm(ctx context.Context, siteName, token string) (Search, string, error) {
	now := s.now()
	id, err := s.Tokens.Check(token, PurposeConfirm, now)
	if err != nil {
		return Search{}, "", err
	}
	if x, err := s.Get(ctx, id); err != nil {
		return Search{}, "", err
	} else if x.SiteName != siteName {
		return Search{}, "", linktoken.InvalidError()
	}
	x, err := s.confirm(ctx, id, now)
	if err != nil {
		return Search{}, "", err
	}
	manage, err := s.Tokens.Sign(PurposeManage, manageSubject(x.SiteName, x.Email), now.Add(ManageTTL))
	if err != nil {
		return Search{}, "", err
	}
	return x, manage, nil
}

// Unsubscribe deletes the search of an unsubscribe token. A search that is
// already gone is fine (the link was used before). It returns the deleted
// search's site and a manage token for its address when it existed.
func (s *Service) Unsubscribe(ctx context.Context, token string) (manage string, err error) {
	now := s.now()
	id, err := s.Tokens.Check(token, PurposeUnsubscribe, now)
	if err != nil {
		return "", err
	}
	x, err := s.Get(ctx, id)
	if errs.Is(err, errs.NotFound) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	err = s.DB.Tx(ctx, func(tx *sql.Tx) error {
		_, err := s.deleteSearch(ctx, tx, id)
		return err
	})
	if err != nil {
		return "", err
	}
	return s.Tokens.Sign(PurposeManage, manageSubject(x.SiteName, x.Email), now.Add(ManageTTL))
}

// Manage actions.
const (
	ActionList      = "list"
	ActionFrequency = "frequency"
	ActionDelete    = "delete"
)

// Managed is the manage page's data: the address and its searches on the site.
type Managed struct {
	Email    string   `json:"email"`
	Searches []Search `json:"searches"`
}

// Manage checks a manage token for siteName, applies action to the
// address's search id (frequency change or delete; list does nothing) and
// returns the address's searches on the site. A search of another address
// or site is errs.NotFound.
func (s *Service) Manage(ctx context.Context, siteName, token, action, id string, f Frequency) (Managed, error) {
	subj, err := s.Tokens.Check(token, PurposeManage, s.now())
	if err != nil {
		return Managed{}, err
	}
	tokSite, email, ok := parseManageSubject(subj)
	if !ok || tokSite != siteName {
		return Managed{}, linktoken.InvalidError()
	}
	switch action {
	case ActionList, "":
	case ActionFrequency, ActionDelete:
		x, err := s.Get(ctx, id)
		if err != nil {
			return Managed{}, err
		}
		if x.Email != email || x.SiteName != siteName {
			return Managed{}, errs.E(errs.NotFound, "This saved search no longer exists.")
		}
		if action == ActionDelete {
			err = s.DB.Tx(ctx, func(tx *sql.Tx) error { _, err := s.deleteSearch(ctx, tx, id); return err })
		} else {
			if !f.Valid() {
				return Managed{}, &errs.Error{Code: errs.Invalid, Message: "Choose daily or weekly.", Fields: map[string]string{"frequency": InvalidInput}}
			}
			err = s.setFrequency(ctx, id, f)
		}
		if err != nil {
			return Managed{}, err
		}
	default:
		return Managed{}, &errs.Error{Code: errs.Invalid, Message: "Unknown action.", Fields: map[string]string{"action": InvalidInput}}
	}
	list, err := s.Searches(ctx, siteName, email)
	return Managed{Email: email, Searches: list}, err
}

// Label describes a list state in the site's language: models (or brands),
// the other chosen values, ranges with their facet names and the
// keyphrase; "All cars" (alertsAllCars) when nothing is chosen.
func Label(q catalogpages.ListQuery, texts map[string]string, currency, lang string) string {
	var parts []string
	models := q.Filters["car_model"]
	for _, b := range q.Filters["car_brand"] {
		if !slices.ContainsFunc(models, func(m string) bool { return strings.HasPrefix(m, b+">") }) {
			parts = append(parts, b)
		}
	}
	for _, m := range models {
		parts = append(parts, strings.Replace(m, ">", " ", 1))
	}
	for _, name := range catalogpages.ListParams() {
		if name == "car_brand" || name == "car_model" {
			continue
		}
		parts = append(parts, q.Filters[name]...)
		r, ok := q.Ranges[name]
		if !ok {
			continue
		}
		lo, hi := group(int64(r[0]), lang), group(int64(r[1]), lang)
		span := lo + "–" + hi
		switch name {
		case "car_price", "car_campaign_price", "car_privateleasing_monthly_cost":
			span = FormatPrice(r[0], "", lang) + "–" + FormatPrice(r[1], currency, lang)
		case "car_mileage":
			if u := texts["mileageUnit"]; u != "" {
				span += " " + u
			}
		}
		facet := texts["facet_"+name]
		if facet == "" {
			facet = name
		}
		parts = append(parts, facet+" "+span)
	}
	if q.Keyphrase != "" {
		parts = append(parts, "”"+q.Keyphrase+"”")
	}
	if len(parts) == 0 {
		return text(texts, "alertsAllCars")
	}
	l := mail.OneLine(strings.Join(parts, ", "))
	if r := []rune(l); len(r) > 160 {
		l = string(r[:159]) + "…"
	}
	return l
}
