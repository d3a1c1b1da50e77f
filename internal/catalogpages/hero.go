package catalogpages

import (
	"context"

	"forecourt/internal/content"
	"forecourt/internal/page"
	"forecourt/internal/search"
)

// HeroData is the hero banner's data with the search bar's facets: the
// brand > model tree (page.HeroData.Brands) and the values of the other
// facets typed words may match (car_fuel, car_gearbox, car_body).
type HeroData struct {
	*page.HeroData
	Facets map[string][]string `json:"facets,omitempty"`
}

// heroWordFacets are the facets besides brand and model that the hero's
// word splitter maps words onto ("bmw diesel automat").
var heroWordFacets = []string{"car_fuel", "car_gearbox", "car_body"}

// Hero wraps the hero banner loader: a banner with a search bar also gets
// the brand > model facet and the word facets (one limit-0 search) its
// word splitter maps words onto. A failed search leaves them empty (the
// words stay the keyphrase).
func (p *Pages) Hero(inner page.Loader) page.Loader {
	return func(ctx context.Context, req *page.Request, route *content.Route, c *content.Component) (any, error) {
		v, err := inner(ctx, req, route, c)
		if err != nil {
			return v, err
		}
		d, ok := v.(*page.HeroData)
		if !ok || !c.Fields.Bool("HeroBannerHasSearchBar") {
			return v, nil
		}
		facets := []search.FacetRequest{{Name: "car_brand", ChildName: "car_model", SortOrder: "asc"}}
		for _, n := range heroWordFacets {
			facets = append(facets, search.FacetRequest{Name: n, SortOrder: "asc"})
		}
		res, err := p.Search.Search(ctx, search.Query{Index: req.Site.VehiclesIndex(), Limit: 0, Facets: facets})
		if err != nil || len(res.Facets) != len(facets) {
			p.log().Warn("hero search: facets failed", "site", req.Site.Name, "err", err)
			return d, nil
		}
		tree := res.Facets[0].Values
		out := &HeroData{HeroData: d, Facets: map[string][]string{}}
		for _, f := range res.Facets[1:] {
			for _, v := range f.Values {
				out.Facets[f.Name] = append(out.Facets[f.Name], v.Text)
			}
		}
		type node struct {
			Text     string `json:"text"`
			Children []node `json:"children,omitempty"`
		}
		brands := make([]node, len(tree))
		for i, b := range tree {
			brands[i] = node{Text: b.Text, Children: make([]node, len(b.Children))}
			for j, m := range b.Children {
				brands[i].Children[j] = node{Text: m.Text}
			}
		}
		d.Brands = brands
		return out, nil
	}
}
