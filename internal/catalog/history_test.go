package catalog_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"forecourt/internal/catalog"
	"forecourt/internal/store"
	"forecourt/internal/store/storetest"
)

// An import that lowers a price is kept in the car's history, and the
// documents carry the history and the recent drop; a raise is history but
// no drop, an old drop no longer counts as recent, and a car a full feed
// removes takes its history with it.
func TestImportedPriceDropIsInTheHistory(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		st := catalog.NewStore(db)
		day := func(d int) time.Time { return time.Date(2026, 11, d, 6, 0, 0, 0, time.UTC) }
		imp := func(at time.Time, full bool, lines ...string) {
			t.Helper()
			_, err := catalog.Import(ctx, st, catalog.KindCars, "group-se", strings.NewReader(strings.Join(lines, "\n")),
				catalog.ImportOptions{Now: func() time.Time { return at }, Full: full})
			if err != nil {
				t.Fatal(err)
			}
		}
		imp(day(1), false, carLine(t, 1, nil), carLine(t, 2, nil))
		imp(day(12), false, carLine(t, 1, map[string]any{"car_price": 377900}), carLine(t, 2, map[string]any{"car_price": 399900}))
		imp(day(13), false, carLine(t, 1, map[string]any{"car_price": 377900})) // unchanged: nothing recorded

		got, err := st.PriceHistory(ctx, "group-se", 1)
		if err != nil {
			t.Fatal(err)
		}
		want := []catalog.PricePoint{{Date: "2026-11-01", Price: 389900}, {Date: "2026-11-12", Price: 377900}}
		if d := cmp.Diff(want, got); d != "" {
			t.Fatalf("history of car 1 (-want +got):\n%s", d)
		}

		docs := func(now time.Time) map[float64]map[string]any {
			svc := catalog.NewService(st, nil)
			svc.SetClock(func() time.Time { return now })
			d, err := svc.LoadSite(ctx, "group-se")
			if err != nil {
				t.Fatal(err)
			}
			out := map[float64]map[string]any{}
			for i := range d.Cars {
				c := mustDecoded(t, &d.Cars[i])
				out[c["car_id"].(float64)] = c
			}
			return out
		}
		byID := docs(day(20))
		drop, _ := byID[1]["car_price_drop"].(map[string]any)
		if drop == nil || drop["amount"] != 12000.0 || drop["date"] != "2026-11-12" || byID[1]["car_price_dropped"] != "recent" {
			t.Fatalf("car 1: car_price_drop %v, car_price_dropped %v; want 12000 on 2026-11-12, recent", byID[1]["car_price_drop"], byID[1]["car_price_dropped"])
		}
		if h, _ := byID[1]["car_price_history"].([]any); len(h) != 2 {
			t.Fatalf("car 1: car_price_history %v; want two points", byID[1]["car_price_history"])
		}
		if byID[2]["car_price_drop"] != nil || byID[2]["car_price_dropped"] != nil {
			t.Fatalf("car 2 (raised): drop %v", byID[2]["car_price_drop"])
		}
		// Thirty-one days after the drop it is history only.
		if later := docs(day(12).AddDate(0, 0, 31)); later[1]["car_price_drop"] != nil {
			t.Fatalf("a drop 31 days old is still recent: %v", later[1]["car_price_drop"])
		}

		imp(day(14), true, carLine(t, 2, map[string]any{"car_price": 399900}))
		if h, err := st.PriceHistory(ctx, "group-se", 1); err != nil || len(h) != 0 {
			t.Fatalf("removed car's history: %v, %v", h, err)
		}
	})
}

// A feed cannot set the derived price fields: they are not stored.
func TestFeedCannotSetPriceHistory(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		st := catalog.NewStore(db)
		c := testCar(1)
		c.CarPriceDrop = &catalog.PriceCut{Amount: 50000, Date: "2026-11-01"}
		c.CarPriceRating = catalog.RatingGood
		if _, err := st.UpsertCars(ctx, "group-se", []catalog.Car{c}); err != nil {
			t.Fatal(err)
		}
		got, err := st.Car(ctx, "group-se", 1)
		if err != nil {
			t.Fatal(err)
		}
		if got.CarPriceDrop != nil || got.CarPriceRating != "" {
			t.Fatalf("stored derived fields: %+v %q", got.CarPriceDrop, got.CarPriceRating)
		}
	})
}
