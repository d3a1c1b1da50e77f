package catalog_test

import (
	"context"
	"testing"

	"forecourt/internal/catalog"
	"forecourt/internal/store"
	"forecourt/internal/store/storetest"
)

// TestSignatureBothEngines: the stock signature the indexer polls works on
// PostgreSQL too (its max(updated_at) is a timestamp, not text: coalescing
// it with an empty string failed, so a PostgreSQL server never built its indexes) and
// changes with an import.
func TestSignatureBothEngines(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		st := catalog.NewStore(db)
		empty, err := st.Signature(ctx, "group-se")
		if err != nil {
			t.Fatalf("signature of an empty store: %v", err)
		}
		if _, err := st.UpsertCars(ctx, "group-se", []catalog.Car{testCar(1)}); err != nil {
			t.Fatal(err)
		}
		after, err := st.Signature(ctx, "group-se")
		if err != nil || after == empty {
			t.Errorf("signature after an import = %q (%v), before %q", after, err, empty)
		}
	})
}
