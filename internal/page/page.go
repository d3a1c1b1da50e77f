// Package page assembles a page: it resolves the route from the content
// source, runs the loaders of its components concurrently and builds the
// head. Its output is the page data that the render workers turn into HTML
// and the browser hydrates from.
package page

import (
	"context"
	"fmt"
	"log/slog"
	"net/url"
	"strings"
	"sync"
	"time"

	"forecourt/internal/content"
	"forecourt/internal/errs"
	"forecourt/internal/site"
)

// Request is what the web layer knows about a page request.
type Request struct {
	Site *site.Site
	Lang string
	// Path is the site-relative item path without the language prefix ("/om-oss").
	Path string
	// Query is the parsed query string.
	Query url.Values
	// Editing is true in editing mode (signed-in editors only).
	Editing bool
	// HideAlert reflects the hideAlert cookie.
	HideAlert bool
	// BaseURL is the absolute origin of the site, e.g. "https://forecourt.se".
	BaseURL string
}

// LangPrefix returns "" for the default language and "/<lang>" otherwise.
func (r *Request) LangPrefix() string {
	if r.Lang == r.Site.DefaultLanguage() {
		return ""
	}
	return "/" + r.Lang
}

// PublicPath returns the URL path of an item path in the request's language.
func (r *Request) PublicPath(itemPath string) string {
	p := r.LangPrefix() + itemPath
	if itemPath == "/" && p != "/" {
		p = r.LangPrefix()
	}
	return p
}

// SiteInfo is the site block of the page data.
type SiteInfo struct {
	Name            string             `json:"name"`
	Kind            string             `json:"kind"`
	Language        string             `json:"language"`
	DefaultLanguage string             `json:"defaultLanguage"`
	Locale          string             `json:"locale"`
	Currency        string             `json:"currency"`
	Languages       []content.Language `json:"languages"`
	HomePath        string             `json:"homePath"`
	IsUK            bool               `json:"isUK"`
	IsCarStore      bool               `json:"isCarStore"`
	// Country is the site's ISO 3166 alpha-2 code ("SE"; "EU" for the EU
	// site): the default prefix of national phone numbers in forms.
	Country     string `json:"country"`
	MapStyleURL string `json:"mapStyleUrl,omitempty"`
}

// Flags are request facts that change what is shown.
type Flags struct {
	HideAlert bool `json:"hideAlert"`
}

// Data is the page data: the render input and the hydration state.
type Data struct {
	Sitecore struct {
		Context content.Context `json:"context"`
		Route   *content.Route  `json:"route"`
	} `json:"sitecore"`
	Site       SiteInfo           `json:"site"`
	Dictionary content.Dictionary `json:"dictionary"`
	Path       string             `json:"path"`
	Query      string             `json:"query"`
	Status     int                `json:"status"`
	Data       map[string]any     `json:"data"`
	Flags      Flags              `json:"flags"`
}

// Result is an assembled page.
type Result struct {
	Data   *Data
	Head   Head
	Status int
	// Redirect, when set, answers with RedirectStatus and this Location.
	Redirect       string
	RedirectStatus int
	// Updated is when the content last changed (for Last-Modified).
	Updated time.Time
}

// Loader produces the data of one component. A failing loader is logged
// and its component gets null data. Loaders may return a HeadContributor
// to change the page head, or a *Outcome to set the status or redirect.
type Loader func(ctx context.Context, req *Request, route *content.Route, c *content.Component) (any, error)

// HeadContributor is implemented by loader data that changes the head
// (a car detail page sets its own title, description and JSON-LD).
type HeadContributor interface {
	ContributeHead(h *Head)
}

// Outcome is returned (as data, or as the error) by a loader that decides
// the response: a redirect or a not-found status.
type Outcome struct {
	Status   int
	Redirect string
	Data     any
}

func (o *Outcome) Error() string { return fmt.Sprintf("page outcome %d %s", o.Status, o.Redirect) }

// Rewriter maps a request path onto the content item that serves it and
// the trailing segments its loaders read (catalogue routes such as
// /bilar/{id}/{slug} or /bilar/bmw/x3). It returns ok=false to pass.
type Rewriter func(ctx context.Context, req *Request, dict content.Dictionary) (itemPath string, rest []string, ok bool)

// Assembler builds pages. Set its fields before use; it is safe for
// concurrent use afterwards.
type Assembler struct {
	Content content.Source
	// Locales are the enabled locales (LOCALES); site languages outside the
	// list are not offered in the language switcher.
	Locales []string
	Logger  *slog.Logger
	// MapStyleURL is handed to the front end's maps (MAP_STYLE_URL).
	MapStyleURL string
	// LoaderTimeout bounds each loader (default 1 s).
	LoaderTimeout time.Duration
	mu            sync.RWMutex
	loaders       map[string]Loader
	rewriters     []namedRewriter
}

// namedRewriter is a rewriter with the name it was added under, so that a
// second one of the same name is refused.
type namedRewriter struct {
	name string
	rw   Rewriter
}

// Rewrite adds a path rewriter under a name; rewriters are asked in the
// order added, so the caller's order decides which one sees a path first.
// A second rewriter of the same name panics: wiring a feature twice is a
// programming error found at start, like a second handler of one pattern
// on an http.ServeMux, rather than a rewriter silently asked twice.
func (a *Assembler) Rewrite(name string, rw Rewriter) {
	a.mu.Lock()
	defer a.mu.Unlock()
	for _, r := range a.rewriters {
		if r.name == name {
			panic(fmt.Sprintf("page: a second path rewriter named %q (each rewriter is added once)", name))
		}
	}
	a.rewriters = append(a.rewriters, namedRewriter{name, rw})
}

// Register adds the loader of a component name. A second loader of the
// same component panics instead of silently replacing the first, so that
// the loader that runs is the one registration that names it.
func (a *Assembler) Register(componentName string, l Loader) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.loaders == nil {
		a.loaders = map[string]Loader{}
	}
	if _, dup := a.loaders[componentName]; dup {
		panic(fmt.Sprintf("page: a second loader for component %q (each component has one loader)", componentName))
	}
	a.loaders[componentName] = l
}

func (a *Assembler) loader(name string) Loader {
	a.mu.RLock()
	defer a.mu.RUnlock()
	return a.loaders[name]
}

// LocaleEnabled reports whether lang is in the enabled locales.
func (a *Assembler) LocaleEnabled(lang string) bool {
	if len(a.Locales) == 0 {
		return true
	}
	for _, l := range a.Locales {
		if l == lang {
			return true
		}
	}
	return false
}

// Page assembles the page for req. A missing item gives the site's /404
// item with status 404. Errors are returned only when the site has no
// content at all or the source fails.
func (a *Assembler) Page(ctx context.Context, req *Request) (*Result, error) {
	status := 200
	dict, err := a.Content.Dictionary(ctx, req.Site.Name, req.Lang)
	if err != nil && !errs.Is(err, errs.NotFound) {
		return nil, err
	}
	if dict == nil {
		dict = content.Dictionary{}
	}
	itemPath, rest := req.Path, []string(nil)
	a.mu.RLock()
	rewriters := a.rewriters
	a.mu.RUnlock()
	for _, rw := range rewriters {
		if p, r, ok := rw.rw(ctx, req, dict); ok {
			itemPath, rest = p, r
			break
		}
	}
	route, err := a.Content.Route(ctx, req.Site.Name, req.Lang, itemPath)
	if err == nil && rest != nil {
		route.Wildcard = rest
	}
	if err == nil && DataTemplates[route.TemplateName] {
		err = errs.E(errs.NotFound, "%s is a %s, not a page", itemPath, route.TemplateName)
	}
	if errs.Is(err, errs.NotFound) {
		status = 404
		route, err = a.Content.Route(ctx, req.Site.Name, req.Lang, "/404")
		if errs.Is(err, errs.NotFound) {
			route = &content.Route{Name: "404", TemplateName: "NotFoundPage", ItemLanguage: req.Lang, Fields: content.Fields{}, Placeholders: map[string][]content.Component{}}
			err = nil
		}
	}
	if err != nil {
		return nil, err
	}
	return a.assemble(ctx, req, route, status, dict)
}

// DataTemplates are templates of items that hold data for other pages
// (story tags and their folder) and have no page of their own: their paths
// answer with the not-found page.
var DataTemplates = map[string]bool{"StoryTag": true, "StoryTagsFolder": true}

// PageForRoute assembles the page of a route the caller already has
// (layout data posted by an external editing tool): the dictionary, site
// block, loaders and head.
func (a *Assembler) PageForRoute(ctx context.Context, req *Request, route *content.Route, status int) (*Result, error) {
	dict, err := a.Content.Dictionary(ctx, req.Site.Name, req.Lang)
	if err != nil && !errs.Is(err, errs.NotFound) {
		return nil, err
	}
	if dict == nil {
		dict = content.Dictionary{}
	}
	return a.assemble(ctx, req, route, status, dict)
}

func (a *Assembler) assemble(ctx context.Context, req *Request, route *content.Route, status int, dict content.Dictionary) (*Result, error) {
	d := &Data{Dictionary: dict, Status: status, Data: map[string]any{}, Flags: Flags{HideAlert: req.HideAlert}}
	d.Sitecore.Context = content.Context{PageEditing: req.Editing, Site: content.ContextSite{Name: req.Site.Name}, Language: req.Lang, ItemPath: req.Path}
	d.Sitecore.Route = route
	d.Path = req.PublicPath(req.Path)
	d.Query = req.Query.Encode()
	d.Site = SiteInfo{
		Name: req.Site.Name, Kind: string(req.Site.Kind), Language: req.Lang, DefaultLanguage: req.Site.DefaultLanguage(),
		Locale: req.Site.Locale(req.Lang), Currency: req.Site.Currency, Languages: a.Languages(req),
		HomePath: req.PublicPath("/"), IsUK: req.Site.IsUK(), IsCarStore: req.Site.IsCarStore(), Country: req.Site.Country,
		MapStyleURL: a.MapStyleURL,
	}
	res := &Result{Data: d, Status: status, Updated: route.Updated}
	head := a.baseHead(req, route, dict)
	outcome := a.runLoaders(ctx, req, route, d, &head)
	if outcome != nil {
		if outcome.Redirect != "" {
			res.Redirect, res.RedirectStatus = outcome.Redirect, outcome.Status
			return res, nil
		}
		if outcome.Status != 0 {
			res.Status, d.Status = outcome.Status, outcome.Status
		}
	}
	res.Head = head
	return res, nil
}

// runLoaders runs every component's loader concurrently, each with its own
// deadline, and stores the results by component uid.
func (a *Assembler) runLoaders(ctx context.Context, req *Request, route *content.Route, d *Data, head *Head) *Outcome {
	type job struct {
		c *content.Component
		l Loader
	}
	var jobs []job
	var walk func(map[string][]content.Component)
	walk = func(ph map[string][]content.Component) {
		for name := range ph {
			list := ph[name]
			for i := range list {
				c := &list[i]
				if l := a.loader(c.ComponentName); l != nil {
					jobs = append(jobs, job{c, l})
				}
				walk(c.Placeholders)
			}
		}
	}
	walk(route.Placeholders)
	timeout := a.LoaderTimeout
	if timeout <= 0 {
		timeout = time.Second
	}
	type result struct {
		uid  string
		data any
		err  error
	}
	results := make([]result, len(jobs))
	var wg sync.WaitGroup
	for i, j := range jobs {
		wg.Add(1)
		go func(i int, j job) {
			defer wg.Done()
			lctx, cancel := context.WithTimeout(ctx, timeout)
			defer cancel()
			defer func() {
				if p := recover(); p != nil {
					results[i] = result{uid: j.c.UID, err: fmt.Errorf("loader panic: %v", p)}
				}
			}()
			data, err := j.l(lctx, req, route, j.c)
			results[i] = result{uid: j.c.UID, data: data, err: err}
		}(i, j)
	}
	wg.Wait()
	var outcome *Outcome
	for i, r := range results {
		if o, ok := r.err.(*Outcome); ok {
			outcome = o
			d.Data[r.uid] = o.Data
			continue
		}
		if o, ok := r.data.(*Outcome); ok {
			outcome = o
			d.Data[r.uid] = o.Data
			if hc, ok := o.Data.(HeadContributor); ok {
				hc.ContributeHead(head)
			}
			continue
		}
		if r.err != nil {
			a.logger().Error("component loader failed", "component", jobs[i].c.ComponentName, "uid", r.uid, "site", req.Site.Name, "path", req.Path, "err", r.err)
			d.Data[r.uid] = nil
			continue
		}
		d.Data[r.uid] = r.data
		if hc, ok := r.data.(HeadContributor); ok {
			hc.ContributeHead(head)
		}
	}
	return outcome
}

func (a *Assembler) logger() *slog.Logger {
	if a.Logger != nil {
		return a.Logger
	}
	return slog.Default()
}

// Languages lists the site's languages that are enabled locales, each with
// the URL of the current page in that language.
func (a *Assembler) Languages(req *Request) []content.Language {
	var out []content.Language
	for _, l := range req.Site.Languages {
		if !a.LocaleEnabled(l) {
			continue
		}
		r := *req
		r.Lang = l
		info := languageNames[l]
		out = append(out, content.Language{Name: l, DisplayName: info[0], EnglishName: info[1], NativeName: info[0], URL: r.PublicPath(req.Path)})
	}
	return out
}

var languageNames = map[string][2]string{
	"sv": {"Svenska", "Swedish"}, "en": {"English", "English"}, "da": {"Dansk", "Danish"},
	"nb": {"Norsk", "Norwegian"}, "fi": {"Suomi", "Finnish"}, "sk": {"Slovenčina", "Slovak"},
}

// SplitLang splits a URL path into the language and the item path: "/en/a"
// on a site with language en gives ("en", "/a"); paths without a known
// prefix are in the default language.
func SplitLang(s *site.Site, locales []string, p string) (lang, itemPath string) {
	trimmed := strings.TrimPrefix(p, "/")
	first, rest, _ := strings.Cut(trimmed, "/")
	if first != "" && first != s.DefaultLanguage() && s.HasLanguage(first) && contains(locales, first) {
		return first, "/" + rest
	}
	return s.DefaultLanguage(), "/" + trimmed
}

func contains(list []string, s string) bool {
	if len(list) == 0 {
		return true
	}
	for _, l := range list {
		if l == s {
			return true
		}
	}
	return false
}
