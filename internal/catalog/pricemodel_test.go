package catalog_test

import (
	"bytes"
	"encoding/json"
	"testing"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/demo/stock"
)

var fitTime = time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)

func demoCars(t testing.TB, site string, scale float64) []catalog.Car {
	t.Helper()
	st, err := stock.DemoStock(site, stock.SeedOptions{Scale: scale})
	if err != nil {
		t.Fatal(err)
	}
	return st.Cars
}

// The same stock gives the same model, byte for byte.
func TestPriceModelDeterministic(t *testing.T) {
	cars := demoCars(t, "group-no", 1)
	a, _ := json.Marshal(catalog.FitPriceModel("group-no", cars, fitTime))
	b, _ := json.Marshal(catalog.FitPriceModel("group-no", demoCars(t, "group-no", 1), fitTime))
	if len(a) < 100 || !bytes.Equal(a, b) {
		t.Fatalf("two fits of the same stock differ (%d and %d bytes)", len(a), len(b))
	}
}

// Held-out accuracy: five-fold cross-validation on the demo stock; the
// median absolute percentage error of the held-out asking prices must be
// under 8 %. docs/pricing.md has the figures of every site.
func TestPriceModelHeldOutAccuracy(t *testing.T) {
	for _, site := range stock.DemoSiteNames() {
		cars := demoCars(t, site, 1)
		mdape, n := catalog.CrossValidate(cars, 5, fitTime)
		t.Logf("%-12s %6d cars  held out %6d  MdAPE %.2f %%", site, len(cars), n, mdape*100)
		if site == "group-se" && (n < len(cars)*9/10 || mdape >= 0.08) {
			t.Errorf("%s: MdAPE %.2f %% over %d held-out cars; want < 8 %%", site, mdape*100, n)
		}
	}
}

// A car is rated only when enough cars of its brand and model were in the
// fit; the rating follows its price against the expected range.
func TestPriceModelRatesOnlyWhenConfident(t *testing.T) {
	cars := demoCars(t, "group-se", 1)
	m := catalog.FitPriceModel("group-se", cars, fitTime)
	counts := map[string]int{}
	for _, c := range cars {
		counts[c.CarBrand+"|"+c.CarModel]++
	}
	rated, unrated := 0, 0
	for i := range cars {
		c := cars[i]
		m.Rate(&c)
		n := counts[c.CarBrand+"|"+c.CarModel] - 1
		if c.CarPriceRating == "" {
			unrated++
			continue
		}
		if c.CarIsSample {
			t.Fatalf("sample %d rated: its price is a starting price", c.CarID)
		}
		rated++
		if n < catalog.MinPriceBasis {
			t.Fatalf("%s %s rated with %d similar cars", c.CarBrand, c.CarModel, n)
		}
		e := c.CarPriceEstimate
		if e == nil || e.Basis != n || e.Low >= e.High {
			t.Fatalf("estimate %+v; want basis %d and low < high", e, n)
		}
		p := c.AskingPrice()
		want := catalog.RatingFair
		if p < e.Low {
			want = catalog.RatingGood
		} else if p > e.High {
			want = catalog.RatingHigh
		}
		if c.CarPriceRating != want {
			t.Fatalf("price %v in [%v, %v] rated %q, want %q", p, e.Low, e.High, c.CarPriceRating, want)
		}
	}
	if rated < len(cars)*3/4 {
		t.Errorf("only %d of %d demo cars rated", rated, len(cars))
	}

	// A model the stock has only three of gets no label.
	rare := cars[0]
	rare.CarBrand, rare.CarModel = "Lada", "Niva"
	few := append([]catalog.Car{}, cars...)
	for i := 0; i < 3; i++ {
		r := rare
		r.CarID = 99_000_000 + int64(i)
		few = append(few, r)
	}
	m = catalog.FitPriceModel("group-se", few, fitTime)
	m.Rate(&rare)
	if rare.CarPriceRating != "" || rare.CarPriceEstimate != nil {
		t.Fatalf("a model with 3 cars was rated %q %+v", rare.CarPriceRating, rare.CarPriceEstimate)
	}
	// Another currency than the model's is not rated either.
	other := cars[1]
	other.CarPriceCurrency = "EUR"
	m.Rate(&other)
	if other.CarPriceRating != "" {
		t.Fatalf("a EUR car rated by the SEK model")
	}
	// Too few cars to fit at all: no model, nothing rated.
	if catalog.FitPriceModel("group-se", cars[:5], fitTime) != nil {
		t.Fatal("five cars gave a model")
	}
}

// Fitting the model of 200,000 cars (ten times group-se's demo stock).
// docs/pricing.md has the figures; the goal is under 10 s.
func BenchmarkFitPriceModel200k(b *testing.B) {
	cars := demoCars(b, "group-se", 200_000.0/20_500)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if catalog.FitPriceModel("group-se", cars, fitTime) == nil {
			b.Fatal("no model")
		}
	}
	b.ReportMetric(float64(len(cars)), "cars")
}

// TestPriceModelFigures logs what docs/pricing.md reports: per demo site,
// how many cars are rated and how the labels split.
func TestPriceModelFigures(t *testing.T) {
	if testing.Short() {
		t.Skip("figures for the docs")
	}
	for _, site := range stock.DemoSiteNames() {
		cars := demoCars(t, site, 1)
		m := catalog.FitPriceModel(site, cars, fitTime)
		n := map[string]int{}
		for i := range cars {
			c := cars[i]
			m.Rate(&c)
			n[c.CarPriceRating]++
		}
		t.Logf("%-12s %6d cars: good %5d  fair %5d  high %5d  unrated %5d", site, len(cars), n["good"], n["fair"], n["high"], n[""])
	}
}
