package main

import (
	"context"
	"os"

	"forecourt/internal/formblocks"
)

func init() { wirers = append(wirers, wireFormsUI) }

// wireFormsUI plugs in the loaders of the listing blocks of issue 10 (site
// selection, site block, car teasers) and the marketing-form embed, whose
// settings (MARKETING_FORM_SCRIPT_URL, MARKETING_FORM_REGION,
// MARKETING_FORM_PORTAL_ID) are read here once at start. The forms' own
// server side is wired in wire_forms.go.
func wireFormsUI(ctx context.Context, w *wiring) error {
	mk, err := formblocks.ParseMarketingSettings(os.Getenv)
	if err != nil {
		return err
	}
	b := &formblocks.Blocks{Search: w.engine, Content: w.app.content, Logger: w.app.log, Marketing: mk}
	w.pages.Register("SiteSelection", b.SiteSelection)
	w.pages.Register("SiteBlock", b.SiteBlock)
	w.pages.Register("CarTeasers", b.CarTeasers)
	w.pages.Register("MarketingForm", b.MarketingForm)
	return nil
}
