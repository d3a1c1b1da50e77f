package page

import (
	"context"

	"forecourt/internal/content"
)

// ShareData is the SocialSharing loader output.
type ShareData struct {
	// URL is the page's absolute address, e.g. "https://forecourt.se/nyheter/a".
	URL   string `json:"url"`
	Title string `json:"title"`
}

// ShareLoader gives the social sharing block the page's absolute address
// (the request's origin and public path, never the browser's location) and
// its title.
func ShareLoader(ctx context.Context, req *Request, route *content.Route, c *content.Component) (any, error) {
	title := route.Fields.String("title")
	if title == "" {
		title = route.Fields.String("metaTitle")
	}
	if title == "" {
		title = route.DisplayName
	}
	return &ShareData{URL: req.BaseURL + req.PublicPath(route.ItemPath), Title: title}, nil
}
