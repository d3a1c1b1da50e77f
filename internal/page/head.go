package page

import (
	"strings"
	"time"

	"forecourt/internal/content"
)

// Head is everything of the document head that Go writes, so it is right
// even when the body falls back to client-side rendering.
type Head struct {
	Title         string
	Description   string
	OGTitle       string
	OGSiteName    string
	OGDescription string
	OGImage       string
	OGType        string
	Canonical     string
	Favicon       string
	Robots        string
	// JSONLD holds structured-data objects, each written as its own script.
	JSONLD []any
	// GTMID is the tag-manager container id; empty means no tag manager.
	GTMID      string
	Alternates []Alternate
}

// Alternate is an hreflang link.
type Alternate struct {
	Lang string
	Href string
}

// SitemapURL is one <url> of a site's sitemap: the features that own
// pages (cars, dealer sites) contribute theirs to the server's sitemap.
type SitemapURL struct {
	Loc        string
	LastMod    time.Time
	Alternates []Alternate
}

// DefaultFavicon is served when the site settings name none.
const DefaultFavicon = "/favicon.svg"

func (a *Assembler) baseHead(req *Request, route *content.Route, dict content.Dictionary) Head {
	f := route.Fields
	title := f.String("metaTitle")
	if title == "" {
		title = f.String("navTitle")
	}
	if title == "" {
		title = route.DisplayName
	}
	h := Head{
		Title:       FillTitle(dict, req.Site.Settings.TitleTemplate, title),
		Description: f.String("metaDescription"),
		OGSiteName:  req.Site.Settings.DisplayName,
		OGType:      "website",
		Favicon:     req.Site.Settings.Favicon,
		GTMID:       req.Site.Settings.GTMID,
	}
	h.OGTitle = title
	h.OGDescription = f.String("ogDescription")
	if h.OGDescription == "" {
		h.OGDescription = h.Description
	}
	if src, _ := f.Image("ogImage"); src != "" {
		h.OGImage = Absolute(req.BaseURL, src)
	}
	if id := f.String("gtmID"); id != "" {
		h.GTMID = id
	}
	if h.Favicon == "" {
		h.Favicon = DefaultFavicon
		if icon := req.Site.Icon(); icon != "" {
			h.Favicon = "/icons/" + icon + ".svg"
		}
	}
	if c := f.String("canonicalURL"); c != "" {
		h.Canonical = strings.ToLower(Absolute(req.BaseURL, c))
	} else {
		h.Canonical = Absolute(req.BaseURL, req.PublicPath(req.Path))
	}
	if route.TemplateName == "NotFoundPage" {
		h.Robots = "noindex"
		h.Canonical = ""
	}
	if f.Bool("noIndex") {
		// Pages reached only from personal links (the saved-searches page
		// with its token) stay out of search engines and the sitemap.
		h.Robots = "noindex"
	}
	for _, l := range a.Languages(req) {
		h.Alternates = append(h.Alternates, Alternate{Lang: req.Site.Locale(l.Name), Href: Absolute(req.BaseURL, l.URL)})
	}
	home := Absolute(req.BaseURL, req.PublicPath("/"))
	website := map[string]any{
		"@context":   "https://schema.org",
		"@type":      "WebSite",
		"name":       req.Site.Settings.DisplayName,
		"url":        home,
		"inLanguage": req.Site.Locale(req.Lang),
	}
	if list := dict["pathToCarList"]; list != "" {
		website["potentialAction"] = map[string]any{
			"@type":       "SearchAction",
			"target":      Absolute(req.BaseURL, list) + "?keyphrase={search_term_string}",
			"query-input": "required name=search_term_string",
		}
	}
	h.JSONLD = append(h.JSONLD, website)
	return h
}

// FillTitle fills the title template: the dictionary's titleTemplate wins
// over the site setting; "{title}" is replaced.
func FillTitle(dict content.Dictionary, siteTemplate, title string) string {
	tpl := dict["titleTemplate"]
	if tpl == "" {
		tpl = siteTemplate
	}
	if tpl == "" || title == "" {
		return title
	}
	return strings.ReplaceAll(tpl, "{title}", title)
}

// Absolute makes u absolute against base unless it already is.
func Absolute(base, u string) string {
	if strings.HasPrefix(u, "http://") || strings.HasPrefix(u, "https://") {
		return u
	}
	if !strings.HasPrefix(u, "/") {
		u = "/" + u
	}
	return strings.TrimSuffix(base, "/") + u
}
