package catalog_test

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"forecourt/internal/catalog"
	"forecourt/internal/store"
	"forecourt/internal/store/storetest"
)

// TestImportReportsNewCarsAndPriceDrops checks the import diff that saved
// searches are matched against: new cars, lower asking prices (campaign
// prices included), nothing for raises or unchanged cars, and nothing kept
// when the hook fails.
func TestImportReportsNewCarsAndPriceDrops(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		st := catalog.NewStore(db)
		var got []catalog.CarChanges
		hook := func(ctx context.Context, tx *sql.Tx, ch catalog.CarChanges) error {
			got = append(got, ch)
			return nil
		}
		imp := func(lines ...string) {
			t.Helper()
			_, err := catalog.Import(ctx, st, catalog.KindCars, "group-se", strings.NewReader(strings.Join(lines, "\n")),
				catalog.ImportOptions{Now: nowRef, OnCars: hook})
			if err != nil {
				t.Fatal(err)
			}
		}
		imp(carLine(t, 1, nil), carLine(t, 2, nil), carLine(t, 3, nil))
		want := []catalog.CarChanges{{SiteName: "group-se", New: []int64{3, 2, 1}}}
		if d := cmp.Diff(want, got); d != "" {
			t.Fatalf("first import (-want +got):\n%s", d)
		}
		got = nil
		imp(carLine(t, 1, map[string]any{"car_price": 379900}), // drop
			carLine(t, 2, map[string]any{"car_price": 399900}),                                          // raise
			carLine(t, 3, map[string]any{"car_campaign_price": 359900, "car_has_campaign_price": true}), // campaign
			carLine(t, 4, nil))
		want = []catalog.CarChanges{{SiteName: "group-se", New: []int64{4},
			PriceDrops: []catalog.PriceDrop{{CarID: 3, Old: 389900, New: 359900}, {CarID: 1, Old: 389900, New: 379900}}}}
		if d := cmp.Diff(want, got); d != "" {
			t.Fatalf("second import (-want +got):\n%s", d)
		}
		got = nil
		imp(carLine(t, 1, map[string]any{"car_price": 379900}))
		if len(got) != 0 {
			t.Fatalf("unchanged feed reported %+v", got)
		}
		// A failing hook rolls the batch back: the price stays.
		_, err := catalog.Import(ctx, st, catalog.KindCars, "group-se", strings.NewReader(carLine(t, 1, map[string]any{"car_price": 300000})),
			catalog.ImportOptions{Now: nowRef, OnCars: func(context.Context, *sql.Tx, catalog.CarChanges) error { return errors.New("boom") }})
		if err == nil {
			t.Fatal("import with a failing hook succeeded")
		}
		c, err := st.Car(ctx, "group-se", 1)
		if err != nil || c.CarPrice != 379900 {
			t.Fatalf("car 1 price = %v, %v; want 379900 kept", c.CarPrice, err)
		}
	})
}
