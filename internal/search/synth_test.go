package search

import (
	"fmt"
	"math"
	"math/rand"
	"strings"
	"testing"
)

// Synthetic stock for tests and benchmarks: deterministic for a seed.

type synthBrand struct {
	name   string
	models []string
}

var synthBrands = []synthBrand{
	{"Volvo", []string{"XC40", "XC60", "XC90", "V60", "V90", "S60", "EX30", "C40"}},
	{"BMW", []string{"X1", "X3", "X5", "i4", "iX", "320i", "520d"}},
	{"Mercedes-Benz", []string{"A-Klass", "C-Klass", "E-Klass", "GLC", "EQA", "Vito", "Sprinter"}},
	{"Citroën", []string{"C3", "C4", "C5 Aircross", "Berlingo", "ë-C4"}},
	{"Škoda", []string{"Octavia", "Superb", "Kodiaq", "Enyaq", "Fabia"}},
	{"Volkswagen", []string{"Golf", "Passat", "Tiguan", "ID.4", "Polo", "Transporter", "Caddy"}},
	{"Audi", []string{"A3", "A4", "A6", "Q3", "Q5", "e-tron"}},
	{"Toyota", []string{"Corolla", "RAV4", "Yaris", "C-HR", "Hilux"}},
	{"Kia", []string{"Niro", "Sportage", "Ceed", "EV6", "GT"}},
	{"Peugeot", []string{"208", "308", "2008", "3008", "Partner"}},
	{"Renault", []string{"Clio", "Captur", "Megane", "Kangoo"}},
	{"Ford", []string{"Focus", "Kuga", "Puma", "Transit", "Ranger", "GT"}},
	{"Tesla", []string{"Model 3", "Model Y", "Model S"}},
	{"Polestar", []string{"2", "3"}},
	{"Hyundai", []string{"i30", "Tucson", "Kona", "Ioniq 5"}},
	{"Nissan", []string{"Qashqai", "Leaf", "Juke"}},
	{"Cupra", []string{"Born", "Formentor"}},
	{"Porsche", []string{"Taycan", "Macan", "Cayenne"}},
	{"Land Rover", []string{"Defender", "Range Rover Evoque"}},
	{"Dacia", []string{"Sandero", "Duster", "Jogger"}},
	{"MG", []string{"ZS", "MG4", "HS"}},
	{"Mazda", []string{"CX-5", "CX-30", "MX-5"}},
	{"Opel", []string{"Corsa", "Astra", "Mokka"}},
	{"Seat", []string{"Ibiza", "Leon", "Ateca"}},
}

var (
	synthCities = []string{"Stockholm", "Göteborg", "Malmö", "Uppsala", "Västerås", "Örebro", "Linköping",
		"Helsingborg", "Jönköping", "Norrköping", "Lund", "Umeå", "Gävle", "Borås", "Södertälje", "Eskilstuna",
		"Halmstad", "Växjö", "Karlstad", "Sundsvall", "Östersund", "Trollhättan", "Luleå", "Kalmar",
		"Kristianstad", "Skövde", "Uddevalla", "Falun", "Nyköping", "Varberg", "Visby", "Täby", "Kungsbacka",
		"Motala", "Borlänge", "Lidköping", "Ängelholm", "Karlskrona", "Piteå", "Skellefteå"}
	synthBodies   = []string{"sedan", "suv", "hatchback", "estate", "coupe", "convertible", "van", "truck", "pickup", "mpv"}
	synthFuels    = []string{"Bensin", "Diesel", "El", "Hybrid", "Laddhybrid", "Gas"}
	synthColors   = []string{"Vit", "Svart", "Silver", "Grå", "Blå", "Röd", "Grön", "Brun", "Beige", "Gul", "Orange"}
	synthVersions = []string{"T4", "B5 AWD", "Momentum", "R-Design", "Inscription", "Plus", "Ultimate", "Business", "GT-Line"}
	synthEquip    = []string{"Adaptiv farthållare", "Backkamera", "Dragkrok", "Elstolar", "Head-up display",
		"Keyless", "Klimatanläggning", "LED-strålkastare", "Navigation", "Panoramatak", "Parkeringssensorer",
		"Skinnklädsel", "Stolsvärme", "Rattvärme", "Vinterdäck", "Apple CarPlay", "Android Auto",
		"Döda vinkeln-varnare", "Filhållningsassistent", "Motorvärmare", "360° kamera", "Harman Kardon",
		"Luftfjädring", "Sportstolar", "Tonade rutor", "Trådlös laddning"}
	synthCampaigns = []string{"Sommarkampanj", "Vinterdäck på köpet", "Ränta 3,95%", "Fri service"}
	synthRegions   = []string{"Norr", "Mitt", "Väst", "Öst", "Syd"}
)

// synthCars returns n cars as decoded JSON (numbers are float64).
func synthCars(n int, seed int64) []map[string]any {
	next := synthGen(seed)
	cars := make([]map[string]any, n)
	for i := range cars {
		cars[i] = next(i)
	}
	return cars
}

// synthGen returns a generator of the cars of synthCars, car i at a time,
// for stock too large to hold as maps.
func synthGen(seed int64) func(i int) map[string]any {
	r := rand.New(rand.NewSource(seed))
	pick := func(xs []string) string { return xs[r.Intn(len(xs))] }
	round := func(x, step float64) float64 { return math.Round(x/step) * step }
	return func(i int) map[string]any {
		// Skewed brand popularity: low indexes are more common.
		b := synthBrands[int(math.Floor(math.Pow(r.Float64(), 1.6)*float64(len(synthBrands))))]
		model := pick(b.models)
		used := r.Intn(3) > 0
		year := 2025 - r.Intn(3)
		mileage := float64(r.Intn(50))
		if used {
			year = 2008 + r.Intn(17)
			mileage = round(r.Float64()*float64(2026-year)*18000, 10)
		}
		price := round(math.Exp(10.8+r.NormFloat64()*0.5)+float64(year-2008)*8000, 100)
		city := r.Intn(len(synthCities))
		site := city*3 + r.Intn(3)
		id := 100000 + i
		car := map[string]any{
			"car_id":                float64(id),
			"slug":                  strings.ToLower(strings.ReplaceAll(fmt.Sprintf("%s-%s-%d-%d", b.name, model, year, id), " ", "-")),
			"car_brand":             b.name,
			"car_model":             model,
			"car_version":           pick(synthVersions),
			"car_year":              float64(year),
			"car_is_used":           used,
			"car_is_sample":         !used && r.Intn(20) == 0,
			"car_body":              pick(synthBodies),
			"car_fuel":              pick(synthFuels),
			"car_gearbox":           []string{"Automat", "Manuell"}[r.Intn(2)],
			"car_color":             pick(synthColors),
			"car_drive":             []string{"Tvåhjulsdrift", "Fyrhjulsdrift"}[r.Intn(2)],
			"car_vehicle_type_code": []string{"PC", "PC", "PC", "PC", "PC", "PC", "PC", "PC", "PC", "LCV"}[r.Intn(10)],
			"car_vat_eligible":      r.Intn(4) == 0,
			"car_price":             price,
			"car_retail_price":      price,
			"car_mileage":           mileage,
			"car_power":             float64(70 + r.Intn(530)),
			"car_publishdate":       float64(1.70e9 + r.Intn(60e6)),
			"car_site_id":           fmt.Sprint(1000 + site),
			"car_regno":             fmt.Sprintf("%c%c%c%02d%c", 'A'+r.Intn(26), 'A'+r.Intn(26), 'A'+r.Intn(26), r.Intn(100), 'A'+r.Intn(26)),
			"car_site_name":         fmt.Sprintf("Forecourt %s %d", synthCities[city], site%3+1),
			"car_site_city":         synthCities[city],
			"car_site_region":       synthRegions[city%len(synthRegions)],
			"caroftheweek":          r.Intn(100) == 0,
			"car_images":            []any{map[string]any{"original": fmt.Sprintf("/-/media/demo/car/suv/white/%d.jpg", 1+r.Intn(8))}},
		}
		if used {
			car["car_condition"] = "Begagnad"
		} else {
			car["car_condition"] = "Ny"
		}
		car["car_model_text"] = model + " " + car["car_version"].(string)
		if r.Intn(5) == 0 {
			car["car_campaign_price"] = round(price*0.9, 100)
			car["car_has_campaign_price"] = true
		}
		if r.Intn(5) < 2 {
			car["car_privateleasing_monthly_cost"] = float64(1990 + 100*r.Intn(70))
			car["car_has_privateleasing"] = true
		}
		var camps []any
		for _, c := range synthCampaigns {
			if r.Intn(6) == 0 {
				camps = append(camps, c)
			}
		}
		if camps != nil {
			car["car_campaigns"] = camps
		}
		var eq []any
		for _, e := range synthEquip {
			if r.Intn(3) == 0 {
				eq = append(eq, e)
			}
		}
		car["car_equipment"] = eq
		return car
	}
}

// MustBuild builds an index or fails the test.
func MustBuild(tb testing.TB, s *Schema, docs []map[string]any) *Index {
	tb.Helper()
	ix, err := Build(s, docs)
	if err != nil {
		tb.Fatalf("Build: %v", err)
	}
	return ix
}

// MustSearch runs q or fails the test.
func MustSearch(tb testing.TB, ix *Index, q Query) Result {
	tb.Helper()
	res, err := ix.Search(q)
	if err != nil {
		tb.Fatalf("Search(%+v): %v", q, err)
	}
	return res
}
