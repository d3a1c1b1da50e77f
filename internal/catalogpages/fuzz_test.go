package catalogpages_test

import (
	"net/url"
	"testing"

	"forecourt/internal/catalogpages"
	"forecourt/internal/search"
)

// FuzzParseListQuery: the car list URL never fails and always gives a
// bounded state.
func FuzzParseListQuery(f *testing.F) {
	for _, s := range []string{
		"car_brand=Volvo&car_brand=BMW&car_model=Volvo>XC60&car_price=100000-300000&sort=car_price_asc&page=3",
		"keyphrase=volvo+xc60&car_year=2020&car_year=x&page=-1",
		"car_price=100 000-300 000&car_mileage=5-1&page=999999999999999999999",
		"car_fuel=El&car_gearbox=Automat&car_body=SUV&car_color=Svart",
		"%zz=1&car_brand=%00", "",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		v, err := url.ParseQuery(raw)
		if err != nil {
			return
		}
		q := catalogpages.ParseListQuery(v)
		if q.Page < 0 || q.Page >= catalogpages.MaxPages {
			t.Fatalf("page %d out of range", q.Page)
		}
		if len(q.Keyphrase) > search.MaxKeyphrase {
			t.Fatalf("keyphrase of %d bytes", len(q.Keyphrase))
		}
		for name, vals := range q.Filters {
			for _, val := range vals {
				if val == "" || len(val) > 100 {
					t.Fatalf("filter %s value %q", name, val)
				}
			}
		}
		for name, r := range q.Ranges {
			if r[0] > r[1] {
				t.Fatalf("range %s %v: min above max", name, r)
			}
		}
		q.SearchFilters()
	})
}
