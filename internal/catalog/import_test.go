package catalog_test

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"forecourt/internal/catalog"
	"forecourt/internal/demo/stock"
	"forecourt/internal/errs"
	"forecourt/internal/store"
	"forecourt/internal/store/storetest"
)

func nowRef() time.Time { return stock.DemoRefDate }

// carLine returns testCar(id) as a feed line with fields overridden by
// edits (a nil value deletes the field).
func carLine(t *testing.T, id int64, edits map[string]any) string {
	t.Helper()
	b, err := json.Marshal(testCar(id))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	json.Unmarshal(b, &m)
	for k, v := range edits {
		if v == nil {
			delete(m, k)
			continue
		}
		m[k] = v
	}
	b, _ = json.Marshal(m)
	return string(b)
}

func TestParseCarMessages(t *testing.T) {
	tests := []struct {
		name  string
		edits map[string]any
		raw   string
		want  map[string]string
	}{
		{name: "valid", edits: map[string]any{}},
		{name: "zero price", edits: map[string]any{"car_price": 0}, want: map[string]string{"car_price": "must be a positive number"}},
		{name: "missing price", edits: map[string]any{"car_price": nil}, want: map[string]string{"car_price": "must be a positive number"}},
		{name: "price as text", edits: map[string]any{"car_price": "389 900"}, want: map[string]string{"car_price": "must be a number"}},
		{name: "fractional year", edits: map[string]any{"car_year": 2020.5}, want: map[string]string{"car_year": "must be a whole number"}},
		{name: "year too old", edits: map[string]any{"car_year": 1899}, want: map[string]string{"car_year": "must be a year from 1900 to 2027"}},
		{name: "year after next", edits: map[string]any{"car_year": 2028}, want: map[string]string{"car_year": "must be a year from 1900 to 2027"}},
		{name: "negative id", edits: map[string]any{"car_id": -3}, want: map[string]string{"car_id": "must be a positive whole number"}},
		{name: "missing site", edits: map[string]any{"car_site_id": nil}, want: map[string]string{"car_site_id": "must be a positive whole number"}},
		{name: "unknown fuel", edits: map[string]any{"car_fuel": "Kärnkraft"}, want: map[string]string{"car_fuel": `unknown fuel "Kärnkraft"`}},
		{name: "fuel of another language", edits: map[string]any{"car_fuel": "Plug-in hybrid"}},
		{name: "bad slug and brand", edits: map[string]any{"slug": "Volvo XC60", "car_brand": " "},
			want: map[string]string{"slug": "must be lower-case letters, digits and single dashes", "car_brand": "is required"}},
		{name: "bad currency", edits: map[string]any{"car_price_currency": "USD"}, want: map[string]string{"car_price_currency": "must be one of DKK, EUR, GBP, NOK, SEK"}},
		{name: "bad vehicle type", edits: map[string]any{"car_vehicle_type_code": "BUS"}, want: map[string]string{"car_vehicle_type_code": "must be one of PC, LCV, TRUCK"}},
		{name: "bad date", edits: map[string]any{"car_firstregistration": "2021-13-01"}, want: map[string]string{"car_firstregistration": "must be a date YYYY-MM-DD"}},
		{name: "campaign without price", edits: map[string]any{"car_has_campaign_price": true},
			want: map[string]string{"car_campaign_price": "must be a positive number when car_has_campaign_price is true"}},
		{name: "leasing type", edits: map[string]any{"car_leasing_options": []any{map[string]any{"leasing_type": "private", "monthly_cost": 100, "duration": 36}}},
			want: map[string]string{"car_leasing_options[0].leasing_type": "must be Private or Company"}},
		{name: "leasing wrong type", edits: map[string]any{"car_leasing_options": []any{map[string]any{"leasing_type": "Private", "monthly_cost": "a lot", "duration": 36}}},
			want: map[string]string{"car_leasing_options.monthly_cost": "must be a number"}},
		{name: "image without path", edits: map[string]any{"car_images": []any{map[string]any{"original": "/a.jpg"}, map[string]any{"original": ""}}},
			want: map[string]string{"car_images[1].original": "is required"}},
		{name: "loan ranges", edits: map[string]any{"car_loan_option": map[string]any{"interest_rate": 120, "disclaimer": "{0} and {2}",
			"default_contract_duration": map[string]any{"months": 36},
			"contract_durations":        []any{map[string]any{"months": 0, "cash_amount_min_percentage": 60, "cash_amount_max_percentage": 50}}}},
			want: map[string]string{
				"car_loan_option.interest_rate":                                    "must be a percentage from 0 to 100",
				"car_loan_option.disclaimer":                                       "placeholder {1} is missing",
				"car_loan_option.contract_durations[0].months":                     "must be a positive number of months",
				"car_loan_option.contract_durations[0].cash_amount_min_percentage": "must not exceed cash_amount_max_percentage",
			}},
		{name: "not an object", raw: `[1,2]`, want: map[string]string{"": "must be a JSON object"}},
		{name: "broken JSON", raw: `{"car_id": 1,`, want: map[string]string{"": "invalid JSON: unexpected end of JSON input"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			line := tt.raw
			if line == "" {
				line = carLine(t, 1, tt.edits)
			}
			_, _, err := catalog.ParseCar([]byte(line), nowRef())
			var got map[string]string
			if err != nil {
				var e *errs.Error
				if !errorsAs(err, &e) || e.Code != errs.Invalid {
					t.Fatalf("err = %v, want an invalid *errs.Error", err)
				}
				got = e.Fields
			}
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("fields (-want +got):\n%s", d)
			}
		})
	}
}

func errorsAs(err error, e **errs.Error) bool {
	x, ok := err.(*errs.Error)
	*e = x
	return ok
}

func TestParseCarUnknownFields(t *testing.T) {
	line := carLine(t, 1, map[string]any{"car_colour": "Blå", "zz": 1})
	_, unknown, err := catalog.ParseCar([]byte(line), nowRef())
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff([]string{"car_colour", "zz"}, unknown); d != "" {
		t.Errorf("unknown (-want +got):\n%s", d)
	}
}

func TestParseDealerSite(t *testing.T) {
	good := testSite(1, "uppsala")
	b, _ := json.Marshal(good)
	if _, _, err := catalog.ParseDealerSite(b); err != nil {
		t.Fatalf("valid site: %v", err)
	}
	bad := good
	bad.SiteID = 0
	bad.SiteGeocoord = catalog.GeoCoord{Latitude: "95.1", Longitude: ""}
	bad.SiteDepartments = []catalog.Department{{Name: "Verkstad", Group: "Service"}}
	b, _ = json.Marshal(bad)
	_, _, err := catalog.ParseDealerSite(b)
	var e *errs.Error
	if !errorsAs(err, &e) {
		t.Fatalf("err = %v", err)
	}
	want := map[string]string{
		"site_id":                   "must be a positive whole number",
		"site_geocoord.latitude":    "must be a decimal number from -90 to 90",
		"site_geocoord":             "must have both latitude and longitude or neither",
		"site_departments[0].group": "must be one of New cars, Parts, Workshop, Body work",
	}
	if d := cmp.Diff(want, e.Fields); d != "" {
		t.Errorf("fields (-want +got):\n%s", d)
	}
}

func mustImport(t *testing.T, st *catalog.Store, feed string, full bool) catalog.ImportReport {
	t.Helper()
	rep, err := catalog.Import(context.Background(), st, catalog.KindCars, "group-se", strings.NewReader(feed), catalog.ImportOptions{Full: full, Now: nowRef})
	if err != nil {
		t.Fatalf("Import: %v", err)
	}
	return rep
}

func TestImport(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		st := catalog.NewStore(db)
		lines := []string{
			carLine(t, 1, nil),
			"",
			carLine(t, 2, map[string]any{"car_price": -5}),
			carLine(t, 3, nil),
			carLine(t, 1, map[string]any{"car_price": 1}),
			`{"car_id": 4`,
			carLine(t, 5, map[string]any{"car_year": 1850, "car_fuel": "Vatten", "extra": true}),
			carLine(t, 6, map[string]any{"site_name": "group-uk"}),
			carLine(t, 7, nil),
		}
		feed := strings.Join(lines, "\n") + "\n"
		rep := mustImport(t, st, feed, true)
		want := []string{
			"line 3: car_price: must be a positive number",
			"line 5: car_id: duplicate of line 1",
			"line 6: invalid JSON: unexpected end of JSON input",
			`line 7: car_fuel: unknown fuel "Vatten"`,
			"line 7: car_year: must be a year from 1900 to 2027",
			`line 8: site_name: is "group-uk" but the feed is for group-se`,
		}
		var got []string
		for _, e := range rep.Rejected {
			got = append(got, e.Error())
		}
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("rejected (-want +got):\n%s", d)
		}
		if rep.Read != 8 || rep.Imported != 3 || rep.Unchanged != 0 || rep.Removed != 0 || rep.RejectedRecords() != 5 {
			t.Errorf("report %s", rep)
		}
		if d := cmp.Diff(map[string]int{"extra": 1}, rep.UnknownFields); d != "" {
			t.Errorf("unknown fields (-want +got):\n%s", d)
		}

		// The same feed again: nothing changes.
		rep = mustImport(t, st, feed, true)
		if rep.Imported != 0 || rep.Unchanged != 3 || rep.Removed != 0 {
			t.Errorf("second import: %s", rep)
		}

		// Incremental: upserts only, nothing removed.
		rep = mustImport(t, st, carLine(t, 8, nil)+"\n"+carLine(t, 3, map[string]any{"car_mileage": 1234})+"\n", false)
		if rep.Imported != 2 || rep.Removed != 0 {
			t.Errorf("incremental: %s", rep)
		}
		if c, _ := st.Car(ctx, "group-se", 3); c.CarMileage != 1234 {
			t.Errorf("car 3 mileage %d after incremental import", c.CarMileage)
		}

		// Full: cars missing from the feed go; a car whose new record is
		// rejected keeps its stored version.
		rep = mustImport(t, st, carLine(t, 1, nil)+"\n"+carLine(t, 7, map[string]any{"car_price": 0})+"\n", true)
		if rep.Removed != 2 || rep.Unchanged != 1 || rep.RejectedRecords() != 1 {
			t.Errorf("full: %s", rep)
		}
		counts, _ := st.Counts(ctx)
		if counts["group-se"].Cars != 2 {
			t.Errorf("after full feed: %v", counts)
		}
		if c, err := st.Car(ctx, "group-se", 7); err != nil || c.CarPrice != testCar(7).CarPrice {
			t.Errorf("car 7 after a rejected update: %v, %v", c.CarPrice, err)
		}
	})
}

func TestImportEmptyFullFeedKeepsStock(t *testing.T) {
	ctx := context.Background()
	st := catalog.NewStore(storetest.MustSQLite(t))
	mustImport(t, st, carLine(t, 1, nil)+"\n"+carLine(t, 2, nil)+"\n", true)
	for name, feed := range map[string]string{
		"empty":       "",
		"blank lines": "\n\n  \n",
		"all broken":  "not json\n" + carLine(t, 9, map[string]any{"car_price": 0}) + "\n",
	} {
		t.Run(name, func(t *testing.T) {
			rep, err := catalog.Import(ctx, st, catalog.KindCars, "group-se", strings.NewReader(feed), catalog.ImportOptions{Full: true, Now: nowRef})
			if !errs.Is(err, errs.Invalid) || !strings.Contains(err.Error(), "nothing was removed") {
				t.Errorf("err = %v, want invalid … nothing was removed", err)
			}
			if rep.Removed != 0 {
				t.Errorf("removed %d", rep.Removed)
			}
			if counts, _ := st.Counts(ctx); counts["group-se"].Cars != 2 {
				t.Errorf("stock after a broken full feed: %v", counts)
			}
		})
	}
}

func TestImportRejectsUnknownKindAndSite(t *testing.T) {
	st := catalog.NewStore(storetest.MustSQLite(t))
	ctx := context.Background()
	if _, err := catalog.Import(ctx, st, "trucks", "group-se", strings.NewReader(""), catalog.ImportOptions{}); !errs.Is(err, errs.Invalid) {
		t.Errorf("unknown kind: %v", err)
	}
	_, err := catalog.Import(ctx, st, catalog.KindCars, "group-xx", strings.NewReader(""), catalog.ImportOptions{})
	if !errs.Is(err, errs.Invalid) || !strings.Contains(err.Error(), `"group-xx"`) {
		t.Errorf("unknown site: %v", err)
	}
}

func TestImportProgress(t *testing.T) {
	st := catalog.NewStore(storetest.MustSQLite(t))
	var feed bytes.Buffer
	if err := stock.WriteDemoFeed(&feed, catalog.KindCars, "group-se", stock.SeedOptions{Scale: 0.6}); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	rep, err := catalog.Import(context.Background(), st, catalog.KindCars, "group-se", &feed, catalog.ImportOptions{Full: true, Progress: &out, Now: nowRef})
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	// Not a terminal: a line every 10000 records and the summary.
	if len(lines) != 2 || strings.Contains(out.String(), "\r") || lines[1] != rep.String() {
		t.Errorf("progress output %q", out.String())
	}
	if !strings.HasPrefix(lines[1], "group-se cars (full): 12300 read, 12300 changed") {
		t.Errorf("summary %q", lines[1])
	}
}
