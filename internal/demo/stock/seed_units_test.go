package stock

import (
	"math"
	"strings"
	"testing"
)

func TestImperialConversions(t *testing.T) {
	near := func(got, want float64) bool { return math.Abs(got-want) < 0.001 }
	for _, tt := range []struct {
		name      string
		got, want float64
	}{
		{"100 km in miles", Miles(100), 62.1371},
		{"1.609344 km is a mile", Miles(1.609344), 1},
		{"16 kWh/100 km in mi/kWh", MilesPerKWh(16), 62.1371 / 16},
		{"20 kWh/100 km in mi/kWh", MilesPerKWh(20), 3.106856},
		{"5 l/100 km in mpg", MPG(5), 56.4962},
	} {
		if !near(tt.got, tt.want) {
			t.Errorf("%s: %v, want %v", tt.name, tt.got, tt.want)
		}
	}
}

// TestUKDemoCarsAreImperial: group-uk's technical texts are in British
// units, the other sites' metric (UK pages mixed 0–100 km/h,
// km and kWh/100 km with miles).
func TestUKDemoCarsAreImperial(t *testing.T) {
	for _, site := range []string{"group-uk", "group-eu", "group-se"} {
		t.Run(site, func(t *testing.T) {
			var b strings.Builder
			if err := WriteDemoFeed(&b, "cars", site, SeedOptions{Scale: 0.05}); err != nil {
				t.Fatal(err)
			}
			feed := b.String()
			uk := site == "group-uk"
			for _, tt := range []struct {
				text   string
				inUK   bool
				inRest bool
			}{
				{`"car_acceleration_text":"`, true, true},
				{`(0–62 mph)"`, true, false},
				{`(0–100 km/h)"`, false, true},
				{` mi/kWh"`, true, false},
				{` kWh/100 km"`, false, true},
				{` miles"`, true, false},
				{` mpg"`, true, false},
				{` l/100 km"`, false, true},
				{` km"`, false, true}, // range and mileage; CO₂ stays g/km everywhere
			} {
				want := tt.inRest
				if uk {
					want = tt.inUK
				}
				if got := strings.Contains(feed, tt.text); got != want {
					t.Errorf("%s in the feed: %v, want %v", tt.text, got, want)
				}
			}
		})
	}
}
