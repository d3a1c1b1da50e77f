package catalogpages

import (
	"context"
	"sort"
	"strings"
	"time"

	"forecourt/internal/content"
	"forecourt/internal/page"
	"forecourt/internal/search"
	"forecourt/internal/site"
)

// DocsFunc returns a forecourt site's car and dealer-site documents, at
// least the fields SitemapURLs reads (Pages.IndexDocs).
type DocsFunc func(st *site.Site) (cars, sites []map[string]any, err error)

// IndexDocs is the DocsFunc of a server: the fields of the sitemap, read
// from the site's search indexes (in index order, which is the store's).
func (p *Pages) IndexDocs(st *site.Site) (cars, sites []map[string]any, err error) {
	ctx := context.Background()
	all := func(index string, fields []string) ([]map[string]any, error) {
		var out []map[string]any
		for q := (search.Query{Index: index, Fields: fields, Limit: search.MaxLimit}); ; q.Offset += q.Limit {
			res, err := p.Search.Search(ctx, q)
			if err != nil {
				return nil, err
			}
			out = append(out, res.Content...)
			if len(res.Content) < q.Limit || len(out) >= res.TotalItems {
				return out, nil
			}
		}
	}
	if cars, err = all(st.VehiclesIndex(), []string{"car_id", "slug", "indexed_at", "car_brand", "car_model"}); err != nil {
		return nil, nil, err
	}
	sites, err = all(st.SitesIndex(), []string{"slug"})
	return cars, sites, err
}

// Sitemap returns the sitemap contributor: in the site's default language,
// every car's detail URL (pathToCarDetail + {car_id}/{slug}, last modified
// at indexed_at), every dealer site (pathToSiteDetail + slug) and the
// brand and brand/model list pages. Keys missing from the dictionary leave
// their part out.
func (p *Pages) Sitemap(docs DocsFunc) func(ctx context.Context, st *site.Site, base string) ([]page.SitemapURL, error) {
	return func(ctx context.Context, st *site.Site, base string) ([]page.SitemapURL, error) {
		dict, err := p.Content.Dictionary(ctx, st.Name, st.DefaultLanguage())
		if err != nil {
			return nil, err
		}
		cars, sites, err := docs(st)
		if err != nil {
			return nil, err
		}
		return SitemapURLs(dict, base, cars, sites), nil
	}
}

// SitemapURLs lists the URLs of cars, dealer sites and brand pages.
func SitemapURLs(dict content.Dictionary, base string, cars, sites []map[string]any) []page.SitemapURL {
	var out []page.SitemapURL
	if detail := dict["pathToCarDetail"]; detail != "" {
		detail = strings.TrimSuffix(detail, "/") + "/"
		for _, c := range cars {
			id, slug := str(c["car_id"]), str(c["slug"])
			if id == "" {
				continue
			}
			u := page.SitemapURL{Loc: page.Absolute(base, detail+id+"/"+slug)}
			if t, ok := c["indexed_at"].(float64); ok && t > 0 {
				u.LastMod = time.Unix(int64(t), 0).UTC()
			}
			out = append(out, u)
		}
	}
	if list := strings.TrimSuffix(dict["pathToCarList"], "/"); list != "" {
		pages := map[string]bool{}
		for _, c := range cars {
			b, m := str(c["car_brand"]), str(c["car_model"])
			if b == "" {
				continue
			}
			pages[list+"/"+Slug(b)] = true
			if m != "" {
				pages[list+"/"+Slug(b)+"/"+Slug(m)] = true
			}
		}
		keys := make([]string, 0, len(pages))
		for k := range pages {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			out = append(out, page.SitemapURL{Loc: page.Absolute(base, k)})
		}
	}
	if detail := dict["pathToSiteDetail"]; detail != "" {
		detail = strings.TrimSuffix(detail, "/") + "/"
		for _, s := range sites {
			if slug := str(s["slug"]); slug != "" {
				out = append(out, page.SitemapURL{Loc: page.Absolute(base, detail+slug)})
			}
		}
	}
	return out
}
