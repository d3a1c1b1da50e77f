package web

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"net/http"

	"forecourt/internal/content"
	"forecourt/internal/httpguard"
	"forecourt/internal/httpkit"
	"forecourt/internal/page"
)

// handleRobots serves "GET /robots.txt" for the request's site.
func (s *Server) handleRobots(w http.ResponseWriter, r *http.Request) error {
	base := httpguard.BaseURL(r)
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	fmt.Fprintf(w, "User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /_page/\nDisallow: /_img\n\nSitemap: %s/sitemap.xml\n", base)
	return nil
}

// notInSitemap are templates of items that are not pages of their own:
// the not-found page, tag folders, and the items behind catalogue routes
// (their URLs come from the catalogue's sitemap contributors).
var notInSitemap = map[string]bool{
	"NotFoundPage": true, "StoryTag": true, "StoryTagsFolder": true,
	"CarDetailPage": true, "SiteDetailPage": true,
}

// noIndex reports an item whose editors set the noIndex field (in any of
// its languages): its pages carry robots noindex and are not listed.
func noIndex(it content.ItemRef) bool {
	for _, f := range it.Fields {
		if f.Bool("noIndex") {
			return true
		}
	}
	return false
}

type xmlURLSet struct {
	XMLName xml.Name `xml:"urlset"`
	NS      string   `xml:"xmlns,attr"`
	XHTML   string   `xml:"xmlns:xhtml,attr"`
	URLs    []xmlURL `xml:"url"`
}

type xmlURL struct {
	Loc     string    `xml:"loc"`
	LastMod string    `xml:"lastmod,omitempty"`
	Links   []xmlLink `xml:"xhtml:link"`
}

type xmlLink struct {
	Rel      string `xml:"rel,attr"`
	Hreflang string `xml:"hreflang,attr"`
	Href     string `xml:"href,attr"`
}

// handleSitemap serves "GET /sitemap.xml": the site's content pages in each
// language with hreflang alternates, plus what the domains add (cars, dealer
// sites).
func (s *Server) handleSitemap(w http.ResponseWriter, r *http.Request) error {
	st := httpguard.SiteOf(r)
	base := httpguard.BaseURL(r)
	items, err := s.pages.Content.Items(r.Context(), st.Name)
	if err != nil {
		return err
	}
	var urls []page.SitemapURL
	for _, it := range items {
		if notInSitemap[it.TemplateName] || noIndex(it) {
			continue
		}
		var alts []page.Alternate
		for _, l := range it.Languages {
			if !s.pages.LocaleEnabled(l) {
				continue
			}
			req := page.Request{Site: st, Lang: l}
			alts = append(alts, page.Alternate{Lang: st.Locale(l), Href: page.Absolute(base, req.PublicPath(it.Path))})
		}
		for _, a := range alts {
			urls = append(urls, page.SitemapURL{Loc: a.Href, LastMod: it.Updated, Alternates: alts})
		}
	}
	for _, extra := range s.deps.Sitemap {
		more, err := extra(r.Context(), st, base)
		if err != nil {
			s.log.Error("sitemap contributor failed", "site", st.Name, "err", err)
			continue
		}
		urls = append(urls, more...)
	}
	set := xmlURLSet{NS: "http://www.sitemaps.org/schemas/sitemap/0.9", XHTML: "http://www.w3.org/1999/xhtml"}
	for _, u := range urls {
		x := xmlURL{Loc: u.Loc}
		if !u.LastMod.IsZero() {
			x.LastMod = u.LastMod.UTC().Format("2006-01-02")
		}
		if len(u.Alternates) > 1 {
			for _, a := range u.Alternates {
				x.Links = append(x.Links, xmlLink{Rel: "alternate", Hreflang: a.Lang, Href: a.Href})
			}
		}
		set.URLs = append(set.URLs, x)
	}
	var buf bytes.Buffer
	buf.WriteString(xml.Header)
	if err := xml.NewEncoder(&buf).Encode(set); err != nil {
		return err
	}
	w.Header().Set("Content-Type", "application/xml; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	httpkit.WriteBody(w, r, http.StatusOK, buf.Bytes())
	return nil
}
