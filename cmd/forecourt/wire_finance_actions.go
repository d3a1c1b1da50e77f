package main

import (
	"context"

	"forecourt/internal/cardetail"
)

// wireFinanceActions plugs in the UK finance action pages that a quote
// links to (/finance/apply, /finance/reserve, /finance/part-exchange on
// group-uk): the FinanceAction loader. Their forms post to the lead API
// that wireCarDetail mounts.
func wireFinanceActions(ctx context.Context, w *wiring) error {
	svc := &cardetail.Service{
		Engine:  w.engine,
		Catalog: w.catalog.Store(),
		Content: w.app.content,
		Log:     w.app.log,
	}
	w.pages.Register("FinanceAction", svc.FinanceActionLoader())
	return nil
}
