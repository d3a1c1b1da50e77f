package catalogpages

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"forecourt/internal/content"
	"forecourt/internal/page"
	"forecourt/internal/search"
)

// SiteCardFields are the dealer-site fields the list cards use.
var SiteCardFields = []string{"site_id", "slug", "site_official_name", "site_street", "site_city", "site_primary_image", "site_brands"}

// siteFacets are the dealer-site list filters.
var siteFacets = []string{"site_city", "site_brands"}

// SiteListData is the dealer-site list loader's output.
type SiteListData struct {
	Index      string                `json:"index"`
	DetailPath string                `json:"detailPath"` // pathToSiteDetail, ends with "/"
	Filters    map[string][]string   `json:"filters"`
	Keyphrase  string                `json:"keyphrase"`
	Page       int                   `json:"page"`
	Facets     []search.FacetResult  `json:"facets"`
	Requests   []search.FacetRequest `json:"facetRequests"`
	Fields     []string              `json:"fields"`
	Sites      []map[string]any      `json:"sites"`
	Total      int                   `json:"total"`
	PageSize   int                   `json:"pageSize"`
	Error      bool                  `json:"error"`
}

// ParseSiteQuery reads the dealer-site list state: site_city and
// site_brands filters, keyphrase and page (a bad page is 0; pages past
// the 20th are clamped).
func ParseSiteQuery(v url.Values) (filters map[string][]string, keyphrase string, pg int) {
	filters = map[string][]string{}
	for _, n := range siteFacets {
		for _, val := range v[n] {
			if val = strings.TrimSpace(val); val != "" && len(val) <= 100 && !containsStr(filters[n], val) {
				filters[n] = append(filters[n], val)
			}
		}
	}
	keyphrase = strings.Join(strings.Fields(v.Get("keyphrase")), " ")
	if len(keyphrase) > search.MaxKeyphrase {
		keyphrase = ""
	}
	if n, err := strconv.Atoi(v.Get("page")); err == nil && n > 0 {
		pg = min(n, MaxPages-1)
	}
	return filters, keyphrase, pg
}

func siteFacetRequests() []search.FacetRequest {
	out := make([]search.FacetRequest, len(siteFacets))
	for i, n := range siteFacets {
		out[i] = search.FacetRequest{Name: n, SortOrder: "asc"}
	}
	return out
}

// SiteList loads the dealer sites (48 a page, website_sort_order
// ascending; page N shows pages 0..N).
func (p *Pages) SiteList(ctx context.Context, req *page.Request, route *content.Route, c *content.Component) (any, error) {
	dict := p.dict(ctx, req)
	filters, kp, pg := ParseSiteQuery(req.Query)
	d := &SiteListData{
		Index: req.Site.SitesIndex(), DetailPath: detailBase(req, dict, route), Filters: filters, Keyphrase: kp, Page: pg,
		Facets: []search.FacetResult{}, Requests: siteFacetRequests(), Fields: SiteCardFields, Sites: []map[string]any{}, PageSize: SitePageSize,
	}
	res, err := p.Search.Search(ctx, search.Query{Index: d.Index, Fields: SiteCardFields, Keyphrase: kp, Facets: d.Requests,
		Limit: SitePageSize * (pg + 1), SortName: "website_sort_order_asc", Filters: filters})
	if err != nil {
		p.log().Error("site list search failed", "site", req.Site.Name, "err", err)
		d.Error = true
		return d, nil
	}
	d.Facets, d.Sites, d.Total = res.Facets, res.Content, res.TotalItems
	if d.Sites == nil {
		d.Sites = []map[string]any{}
	}
	return d, nil
}

func detailBase(req *page.Request, dict content.Dictionary, route *content.Route) string {
	if p := dict["pathToSiteDetail"]; p != "" {
		return strings.TrimSuffix(p, "/") + "/"
	}
	return req.PublicPath(strings.TrimSuffix(route.ItemPath, "/*")) + "/"
}

// SiteDetailData is the dealer-site detail loader's output.
type SiteDetailData struct {
	Site     map[string]any `json:"site"`
	Arrivals []CarCard      `json:"arrivals"`
	// CarListHref lists the site's cars: the car list filtered by city
	// and site name.
	CarListHref string `json:"carListHref"`
	ListHref    string `json:"listHref"`
	CarDetail   string `json:"carDetailPath"`

	title, description string
}

// ContributeHead implements page.HeadContributor: the site's name is the title.
func (s *SiteDetailData) ContributeHead(h *page.Head) {
	h.Title, h.OGTitle = s.title, s.title
	if s.description != "" {
		h.Description, h.OGDescription = s.description, s.description
	}
}

// siteDetailFields are what the detail screen shows.
var siteDetailFields = []string{"site_id", "slug", "site_official_name", "site_street", "site_zip", "site_city", "site_phone",
	"site_email", "site_primary_image", "site_geocoord", "site_brands", "site_departments"}

// SiteDetail loads the dealer site of the wildcard segment with its 12
// latest arrivals. An unknown slug or a failed search is logged and
// redirects (302) to the site list path, or "/" when the site has none.
func (p *Pages) SiteDetail(ctx context.Context, req *page.Request, route *content.Route, c *content.Component) (any, error) {
	dict := p.dict(ctx, req)
	list := dict["pathToSiteList"]
	if list == "" {
		list = req.PublicPath("/")
	}
	redirect := &page.Outcome{Status: http.StatusFound, Redirect: list}
	if len(route.Wildcard) == 0 {
		return redirect, nil
	}
	slug := route.Wildcard[len(route.Wildcard)-1]
	res, err := p.Search.Search(ctx, search.Query{Index: req.Site.SitesIndex(), Fields: siteDetailFields, Limit: 1,
		Filters: map[string][]string{"slug": {slug}}})
	if err != nil || len(res.Content) == 0 {
		p.log().Warn("dealer site not found; redirecting to the site list", "site", req.Site.Name, "slug", slug, "err", err, "to", list)
		return redirect, nil
	}
	s := res.Content[0]
	d := &SiteDetailData{Site: s, Arrivals: []CarCard{}, ListHref: list, CarDetail: dict["pathToCarDetail"]}
	name, _ := s["site_official_name"].(string)
	city, _ := s["site_city"].(string)
	d.title = page.FillTitle(dict, req.Site.Settings.TitleTemplate, name)
	d.description = strings.TrimSpace(strings.Join([]string{name, strings.TrimSpace(str(s["site_street"]) + ", " + city)}, " – "))
	v := url.Values{}
	if city != "" {
		v.Set("car_site_city", city)
	}
	if name != "" {
		v.Set("car_site_name", name)
	}
	if base := dict["pathToCarList"]; base != "" {
		d.CarListHref = base + "?" + v.Encode()
	}
	if id := s["site_id"]; id != nil {
		cars, err := p.Search.Search(ctx, search.Query{Index: req.Site.VehiclesIndex(), Fields: CardFields, Limit: Arrivals,
			SortName: "car_publishdate_desc", Filters: map[string][]string{"car_site_id": {str(id)}}})
		if err != nil {
			p.log().Error("latest arrivals failed", "site", req.Site.Name, "slug", slug, "err", err)
		} else {
			d.Arrivals = Cards(cars.Content)
		}
	}
	return d, nil
}

func str(v any) string {
	switch v := v.(type) {
	case string:
		return v
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64)
	case int64:
		return strconv.FormatInt(v, 10)
	case int:
		return strconv.Itoa(v)
	case nil:
		return ""
	}
	return ""
}
