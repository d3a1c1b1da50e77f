package main

import (
	"context"
	"fmt"

	"forecourt/internal/catalogpages"
	"forecourt/internal/forms/builder"
	"forecourt/internal/forms/formsapi"
)

// wireFormsUI plugs in the loaders of the listing blocks (site selection,
// site block, car teasers) and the marketing-form embed, whose
// settings (MARKETING_FORM_SCRIPT_URL, MARKETING_FORM_REGION,
// MARKETING_FORM_PORTAL_ID) are the config's Marketing section. The forms' own
// server side is wired in wire_forms.go.
func wireFormsUI(ctx context.Context, w *wiring) error {
	mk := w.app.cfg.Marketing
	// The newsletter's own form where the marketing provider is not set up.
	forms, err := builder.Load(w.app.fsys)
	if err != nil {
		return fmt.Errorf("forms: %w", err)
	}
	localForm := func(site, id string) (any, error) {
		d, err := forms.Form(site, id)
		if err != nil {
			return nil, err
		}
		return d.Public(), nil
	}
	b := &catalogpages.Listings{Search: w.engine, Content: w.app.content, Logger: w.app.log}
	w.pages.Register("SiteSelection", b.SiteSelection)
	w.pages.Register("SiteBlock", b.SiteBlock)
	w.pages.Register("CarTeasers", b.CarTeasers)
	m := &formsapi.Marketing{Settings: mk, LocalForm: localForm, Logger: w.app.log}
	w.pages.Register("MarketingForm", m.MarketingForm)
	return nil
}
