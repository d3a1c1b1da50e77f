package catalog_test

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"forecourt/internal/catalog"
	"forecourt/internal/demo/stock"
	"forecourt/internal/errs"
	"forecourt/internal/store"
	"forecourt/internal/store/storetest"
)

func TestServiceLoad(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		st := catalog.NewStore(db)
		if _, err := stock.Seed(ctx, st, stock.SeedOptions{Scale: 0.01, Sites: []string{"group-se", "group-uk"}}); err != nil {
			t.Fatal(err)
		}
		calls := map[string]int{}
		svc := catalog.NewService(st, func(path string) string {
			calls[path]++
			return "data:image/webp;base64," + path
		})
		if err := svc.Load(ctx); err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff([]string{"group-se", "group-uk"}, svc.SiteNames()); d != "" {
			t.Errorf("SiteNames (-want +got):\n%s", d)
		}
		docs, err := svc.Docs("group-se")
		if err != nil {
			t.Fatal(err)
		}
		counts, _ := st.Counts(ctx)
		if len(docs.Cars) != counts["group-se"].Cars || len(docs.Sites) != counts["group-se"].Sites {
			t.Fatalf("docs %d cars %d sites, store %v", len(docs.Cars), len(docs.Sites), counts["group-se"])
		}
		for path, n := range calls {
			if n != 1 {
				t.Errorf("blur of %s computed %d times, want once", path, n)
			}
		}
		car := mustDecoded(t, &docs.Cars[0])
		img := car["car_images"].([]any)[0].(map[string]any)
		if img["blur_data_url"] != "data:image/webp;base64,"+img["original"].(string) {
			t.Errorf("image blur %v", img)
		}
		prim := car["car_primary_image"].(map[string]any)
		if !strings.HasPrefix(prim["blur_data_url"].(string), "data:image/") {
			t.Errorf("primary image blur %v", prim)
		}
		if car["site_name"] != "group-se" || car["car_id"].(float64) <= 0 {
			t.Errorf("car doc site_name %v car_id %v", car["site_name"], car["car_id"])
		}
		site := mustDecoded(t, &docs.Sites[0])["site_primary_image"].(map[string]any)
		if !strings.HasPrefix(site["blur_data_url"].(string), "data:image/") {
			t.Errorf("site image blur %v", site)
		}
		// The stored records keep an empty blur: it is filled per index build.
		c, err := st.Car(ctx, "group-se", int64(car["car_id"].(float64)))
		if err != nil || c.CarImages[0].BlurDataURL != "" {
			t.Errorf("stored car blur %q, %v", c.CarImages[0].BlurDataURL, err)
		}
		if _, err := svc.Docs("group-dk"); !errs.Is(err, errs.NotFound) {
			t.Errorf("Docs(group-dk) err = %v", err)
		}

		// Import through the service reloads the site.
		before := len(docs.Cars)
		rep, err := svc.Import(ctx, catalog.KindCars, "group-se", strings.NewReader(carLine(t, 424242, nil)+"\n"), catalog.ImportOptions{Now: nowRef})
		if err != nil || rep.Imported != 1 {
			t.Fatalf("import: %v %s", err, rep)
		}
		docs, _ = svc.Docs("group-se")
		if len(docs.Cars) != before+1 {
			t.Errorf("after import %d cars, want %d", len(docs.Cars), before+1)
		}
	})
}

func BenchmarkServiceLoad(b *testing.B) {
	ctx := context.Background()
	st := catalog.NewStore(storetest.MustSQLite(b))
	if _, err := stock.Seed(ctx, st, stock.SeedOptions{Sites: []string{"group-se"}}); err != nil {
		b.Fatal(err)
	}
	svc := catalog.NewService(st, func(p string) string { return "data:," + p })
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := svc.Load(ctx); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSeedAll(b *testing.B) {
	ctx := context.Background()
	for i := 0; i < b.N; i++ {
		st := catalog.NewStore(storetest.MustSQLite(b))
		if _, err := stock.Seed(ctx, st, stock.SeedOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}
