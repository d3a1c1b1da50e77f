package catalogpages

// The listing blocks that editors place on any page: the dealer-site
// selection list, the site block with a few of its cars and the car
// teasers. Block settings are read from the component's fields at the
// boundary; the search engine does the rest, with the car list's query
// rules and card shape (ListQuery, Cards).

import (
	"context"
	"log/slog"
	"net/url"
	"strconv"
	"strings"

	"forecourt/internal/content"
	"forecourt/internal/page"
	"forecourt/internal/search"
)

// Limits of spec section 9.
const (
	SiteQueryLimit = 100 // site selection list
	SiteBlockCars  = 4   // cars on a site block
	TeaserDefault  = 8   // car teasers when the block gives no count
	TeaserMax      = 24  // the most a teaser block may ask for
)

// Listings are the loaders of the listing blocks.
type Listings struct {
	Search  Searcher
	Content content.Source
	Logger  *slog.Logger
}

func (b *Listings) log() *slog.Logger {
	if b.Logger != nil {
		return b.Logger
	}
	return slog.Default()
}

func (b *Listings) dict(ctx context.Context, req *page.Request) content.Dictionary {
	if b.Content == nil {
		return content.Dictionary{}
	}
	d, err := b.Content.Dictionary(ctx, req.Site.Name, req.Lang)
	if err != nil || d == nil {
		return content.Dictionary{}
	}
	return d
}

// SiteEntry is one dealer site of a list.
type SiteEntry struct {
	ID     string `json:"siteId"`
	Slug   string `json:"slug"`
	Name   string `json:"name"`
	Street string `json:"street,omitempty"`
	Zip    string `json:"zip,omitempty"`
	City   string `json:"city,omitempty"`
	Phone  string `json:"phone,omitempty"`
	Image  string `json:"image,omitempty"`
	Blur   string `json:"blur,omitempty"`
	Href   string `json:"href"`
}

var siteEntryFields = []string{"site_id", "slug", "site_official_name", "site_street", "site_zip", "site_city", "site_phone", "site_primary_image"}

func siteEntry(d map[string]any, detail string) SiteEntry {
	e := SiteEntry{ID: str(d["site_id"]), Slug: str(d["slug"]), Name: str(d["site_official_name"]), Street: str(d["site_street"]),
		Zip: str(d["site_zip"]), City: str(d["site_city"]), Phone: str(d["site_phone"])}
	if img, ok := d["site_primary_image"].(map[string]any); ok {
		e.Image, e.Blur = str(img["thumbnail_url"]), str(img["blur_data_url"])
	}
	if e.Slug != "" {
		e.Href = detail + e.Slug
	}
	return e
}

// detailPath is the dictionary's pathToSiteDetail ending in "/".
func detailPath(dict content.Dictionary) string {
	p := dict["pathToSiteDetail"]
	if p == "" {
		return ""
	}
	return strings.TrimSuffix(p, "/") + "/"
}

// SiteSelectionData is the site selection list's output.
type SiteSelectionData struct {
	Sites []SiteEntry `json:"sites"`
	Error bool        `json:"error,omitempty"`
}

// SiteSelection lists the site's dealer sites (limit 100, the sites'
// own order), each linking to {pathToSiteDetail}{slug}. The block's
// optional Brand field keeps the sites selling that brand, City those of
// that city. A failed search is logged and gives an empty list with Error.
func (b *Listings) SiteSelection(ctx context.Context, req *page.Request, route *content.Route, c *content.Component) (any, error) {
	detail := detailPath(b.dict(ctx, req))
	filters := map[string][]string{}
	if v := strings.TrimSpace(c.Fields.String("Brand")); v != "" {
		filters["site_brands"] = []string{v}
	}
	if v := strings.TrimSpace(c.Fields.String("City")); v != "" {
		filters["site_city"] = []string{v}
	}
	res, err := b.Search.Search(ctx, search.Query{Index: req.Site.SitesIndex(), Fields: siteEntryFields, Limit: SiteQueryLimit,
		SortName: "website_sort_order_asc", Filters: filters})
	d := &SiteSelectionData{Sites: []SiteEntry{}}
	if err != nil {
		b.log().Error("site selection search failed", "site", req.Site.Name, "err", err)
		d.Error = true
		return d, nil
	}
	for _, s := range res.Content {
		d.Sites = append(d.Sites, siteEntry(s, detail))
	}
	return d, nil
}

// SiteBlockData is the site block's output: one dealer site and up to 4 of
// its cars.
type SiteBlockData struct {
	Site      *SiteEntry `json:"site"`
	Cars      []CarCard  `json:"cars"`
	CarDetail string     `json:"carDetailPath"`
	CarsHref  string     `json:"carsHref,omitempty"`
	Total     int        `json:"total"`
}

// SiteBlock loads the dealer site named by the block's Site field (its
// slug) with its 4 latest cars. An unknown site gives Site nil, and the
// block shows nothing to visitors.
func (b *Listings) SiteBlock(ctx context.Context, req *page.Request, route *content.Route, c *content.Component) (any, error) {
	dict := b.dict(ctx, req)
	d := &SiteBlockData{Cars: []CarCard{}, CarDetail: dict["pathToCarDetail"]}
	slug := strings.TrimSpace(c.Fields.String("Site"))
	if slug == "" {
		return d, nil
	}
	res, err := b.Search.Search(ctx, search.Query{Index: req.Site.SitesIndex(), Fields: siteEntryFields, Limit: 1,
		Filters: map[string][]string{"slug": {slug}}})
	if err != nil || len(res.Content) == 0 {
		b.log().Warn("site block: dealer site not found", "site", req.Site.Name, "slug", slug, "err", err)
		return d, nil
	}
	s := siteEntry(res.Content[0], detailPath(dict))
	d.Site = &s
	cars, err := b.Search.Search(ctx, search.Query{Index: req.Site.VehiclesIndex(), Fields: CardFields, Limit: SiteBlockCars,
		SortName: "car_publishdate_desc", Filters: map[string][]string{"car_site_id": {s.ID}}})
	if err != nil {
		b.log().Error("site block: cars failed", "site", req.Site.Name, "slug", slug, "err", err)
		return d, nil
	}
	d.Cars, d.Total = Cards(cars.Content), cars.TotalItems
	if base := dict["pathToCarList"]; base != "" {
		v := url.Values{}
		v.Set("car_site_name", s.Name)
		d.CarsHref = base + "?" + v.Encode()
	}
	return d, nil
}

// CarTeasersData is the car teasers' output.
type CarTeasersData struct {
	Cars      []CarCard `json:"cars"`
	CarDetail string    `json:"carDetailPath"`
	// MoreHref is the car list with the block's filter and sort.
	MoreHref string `json:"moreHref,omitempty"`
	Total    int    `json:"total"`
	Error    bool   `json:"error,omitempty"`
}

// TeaserQuery reads a teaser block's settings: Count (default 8, at most
// 24), Filter in the car list's query-string form ("car_brand=Volvo&
// car_fuel=El&car_price=0-300000") and Sort (one of the list's sorts;
// default newest first).
func TeaserQuery(f content.Fields) (ListQuery, int) {
	n := TeaserDefault
	if v, err := strconv.Atoi(strings.TrimSpace(f.String("Count"))); err == nil && v > 0 {
		n = min(v, TeaserMax)
	}
	v, _ := url.ParseQuery(strings.TrimPrefix(strings.TrimSpace(f.String("Filter")), "?"))
	if v == nil {
		v = url.Values{}
	}
	if s := strings.TrimSpace(f.String("Sort")); s != "" {
		v.Set("sort", s)
	}
	v.Del("page")
	return ParseListQuery(v), n
}

// CarTeasers loads the block's cars (see TeaserQuery). A failed search is
// logged and gives no cars with Error.
func (b *Listings) CarTeasers(ctx context.Context, req *page.Request, route *content.Route, c *content.Component) (any, error) {
	dict := b.dict(ctx, req)
	q, n := TeaserQuery(c.Fields)
	d := &CarTeasersData{Cars: []CarCard{}, CarDetail: dict["pathToCarDetail"]}
	if base := dict["pathToCarList"]; base != "" {
		d.MoreHref = base
		if qs := q.Encode(); qs != "" {
			d.MoreHref += "?" + qs
		}
	}
	res, err := b.Search.Search(ctx, search.Query{Index: req.Site.VehiclesIndex(), Fields: CardFields, Limit: n,
		SortName: q.Sort, Keyphrase: q.Keyphrase, Filters: q.SearchFilters()})
	if err != nil {
		b.log().Error("car teasers search failed", "site", req.Site.Name, "err", err)
		d.Error = true
		return d, nil
	}
	d.Cars, d.Total = Cards(res.Content), res.TotalItems
	return d, nil
}
