package catalog_test

import (
	"encoding/json"
	"testing"

	"forecourt/internal/catalog"
	"forecourt/internal/demo/stock"
)

// FuzzParseFeedRecords: any feed line is a record that validates again, or
// an error; never a panic.
func FuzzParseFeedRecords(f *testing.F) {
	car, _ := json.Marshal(testCar(1))
	site, _ := json.Marshal(testSite(7, "uppsala"))
	for _, s := range []string{string(car), string(site), `{"car_id": 1,`, `{"car_id":-3}`, `{"site_id":"x"}`, `null`, `[]`, `{"car_images":[{}]}`,
		`{"car_loan_option":{"contract_durations":[{"months":0}]}}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		if c, _, err := catalog.ParseCar(line, stock.DemoRefDate); err == nil {
			if err := catalog.ValidateCar(&c, stock.DemoRefDate); err != nil {
				t.Fatalf("a parsed car does not validate: %v", err)
			}
		}
		catalog.ParseDealerSite(line)
		catalog.ParseExtraMedia(line)
	})
}
