package stock

import (
	"context"
	"math/rand"
	"time"

	"forecourt/internal/catalog"
)

// seedPriceHistory writes a believable price history for the demo cars of
// siteName when the site has none: every car's first price on its publish
// date, and for about one used car in five one or two reductions during the
// weeks before now (some within RecentDropDays, some before). The offsets
// and amounts come from the site's seeded random source, so the same stock
// gets the same history relative to now.
func seedPriceHistory(ctx context.Context, s *catalog.Store, siteName string, cars []catalog.Car, now time.Time) error {
	if has, err := s.HasPriceHistory(ctx, siteName); err != nil || has {
		return err
	}
	r := rand.New(rand.NewSource(siteSeed(siteName) ^ 0x5eed))
	today := now.UTC().Truncate(24 * time.Hour).Add(9 * time.Hour)
	var points []catalog.PriceChange
	for i := range cars {
		c := &cars[i]
		price := c.AskingPrice()
		if price <= 0 {
			continue
		}
		type pt struct {
			at    time.Time
			price float64
		}
		pts := []pt{{at: time.Unix(c.CarPublishdate, 0).UTC(), price: price}}
		if c.CarIsUsed && r.Float64() < 0.2 {
			// Reductions, newest first: 2 to 45 days ago, an earlier
			// one 2 to 4 weeks before that for one in three.
			drops := 1 + r.Intn(3)/2
			at := today.AddDate(0, 0, -(2 + r.Intn(44)))
			var path []pt
			cur := price
			for k := 0; k < drops; k++ {
				path = append(path, pt{at: at, price: cur})
				cut := 0.02 + r.Float64()*0.06
				cur = catalog.RoundPrice(cur/(1-cut), c.CarPriceCurrency)
				at = at.AddDate(0, 0, -(14 + r.Intn(15)))
			}
			first := at
			if pub := time.Unix(c.CarPublishdate, 0).UTC(); pub.Before(first) {
				first = pub
			}
			pts = []pt{{at: first, price: cur}}
			for k := len(path) - 1; k >= 0; k-- {
				pts = append(pts, path[k])
			}
		}
		for _, p := range pts {
			points = append(points, catalog.PriceChange{CarID: c.CarID, At: p.at, Price: p.price})
		}
	}
	return s.WritePriceHistory(ctx, siteName, points)
}
