package builder

import (
	"context"
	"strings"

	"forecourt/internal/content"
	"forecourt/internal/page"
)

// FormIDOf is the form id a FormBuilder component names: its FormId
// parameter, else its formId field.
func FormIDOf(c *content.Component) string {
	if id := strings.TrimSpace(c.Params["FormId"]); id != "" {
		return id
	}
	return strings.TrimSpace(c.Fields.String("formId"))
}

// Loader is the FormBuilder block's loader: the public definition of the
// form the component names (without its recipient). An unknown or missing
// id is errs.NotFound: the assembler logs it and the block gets no data
// (its error state).
func (l *Library) Loader() page.Loader {
	return func(ctx context.Context, req *page.Request, route *content.Route, c *content.Component) (any, error) {
		d, err := l.Form(req.Site.Name, FormIDOf(c))
		if err != nil {
			return nil, err
		}
		return d.Public(), nil
	}
}
