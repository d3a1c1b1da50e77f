package page

import (
	"context"

	"forecourt/internal/content"
)

// NavigationData is the main navigation's loader output.
type NavigationData struct {
	Items              []content.NavItem  `json:"items"`
	Languages          []content.Language `json:"languages"`
	ShowLanguageSwitch bool               `json:"showLanguageSwitch"`
	HomePath           string             `json:"homePath"`
	CurrentLanguage    string             `json:"currentLanguage"`
}

// NavigationLoader loads the navigation tree (three levels, hidden items
// removed) and the language switcher. On error the navigation shows nothing.
func (a *Assembler) NavigationLoader(ctx context.Context, req *Request, route *content.Route, c *content.Component) (any, error) {
	tree, err := a.Content.Navigation(ctx, req.Site.Name, req.Lang, "/")
	if err != nil {
		return nil, err
	}
	langs := a.Languages(req)
	return &NavigationData{
		Items:              VisibleNav(tree),
		Languages:          langs,
		ShowLanguageSwitch: len(langs) > 1,
		HomePath:           req.PublicPath("/"),
		CurrentLanguage:    req.Lang,
	}, nil
}

// VisibleNav drops items whose hideInNavigation is set, at every level.
func VisibleNav(items []content.NavItem) []content.NavItem {
	out := make([]content.NavItem, 0, len(items))
	for _, it := range items {
		if it.HideInNavigation {
			continue
		}
		it.Children = VisibleNav(it.Children)
		out = append(out, it)
	}
	return out
}
