package store_test

import (
	"context"
	"testing"

	"forecourt/internal/store"
	"forecourt/internal/store/storetest"
)

func TestMigrateIsIdempotent(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		var before int
		if err := db.QueryRowContext(ctx, `SELECT count(*) FROM schema_migrations`).Scan(&before); err != nil {
			t.Fatal(err)
		}
		if err := db.Migrate(ctx); err != nil {
			t.Fatalf("second migrate: %v", err)
		}
		var after int
		db.QueryRowContext(ctx, `SELECT count(*) FROM schema_migrations`).Scan(&after)
		if before != after || before == 0 {
			t.Fatalf("migrations before %d after %d", before, after)
		}
		if got := db.State(ctx); got != "ok" {
			t.Fatalf("State = %q", got)
		}
	})
}
