package catalogpages

import (
	"context"

	"forecourt/internal/content"
	"forecourt/internal/page"
)

// Hero wraps the hero banner loader: a banner with a search bar also gets
// the brand > model facet (limit 0) its word splitter maps words onto. A
// failed facet leaves Brands empty (the words stay the keyphrase).
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
		tree, err := p.brandTree(ctx, req.Site.VehiclesIndex())
		if err != nil {
			p.log().Warn("hero search: brand facet failed", "site", req.Site.Name, "err", err)
			return d, nil
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
		return d, nil
	}
}
