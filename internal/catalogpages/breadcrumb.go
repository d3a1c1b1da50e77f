package catalogpages

import (
	"context"
	"net/http"
	"strings"
	"time"

	"forecourt/internal/content"
	"forecourt/internal/errs"
	"forecourt/internal/page"
)

// Crumb is one breadcrumb link; the last one is the current page.
type Crumb struct {
	Title string `json:"title"`
	Href  string `json:"href"`
}

// BreadcrumbData is the breadcrumb loader's output. It also sets the
// page title and canonical of brand and model list pages.
type BreadcrumbData struct {
	Items []Crumb `json:"items"`
	// BackHref is where the back link goes without history: the parent.
	BackHref string `json:"backHref"`

	title, canonical string
	jsonLD           any
}

// ContributeHead implements page.HeadContributor.
func (b *BreadcrumbData) ContributeHead(h *page.Head) {
	if b.title != "" {
		h.Title = b.title
		h.OGTitle = b.title
	}
	if b.canonical != "" {
		h.Canonical = b.canonical
	}
	if b.jsonLD != nil {
		h.JSONLD = append(h.JSONLD, b.jsonLD)
	}
}

// titleTTL bounds how long an item's breadcrumb title is reused.
const titleTTL = time.Minute

type cachedTitle struct {
	title   string
	ok      bool
	expires time.Time
}

// itemTitle returns an item's breadcrumb title (navTitle, display name or
// name); ok is false when there is no such item. Titles are cached for a
// minute: building a route to read one field is the costliest part of the
// breadcrumb.
func (p *Pages) itemTitle(ctx context.Context, siteName, lang, itemPath string) (string, bool) {
	key := siteName + "\x00" + lang + "\x00" + itemPath
	now := time.Now()
	if v, ok := p.titles.Load(key); ok && now.Before(v.(cachedTitle).expires) {
		c := v.(cachedTitle)
		return c.title, c.ok
	}
	r, err := p.Content.Route(ctx, siteName, lang, itemPath)
	c := cachedTitle{ok: err == nil, expires: now.Add(titleTTL)}
	if err != nil && !errs.Is(err, errs.NotFound) {
		return "", false // a failing source is asked again next time
	}
	if err == nil {
		c.title = r.Fields.String("navTitle")
		if c.title == "" {
			c.title = r.DisplayName
		}
		if c.title == "" {
			c.title = r.Name
		}
	}
	p.titles.Store(key, c)
	return c.title, c.ok
}

// FacetTitle is the page title of a list filtered by path segments: one
// segment gives the brand, two give model plus brand ("X3 BMW").
func FacetTitle(brand, model string) string {
	if model != "" {
		return model + " " + brand
	}
	return brand
}

// Breadcrumb builds the trail from the content ancestors of the page and,
// on the car list, the brand and model segments of the path. On those
// pages it sets the title from titleTemplate ("X3 BMW | Forecourt") and a
// canonical of the readable path. Unknown segments answer 404.
func (p *Pages) Breadcrumb(ctx context.Context, req *page.Request, route *content.Route, c *content.Component) (any, error) {
	dict := p.dict(ctx, req)
	d := &BreadcrumbData{Items: []Crumb{}}
	var prefix string
	segs := strings.Split(strings.Trim(route.ItemPath, "/"), "/")
	paths := []string{"/"}
	for _, s := range segs {
		if s == "" || s == "*" {
			break
		}
		prefix += "/" + s
		paths = append(paths, prefix)
	}
	for _, ip := range paths {
		title, ok := p.itemTitle(ctx, req.Site.Name, req.Lang, ip)
		if !ok {
			continue
		}
		d.Items = append(d.Items, Crumb{Title: title, Href: req.PublicPath(ip)})
	}
	// Wildcard pages (a dealer site) end with their own segment; the
	// site detail loader names it.
	listBase := rootPath(req, dict, "pathToCarList")
	if route.ItemPath == listBase && len(route.Wildcard) > 0 {
		tree, err := p.brandTree(ctx, req.Site.VehiclesIndex())
		if err != nil {
			return nil, err
		}
		brand, model, ok := resolveSegments(tree, route.Wildcard)
		if !ok {
			return &page.Outcome{Status: http.StatusNotFound, Data: d}, nil
		}
		base := req.PublicPath(listBase)
		d.Items = append(d.Items, Crumb{Title: brand, Href: base + "/" + Slug(brand)})
		if model != "" {
			d.Items = append(d.Items, Crumb{Title: model, Href: base + "/" + Slug(brand) + "/" + Slug(model)})
		}
		d.title = page.FillTitle(dict, req.Site.Settings.TitleTemplate, FacetTitle(brand, model))
		d.canonical = page.Absolute(req.BaseURL, d.Items[len(d.Items)-1].Href)
	}
	if n := len(d.Items); n >= 2 {
		d.BackHref = d.Items[n-2].Href
	}
	if len(d.Items) > 1 {
		list := make([]any, len(d.Items))
		for i, it := range d.Items {
			list[i] = map[string]any{"@type": "ListItem", "position": i + 1, "name": it.Title, "item": page.Absolute(req.BaseURL, it.Href)}
		}
		d.jsonLD = map[string]any{"@context": "https://schema.org", "@type": "BreadcrumbList", "itemListElement": list}
	}
	return d, nil
}
