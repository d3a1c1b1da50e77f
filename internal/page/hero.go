package page

import (
	"context"

	"forecourt/internal/content"
)

// HeroData is the hero banner's loader output.
type HeroData struct {
	BlurDataURL string `json:"blurDataURL,omitempty"`
	// Brands is the brand > model facet for the search bar (set by the
	// catalogue when it is wired in).
	Brands any `json:"brands,omitempty"`
}

// HeroLoader computes the blur placeholder of the hero image. A blur
// failure is logged by blur itself and leaves no placeholder.
func HeroLoader(blur func(src string) string) Loader {
	return func(ctx context.Context, req *Request, route *content.Route, c *content.Component) (any, error) {
		d := &HeroData{}
		if src, _ := c.Fields.Image("Image"); src != "" {
			d.BlurDataURL = blur(src)
		}
		return d, nil
	}
}
