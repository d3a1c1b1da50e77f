package content

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/sync/singleflight"

	"forecourt/internal/errs"
)

// EdgeConfig configures the Sitecore Experience Edge source.
type EdgeConfig struct {
	// Endpoint is the GraphQL URL (EDGE_ENDPOINT), e.g.
	// https://edge.sitecorecloud.io/api/graphql/v1.
	Endpoint string
	// APIKey is sent in the sc_apikey header (EDGE_API_KEY).
	APIKey string
	// CacheTTL keeps answers per query and variables (default 30 s; <0 off).
	CacheTTL time.Duration
	// Timeout bounds one call (default 3 s).
	Timeout time.Duration
	// DefaultLanguage gives a site's default language (for Items, which
	// has none); "en" when nil.
	DefaultLanguage func(site string) string
	// Client is the HTTP client (default: one with Timeout).
	Client *http.Client
}

// errNoContext is the spec's message for a missing site or language.
func errNoContext() error { return errs.E(errs.Invalid, "No Sitecore context found") }

// EdgeSource reads content from Sitecore Experience Edge (GraphQL) and maps
// it to the same model as the file source. It implements Source (the
// stories feature reads stories through Source: internal/stories). Answers are cached for CacheTTL by query and variables;
// identical calls in flight are made once.
type EdgeSource struct {
	cfg    EdgeConfig
	client *http.Client
	group  singleflight.Group
	mu     sync.Mutex
	cache  map[string]edgeCached
}

type edgeCached struct {
	at   time.Time
	data json.RawMessage
}

// NewEdge returns the Edge source. Errors: Invalid when the endpoint or key is missing.
func NewEdge(cfg EdgeConfig) (*EdgeSource, error) {
	if cfg.Endpoint == "" || cfg.APIKey == "" {
		return nil, errs.E(errs.Invalid, "the Edge source needs EDGE_ENDPOINT and EDGE_API_KEY")
	}
	if cfg.CacheTTL == 0 {
		cfg.CacheTTL = 30 * time.Second
	}
	if cfg.CacheTTL < 0 {
		cfg.CacheTTL = 0 // off
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 3 * time.Second
	}
	c := cfg.Client
	if c == nil {
		c = &http.Client{Timeout: cfg.Timeout}
	}
	return &EdgeSource{cfg: cfg, client: c, cache: map[string]edgeCached{}}, nil
}

type gqlError struct {
	Message string `json:"message"`
}

// query runs a GraphQL query and decodes its data into out. Errors are
// Unavailable (network, timeout, HTTP status, GraphQL errors) with the cause.
func (e *EdgeSource) query(ctx context.Context, q string, vars map[string]any, out any) error {
	body, err := json.Marshal(map[string]any{"query": q, "variables": vars})
	if err != nil {
		return errs.Wrap(err, "encode edge query")
	}
	sum := sha256.Sum256(body)
	key := hex.EncodeToString(sum[:])
	if e.cfg.CacheTTL > 0 {
		e.mu.Lock()
		c, ok := e.cache[key]
		e.mu.Unlock()
		if ok && time.Since(c.at) < e.cfg.CacheTTL {
			return json.Unmarshal(c.data, out)
		}
	}
	v, err, _ := e.group.Do(key, func() (any, error) {
		data, err := e.post(ctx, body)
		if err != nil {
			return nil, err
		}
		if e.cfg.CacheTTL > 0 {
			e.mu.Lock()
			if len(e.cache) > 10_000 {
				e.cache = map[string]edgeCached{} // crude bound; entries are short-lived anyway
			}
			e.cache[key] = edgeCached{at: time.Now(), data: data}
			e.mu.Unlock()
		}
		return data, nil
	})
	if err != nil {
		return err
	}
	if err := json.Unmarshal(v.(json.RawMessage), out); err != nil {
		return errs.Wrap(err, "decode edge answer")
	}
	return nil
}

func (e *EdgeSource) post(ctx context.Context, body []byte) (json.RawMessage, error) {
	ctx, cancel := context.WithTimeout(ctx, e.cfg.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, e.cfg.Endpoint, bytes.NewReader(body))
	if err != nil {
		return nil, errs.Wrap(err, "edge request")
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	req.Header.Set("sc_apikey", e.cfg.APIKey)
	res, err := e.client.Do(req)
	if err != nil {
		return nil, &errs.Error{Code: errs.Unavailable, Message: "The content service did not answer.", Err: err}
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(res.Body, 16<<20))
	if err != nil {
		return nil, &errs.Error{Code: errs.Unavailable, Message: "The content service did not answer.", Err: err}
	}
	if res.StatusCode != http.StatusOK {
		return nil, &errs.Error{Code: errs.Unavailable, Message: "The content service failed.", Err: fmt.Errorf("edge: HTTP %d: %.200s", res.StatusCode, raw)}
	}
	var env struct {
		Data   json.RawMessage `json:"data"`
		Errors []gqlError      `json:"errors"`
	}
	if err := json.Unmarshal(raw, &env); err != nil {
		return nil, &errs.Error{Code: errs.Unavailable, Message: "The content service failed.", Err: fmt.Errorf("edge: bad JSON: %w", err)}
	}
	if len(env.Errors) > 0 {
		msgs := make([]string, len(env.Errors))
		for i, g := range env.Errors {
			msgs[i] = g.Message
		}
		return nil, &errs.Error{Code: errs.Unavailable, Message: "The content service failed.", Err: errors.New("edge: " + strings.Join(msgs, "; "))}
	}
	return env.Data, nil
}

func needContext(site, lang string) error {
	if strings.TrimSpace(site) == "" || strings.TrimSpace(lang) == "" {
		return errNoContext()
	}
	return nil
}

// The GraphQL queries of the spec's call table.
const (
	qHomePath = `query HomePath($site: String!, $language: String!) {
  layout(site: $site, routePath: "/", language: $language) { item { homeItemPath } }
}`
	qLayout = `query Layout($site: String!, $routePath: String!, $language: String!) {
  layout(site: $site, routePath: $routePath, language: $language) { item { rendered } }
}`
	qDictionary = `query Dictionary($site: String!, $language: String!, $after: String) {
  site { siteInfo(site: $site) { dictionary(language: $language, first: 500, after: $after) {
    pageInfo { endCursor hasNext } results { key phrase } } } }
}`
	navFields = `id name url { path }
      navTitle: field(name: "navTitle") { value }
      hideInNavigation: field(name: "hideInNavigation") { value }
      shouldBeNavigableInMenuWhenItHasChildren: field(name: "shouldBeNavigableInMenuWhenItHasChildren") { value }
      externalLink: field(name: "externalLink") { ... on LinkField { url } }`
	qNavigation = `query Navigation($path: String!, $language: String!) {
  item(path: $path, language: $language) {
    children(hasLayout: true, first: 100) { results { ` + navFields + `
      children(hasLayout: true, first: 100) { results { ` + navFields + `
        children(hasLayout: true, first: 100) { results { ` + navFields + ` } } } } } }
  }
}`
	qLanguages = `query Languages($site: String!, $routePath: String!, $language: String!) {
  layout(site: $site, routePath: $routePath, language: $language) { item {
    languages { language { name displayName englishName nativeName } url { path } } } }
}`
	qCurrentLanguage = `query CurrentLanguage($site: String!, $routePath: String!, $language: String!) {
  layout(site: $site, routePath: $routePath, language: $language) { item { language { name } } }
}`
	qPublishInfo = `query PublishInfo($path: String!, $language: String!) {
  item(path: $path, language: $language) { id date: field(name: "date") { value } }
}`
	qItems = `query Items($where: ItemSearchPredicate!, $after: String) {
  search(where: $where, first: 100, after: $after) { pageInfo { endCursor hasNext } results {
    id name path url { path } template { name } language { name }
    updated: field(name: "__Updated") { value }
    navTitle: field(name: "navTitle") { value } } }
}`
	qChildren = `query Children($path: String!, $language: String!) {
  item(path: $path, language: $language) { children(hasLayout: true, first: 100) { results {
    id name path url { path } template { name } language { name }
    updated: field(name: "__Updated") { value }
    date: field(name: "date") { value }
    title: field(name: "title") { value }
    navTitle: field(name: "navTitle") { value } } } }
}`
)

// HomePath returns the home item's Sitecore path for site, e.g.
// "/sitecore/content/forecourt/group-se/Home".
func (e *EdgeSource) HomePath(ctx context.Context, site, lang string) (string, error) {
	if err := needContext(site, lang); err != nil {
		return "", err
	}
	var d struct {
		Layout struct {
			Item *struct {
				HomeItemPath string `json:"homeItemPath"`
			} `json:"item"`
		} `json:"layout"`
	}
	if err := e.query(ctx, qHomePath, map[string]any{"site": site, "language": lang}, &d); err != nil {
		return "", err
	}
	if d.Layout.Item == nil || d.Layout.Item.HomeItemPath == "" {
		return "", errs.E(errs.NotFound, "no home item for site %q in %s", site, lang)
	}
	return d.Layout.Item.HomeItemPath, nil
}

// itemPath turns a site-relative path into a Sitecore item path.
func itemPathUnder(home, p string) string {
	p = strings.Trim(p, "/")
	if p == "" {
		return home
	}
	return home + "/" + p
}

// Route implements Source with the layout query.
func (e *EdgeSource) Route(ctx context.Context, site, lang, p string) (*Route, error) {
	if err := needContext(site, lang); err != nil {
		return nil, err
	}
	var d struct {
		Layout struct {
			Item *struct {
				Rendered json.RawMessage `json:"rendered"`
			} `json:"item"`
		} `json:"layout"`
	}
	if err := e.query(ctx, qLayout, map[string]any{"site": site, "routePath": p, "language": lang}, &d); err != nil {
		return nil, err
	}
	if d.Layout.Item == nil || len(d.Layout.Item.Rendered) == 0 || string(d.Layout.Item.Rendered) == "null" {
		return nil, errs.E(errs.NotFound, "no page at %s", p)
	}
	var ld LayoutData
	if err := json.Unmarshal(d.Layout.Item.Rendered, &ld); err != nil {
		return nil, errs.Wrap(err, "decode edge layout of %s", p)
	}
	r := ld.Sitecore.Route
	if r == nil {
		return nil, errs.E(errs.NotFound, "no page at %s", p)
	}
	if r.Fields == nil {
		r.Fields = Fields{}
	}
	if r.Placeholders == nil {
		r.Placeholders = map[string][]Component{}
	}
	if _, ok := r.Placeholders["headless-main"]; !ok {
		r.Placeholders["headless-main"] = []Component{}
	}
	normalizeComponents(r.Placeholders)
	if r.ItemLanguage == "" {
		r.ItemLanguage = lang
	}
	r.ItemPath = "/" + strings.Trim(p, "/")
	if r.DisplayName == "" {
		r.DisplayName = r.Fields.String("navTitle")
	}
	if t, err := time.Parse(time.RFC3339, r.Fields.String("__Updated")); err == nil {
		r.Updated = t
	}
	return r, nil
}

func normalizeComponents(ph map[string][]Component) {
	for name, list := range ph {
		for i := range list {
			if list[i].Params == nil {
				list[i].Params = map[string]string{}
			}
			if list[i].Fields == nil {
				list[i].Fields = Fields{}
			}
			normalizeComponents(list[i].Placeholders)
		}
		ph[name] = list
	}
}

// Dictionary implements Source, following the dictionary's pages.
func (e *EdgeSource) Dictionary(ctx context.Context, site, lang string) (Dictionary, error) {
	if err := needContext(site, lang); err != nil {
		return nil, err
	}
	out := Dictionary{}
	var after any
	for page := 0; page < 50; page++ {
		var d struct {
			Site struct {
				SiteInfo *struct {
					Dictionary struct {
						PageInfo struct {
							EndCursor string `json:"endCursor"`
							HasNext   bool   `json:"hasNext"`
						} `json:"pageInfo"`
						Results []struct {
							Key    string `json:"key"`
							Phrase string `json:"phrase"`
						} `json:"results"`
					} `json:"dictionary"`
				} `json:"siteInfo"`
			} `json:"site"`
		}
		if err := e.query(ctx, qDictionary, map[string]any{"site": site, "language": lang, "after": after}, &d); err != nil {
			return nil, err
		}
		if d.Site.SiteInfo == nil {
			return nil, errs.E(errs.NotFound, "no dictionary for %s in %s", site, lang)
		}
		dict := d.Site.SiteInfo.Dictionary
		for _, r := range dict.Results {
			out[r.Key] = r.Phrase
		}
		if !dict.PageInfo.HasNext || dict.PageInfo.EndCursor == "" {
			return out, nil
		}
		after = dict.PageInfo.EndCursor
	}
	return out, nil
}

type edgeValue struct {
	Value any `json:"value"`
}

func (v *edgeValue) String() string {
	if v == nil {
		return ""
	}
	switch x := v.Value.(type) {
	case string:
		return x
	case bool:
		if x {
			return "1"
		}
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	return ""
}

func (v *edgeValue) Bool() bool {
	s := v.String()
	return s == "1" || strings.EqualFold(s, "true")
}

type edgeURL struct {
	Path string `json:"path"`
}

type edgeNavItem struct {
	ID                                       string     `json:"id"`
	Name                                     string     `json:"name"`
	URL                                      edgeURL    `json:"url"`
	NavTitle                                 *edgeValue `json:"navTitle"`
	HideInNavigation                         *edgeValue `json:"hideInNavigation"`
	ShouldBeNavigableInMenuWhenItHasChildren *edgeValue `json:"shouldBeNavigableInMenuWhenItHasChildren"`
	ExternalLink                             *struct {
		URL string `json:"url"`
	} `json:"externalLink"`
	Children *struct {
		Results []edgeNavItem `json:"results"`
	} `json:"children"`
}

// Navigation implements Source: the tree under root three levels deep. On
// any failure it returns the error (the loader logs it and the navigation
// shows nothing).
func (e *EdgeSource) Navigation(ctx context.Context, site, lang, root string) ([]NavItem, error) {
	list, err := edgeChildren[edgeNavItem](ctx, e, qNavigation, site, lang, root)
	if err != nil {
		return nil, err
	}
	return mapNav(list), nil
}

// edgeChildren runs a query for the children of the item at p (under the
// site's home item) and returns them; errs.NotFound when there is no item.
func edgeChildren[T any](ctx context.Context, e *EdgeSource, q, site, lang, p string) ([]T, error) {
	home, err := e.HomePath(ctx, site, lang)
	if err != nil {
		return nil, err
	}
	var d struct {
		Item *struct {
			Children struct {
				Results []T `json:"results"`
			} `json:"children"`
		} `json:"item"`
	}
	if err := e.query(ctx, q, map[string]any{"path": itemPathUnder(home, p), "language": lang}, &d); err != nil {
		return nil, err
	}
	if d.Item == nil {
		return nil, errs.E(errs.NotFound, "no item at %s", p)
	}
	return d.Item.Children.Results, nil
}

func mapNav(list []edgeNavItem) []NavItem {
	var out []NavItem
	for _, it := range list {
		n := NavItem{
			ID: it.ID, Name: it.Name, Path: it.URL.Path, NavigationTitle: it.NavTitle.String(),
			HideInNavigation:                   it.HideInNavigation.Bool(),
			IsNavigableInMenuWhenItHasChildren: it.ShouldBeNavigableInMenuWhenItHasChildren.Bool(),
		}
		if n.NavigationTitle == "" {
			n.NavigationTitle = it.Name
		}
		if it.ExternalLink != nil {
			n.ExternalLink = it.ExternalLink.URL
		}
		if it.Children != nil {
			n.Children = mapNav(it.Children.Results)
		}
		out = append(out, n)
	}
	return out
}

// Languages returns the languages the page at routePath exists in, with
// its URL in each.
func (e *EdgeSource) Languages(ctx context.Context, site, lang, routePath string) ([]Language, error) {
	if err := needContext(site, lang); err != nil {
		return nil, err
	}
	var d struct {
		Layout struct {
			Item *struct {
				Languages []struct {
					Language struct {
						Name        string `json:"name"`
						DisplayName string `json:"displayName"`
						EnglishName string `json:"englishName"`
						NativeName  string `json:"nativeName"`
					} `json:"language"`
					URL edgeURL `json:"url"`
				} `json:"languages"`
			} `json:"item"`
		} `json:"layout"`
	}
	if err := e.query(ctx, qLanguages, map[string]any{"site": site, "routePath": routePath, "language": lang}, &d); err != nil {
		return nil, err
	}
	if d.Layout.Item == nil {
		return nil, errs.E(errs.NotFound, "no page at %s", routePath)
	}
	out := []Language{}
	for _, l := range d.Layout.Item.Languages {
		out = append(out, Language{Name: l.Language.Name, DisplayName: l.Language.DisplayName, EnglishName: l.Language.EnglishName, NativeName: l.Language.NativeName, URL: l.URL.Path})
	}
	return out, nil
}

// CurrentLanguage returns the language the page at routePath answers in.
func (e *EdgeSource) CurrentLanguage(ctx context.Context, site, lang, routePath string) (string, error) {
	if err := needContext(site, lang); err != nil {
		return "", err
	}
	var d struct {
		Layout struct {
			Item *struct {
				Language struct {
					Name string `json:"name"`
				} `json:"language"`
			} `json:"item"`
		} `json:"layout"`
	}
	if err := e.query(ctx, qCurrentLanguage, map[string]any{"site": site, "routePath": routePath, "language": lang}, &d); err != nil {
		return "", err
	}
	if d.Layout.Item == nil {
		return "", errs.E(errs.NotFound, "no page at %s", routePath)
	}
	return d.Layout.Item.Language.Name, nil
}

type edgeChild struct {
	ID       string                `json:"id"`
	Name     string                `json:"name"`
	Path     string                `json:"path"`
	URL      edgeURL               `json:"url"`
	Template struct{ Name string } `json:"template"`
	Language struct{ Name string } `json:"language"`
	Updated  *edgeValue            `json:"updated"`
	Date     *edgeValue            `json:"date"`
	Title    *edgeValue            `json:"title"`
	NavTitle *edgeValue            `json:"navTitle"`
}

// Children implements Source: the direct children of p, newest first by date.
func (e *EdgeSource) Children(ctx context.Context, site, lang, p string) ([]ItemRef, error) {
	children, err := edgeChildren[edgeChild](ctx, e, qChildren, site, lang, p)
	if err != nil {
		return nil, err
	}
	out := make([]ItemRef, 0, len(children))
	for _, c := range children {
		f := Fields{}
		for name, v := range map[string]*edgeValue{"date": c.Date, "title": c.Title, "navTitle": c.NavTitle} {
			if v != nil {
				f[name] = map[string]any{"value": v.Value}
			}
		}
		ref := ItemRef{ID: c.ID, Path: c.URL.Path, TemplateName: c.Template.Name, Languages: []string{lang}, Fields: map[string]Fields{lang: f}}
		if t, err := parseEdgeTime(c.Updated.String()); err == nil {
			ref.Updated = t
		}
		out = append(out, ref)
	}
	sortByDateDesc(out, lang)
	return out, nil
}

func sortByDateDesc(refs []ItemRef, lang string) {
	for i := 1; i < len(refs); i++ {
		for j := i; j > 0 && refs[j].Fields[lang].String("date") > refs[j-1].Fields[lang].String("date"); j-- {
			refs[j], refs[j-1] = refs[j-1], refs[j]
		}
	}
}

// parseEdgeTime reads Sitecore's date formats (ISO 8601 or yyyyMMddTHHmmssZ).
func parseEdgeTime(s string) (time.Time, error) {
	for _, layout := range []string{time.RFC3339, "20060102T150405Z", "2006-01-02"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t, nil
		}
	}
	return time.Time{}, fmt.Errorf("not a date: %q", s)
}

// Items implements Source: every item with a layout under the site's home
// item, in every language, found with paged searches.
func (e *EdgeSource) Items(ctx context.Context, site string) ([]ItemRef, error) {
	lang := "en"
	if e.cfg.DefaultLanguage != nil {
		lang = e.cfg.DefaultLanguage(site)
	}
	home, err := e.HomePath(ctx, site, lang)
	if err != nil {
		return nil, err
	}
	homeID, err := e.itemID(ctx, home, lang)
	if err != nil {
		return nil, err
	}
	where := map[string]any{"AND": []any{
		map[string]any{"name": "_path", "value": homeID, "operator": "CONTAINS"},
		map[string]any{"name": "_hasLayout", "value": "true"},
	}}
	byID := map[string]int{}
	var out []ItemRef
	var after any
	for page := 0; page < 200; page++ {
		var d struct {
			Search struct {
				PageInfo struct {
					EndCursor string `json:"endCursor"`
					HasNext   bool   `json:"hasNext"`
				} `json:"pageInfo"`
				Results []edgeChild `json:"results"`
			} `json:"search"`
		}
		if err := e.query(ctx, qItems, map[string]any{"where": where, "after": after}, &d); err != nil {
			return nil, err
		}
		for _, c := range d.Search.Results {
			if strings.Contains(c.Path, "/*") || c.Name == "*" {
				continue // wildcard items are not pages of their own
			}
			f := Fields{}
			if c.NavTitle != nil {
				f["navTitle"] = map[string]any{"value": c.NavTitle.Value}
			}
			i, ok := byID[c.ID]
			if !ok {
				i = len(out)
				byID[c.ID] = i
				out = append(out, ItemRef{ID: c.ID, Path: c.URL.Path, TemplateName: c.Template.Name, Fields: map[string]Fields{}})
			}
			out[i].Languages = append(out[i].Languages, c.Language.Name)
			out[i].Fields[c.Language.Name] = f
			if t, err := parseEdgeTime(c.Updated.String()); err == nil && t.After(out[i].Updated) {
				out[i].Updated = t
			}
		}
		if !d.Search.PageInfo.HasNext || d.Search.PageInfo.EndCursor == "" {
			break
		}
		after = d.Search.PageInfo.EndCursor
	}
	return out, nil
}

// itemID returns the id of the item at a Sitecore path (publish-info query).
func (e *EdgeSource) itemID(ctx context.Context, itemPath, lang string) (string, error) {
	id, _, err := e.publishInfo(ctx, itemPath, lang)
	return id, err
}

// publishInfo returns an item's id and its date field.
func (e *EdgeSource) publishInfo(ctx context.Context, itemPath, lang string) (id, date string, err error) {
	var d struct {
		Item *struct {
			ID   string     `json:"id"`
			Date *edgeValue `json:"date"`
		} `json:"item"`
	}
	if err := e.query(ctx, qPublishInfo, map[string]any{"path": itemPath, "language": lang}, &d); err != nil {
		return "", "", err
	}
	if d.Item == nil {
		return "", "", errs.E(errs.NotFound, "no item at %s", itemPath)
	}
	return d.Item.ID, d.Item.Date.String(), nil
}
