package catalog_test

import (
	"bytes"
	"testing"

	"forecourt/internal/catalog"
	"forecourt/internal/demo/stock"
)

// TestDecodeRecordFastPath runs the fast-path check of the feed decoder
// (catalog.CheckDecodeFastPath) over the demo feed.
func TestDecodeRecordFastPath(t *testing.T) {
	var feed bytes.Buffer
	if err := stock.WriteDemoFeed(&feed, catalog.KindCars, "group-se", stock.SeedOptions{Scale: 0.05}); err != nil {
		t.Fatal(err)
	}
	catalog.CheckDecodeFastPath(t, &feed)
}
