package catalog

import (
	"context"

	"forecourt/internal/site"
)

// Rebuild builds and swaps in the indexes of s as the server's indexer
// does, for the benchmarks outside the package (they import the demo
// stock, which imports this package).
func (ix *Indexer) Rebuild(ctx context.Context, s *site.Site) error {
	ix.init()
	return ix.rebuild(ctx, s)
}
