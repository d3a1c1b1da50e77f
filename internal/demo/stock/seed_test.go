package stock_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/demo/stock"
	"forecourt/internal/store/storetest"
)

func demoHash(t *testing.T, opts stock.SeedOptions) string {
	t.Helper()
	h := sha256.New()
	for _, name := range stock.DemoSiteNames() {
		for _, kind := range []string{catalog.KindSites, catalog.KindCars, catalog.KindMedia} {
			if err := stock.WriteDemoFeed(h, kind, name, opts); err != nil {
				t.Fatalf("WriteDemoFeed(%s, %s): %v", kind, name, err)
			}
		}
	}
	return fmt.Sprintf("%x", h.Sum(nil))
}

func TestDemoStockIsDeterministic(t *testing.T) {
	opts := stock.SeedOptions{Scale: 0.02}
	if a, b := demoHash(t, opts), demoHash(t, opts); a != b {
		t.Fatalf("two runs differ: %s vs %s", a, b)
	}
}

// Sweden's bounding box (WGS 84), generously rounded.
const minLat, maxLat, minLon, maxLon = 55.3, 69.1, 10.9, 24.2

func TestDemoStockGroupSE(t *testing.T) {
	st, err := stock.DemoStock("group-se", stock.SeedOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(st.Cars) < 20000 {
		t.Errorf("group-se has %d cars, want at least 20000", len(st.Cars))
	}
	if len(st.Sites) < 40 {
		t.Errorf("group-se has %d dealer sites, want at least 40", len(st.Sites))
	}
	siteIDs := map[int64]bool{}
	slugs := map[string]bool{}
	codes := map[string]bool{}
	for _, s := range st.Sites {
		siteIDs[s.SiteID] = true
		if slugs[s.Slug] {
			t.Errorf("duplicate dealer slug %q", s.Slug)
		}
		slugs[s.Slug] = true
		lat, _ := strconv.ParseFloat(s.SiteGeocoord.Latitude, 64)
		lon, _ := strconv.ParseFloat(s.SiteGeocoord.Longitude, 64)
		if lat < minLat || lat > maxLat || lon < minLon || lon > maxLon {
			t.Errorf("%s at %v,%v is outside Sweden", s.Slug, lat, lon)
		}
		groups := map[string]bool{}
		for _, d := range s.SiteDepartments {
			groups[d.Group] = true
			for _, b := range d.Brands {
				codes[b.BrandCode] = true
			}
			if len(d.Openingschedule.Openinghours) == 0 || !strings.Contains(d.Openingschedule.Openinghours[0].Day, "Måndag") {
				t.Errorf("%s %s: opening hours %v", s.Slug, d.Name, d.Openingschedule.Openinghours)
			}
		}
		if !groups[catalog.GroupNewCars] {
			t.Errorf("%s has no New cars department", s.Slug)
		}
	}
	for _, c := range []string{"VW_TR", "FI_TR", "MH_TR"} {
		if !codes[c] {
			t.Errorf("no department carries brand code %s", c)
		}
	}

	brands := map[string]bool{}
	fuels := map[string]int{}
	ids := map[int64]bool{}
	var samples, weekly, lcv, trucks, campaigns, private, company, loans int
	for i := range st.Cars {
		c := &st.Cars[i]
		if err := catalog.ValidateCar(c, stock.DemoRefDate); err != nil {
			t.Fatalf("car %d is not valid: %v", c.CarID, err)
		}
		if ids[c.CarID] {
			t.Fatalf("duplicate car id %d", c.CarID)
		}
		ids[c.CarID] = true
		if !siteIDs[c.CarSiteID] {
			t.Fatalf("car %d points at unknown site %d", c.CarID, c.CarSiteID)
		}
		brands[c.CarBrand] = true
		fuels[c.CarFuel]++
		if n := len(c.CarImages); n < 4 || n > 8 {
			t.Fatalf("car %d has %d images", c.CarID, n)
		}
		if c.CarPrimaryImage.ThumbnailURL != c.CarImages[0].Original || !strings.HasSuffix(c.CarImages[0].Original, "/1.jpg") {
			t.Fatalf("car %d primary image %q", c.CarID, c.CarPrimaryImage.ThumbnailURL)
		}
		if c.CarPriceCurrency != "SEK" || c.CarPrice <= 0 {
			t.Fatalf("car %d price %v %s", c.CarID, c.CarPrice, c.CarPriceCurrency)
		}
		if age := stock.DemoRefDate.Unix() - c.CarPublishdate; age < 0 || age > 90*24*3600 {
			t.Fatalf("car %d published %d s before the reference date", c.CarID, age)
		}
		if parts := strings.Split(c.Slug, "-"); len(parts) < 4 {
			t.Fatalf("car %d slug %q has too few segments", c.CarID, c.Slug)
		}
		if c.CarFuel == "El" && (c.BatterySize <= 0 || c.WltpElectricRangeText == "") {
			t.Fatalf("electric car %d lacks battery or range", c.CarID)
		}
		if c.CarIsSample {
			samples++
		}
		if c.Caroftheweek {
			weekly++
		}
		switch c.CarVehicleTypeCode {
		case "LCV":
			lcv++
		case "TRUCK":
			trucks++
		}
		if c.CarHasCampaignPrice {
			campaigns++
		}
		if c.CarHasPrivateleasing {
			private++
		}
		if c.CarHasCompanyleasing {
			company++
		}
		if c.CarLoanOption != nil {
			loans++
		}
	}
	if len(brands) < 15 {
		t.Errorf("%d brands, want at least 15", len(brands))
	}
	for _, f := range []string{"El", "Hybrid", "Laddhybrid", "Bensin", "Diesel"} {
		if fuels[f] == 0 {
			t.Errorf("no %s cars", f)
		}
	}
	if weekly < 3 || weekly > 10 {
		t.Errorf("%d cars of the week, want a handful", weekly)
	}
	for name, n := range map[string]int{"samples": samples, "vans": lcv, "trucks": trucks, "campaigns": campaigns,
		"private leasing": private, "company leasing": company, "loans": loans} {
		if n == 0 {
			t.Errorf("no %s", name)
		}
	}
	t.Logf("group-se: %d cars, %d sites, %d brands, fuels %v, %d samples, %d vans, %d trucks, %d campaigns",
		len(st.Cars), len(st.Sites), len(brands), fuels, samples, lcv, trucks, campaigns)
}

func TestDemoStockEverySite(t *testing.T) {
	for _, name := range stock.DemoSiteNames() {
		t.Run(name, func(t *testing.T) {
			st, err := stock.DemoStock(name, stock.SeedOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if len(st.Cars) < 200 || len(st.Sites) < 2 {
				t.Errorf("%d cars, %d sites", len(st.Cars), len(st.Sites))
			}
			for i := range st.Cars {
				c := &st.Cars[i]
				if err := catalog.ValidateCar(c, stock.DemoRefDate); err != nil {
					t.Fatalf("car %d: %v", c.CarID, err)
				}
				// The stored monthly cost is the calculator's starting figure.
				if c.CarLoanOption != nil {
					q, err := c.CarLoanOption.DefaultQuote(c.CarPrice)
					if err != nil {
						t.Fatalf("car %d: %v", c.CarID, err)
					}
					if want := math.Round(q.MonthlyCost); c.CarLoanMonthlyCost != want || c.CarLoanOption.DefaultMonthlyCost != want {
						t.Fatalf("car %d: car_loan_monthly_cost %v, default_monthly_cost %v; the calculator starts at %v",
							c.CarID, c.CarLoanMonthlyCost, c.CarLoanOption.DefaultMonthlyCost, want)
					}
				}
			}
			switch name {
			case "group-uk":
				if len(st.Cars) < 3000 || len(st.Media) == 0 || st.Cars[0].CarPriceCurrency != "GBP" || st.Cars[0].CarOdometerUnit != "mi" {
					t.Errorf("uk: %d cars, %d media, %s, %s", len(st.Cars), len(st.Media), st.Cars[0].CarPriceCurrency, st.Cars[0].CarOdometerUnit)
				}
			case "carstore-se":
				vat := 0
				for _, c := range st.Cars {
					if c.CarVatEligible {
						vat++
					}
				}
				if vat == 0 {
					t.Error("carstore-se has no VAT-eligible cars")
				}
			}
		})
	}
}

func TestDemoFeedImports(t *testing.T) {
	ctx := context.Background()
	st := catalog.NewStore(storetest.MustSQLite(t))
	opts := stock.SeedOptions{Scale: 0.05, Sites: []string{"group-uk"}}
	for _, kind := range []string{catalog.KindSites, catalog.KindCars, catalog.KindMedia} {
		var buf bytes.Buffer
		if err := stock.WriteDemoFeed(&buf, kind, "group-uk", opts); err != nil {
			t.Fatal(err)
		}
		rep, err := catalog.Import(ctx, st, kind, "group-uk", &buf, catalog.ImportOptions{Full: true, Now: nowRef})
		if err != nil || len(rep.Rejected) > 0 || rep.Imported == 0 {
			t.Fatalf("import demo %s: %v, %+v", kind, err, rep.Rejected)
		}
	}
	// Seeding the same stock afterwards changes nothing.
	rep, err := stock.Seed(ctx, st, opts)
	if err != nil {
		t.Fatal(err)
	}
	if ch := rep.Changed["group-uk"]; ch != (catalog.Changes{}) {
		t.Errorf("seed after importing the same feed changed %+v", ch)
	}
}

func TestSeedIfEmpty(t *testing.T) {
	ctx := context.Background()
	st := catalog.NewStore(storetest.MustSQLite(t))
	opts := stock.SeedOptions{Scale: 0.01, Sites: []string{"group-se", "group-no"}}
	if _, err := st.UpsertCars(ctx, "group-no", []catalog.Car{testCar(1)}); err != nil {
		t.Fatal(err)
	}
	rep, err := stock.SeedIfEmpty(ctx, st, opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Skipped) != 1 || rep.Skipped[0] != "group-no" {
		t.Errorf("Skipped = %v, want [group-no]", rep.Skipped)
	}
	counts, _ := st.Counts(ctx)
	if counts["group-se"].Cars != rep.Seeded["group-se"].Cars || counts["group-se"].Cars < 200 || counts["group-no"].Cars != 1 {
		t.Errorf("counts after seeding: %v", counts)
	}
	rep, err = stock.SeedIfEmpty(ctx, st, opts)
	if err != nil || len(rep.Seeded) != 0 || len(rep.Skipped) != 2 {
		t.Errorf("second SeedIfEmpty: %+v, %v", rep, err)
	}
}

func TestSlugify(t *testing.T) {
	tests := map[string]string{
		"Göteborg Hisingen":    "goteborg-hisingen",
		"Škoda":                "skoda",
		"xDrive20d M Sport":    "xdrive20d-m-sport",
		"  ID. Buzz  ":         "id-buzz",
		"Banská Bystrica":      "banska-bystrica",
		"København Glostrup":   "kobenhavn-glostrup",
		"Ängelholm":            "angelholm",
		"2.0 TDI 200 4x4 RS":   "2-0-tdi-200-4x4-rs",
		"Mercedes-Benz":        "mercedes-benz",
		"Æble & Øl":            "aeble-ol",
		"—":                    "",
		"Carrera 4S Cabriolet": "carrera-4s-cabriolet",
	}
	for in, want := range tests {
		if got := stock.Slugify(in); got != want {
			t.Errorf("Slugify(%q) = %q, want %q", in, got, want)
		}
	}
}

// nowRef is the demo stock's fixed "today", the import's clock in tests.
func nowRef() time.Time { return stock.DemoRefDate }

// testCar is one car of a feed that is not the demo's.
func testCar(id int64) catalog.Car {
	return catalog.Car{
		CarID: id, Slug: "volvo-xc60-b5-2022", CarBrand: "Volvo", CarModel: "XC60", CarVersion: "B5 AWD Plus",
		CarYear: 2022, CarFuel: "Bensin", CarBody: "SUV", CarGearbox: "Automat", CarRegno: "ABC 12" + string(rune('0'+id%10)),
		CarPrice: 389900, CarPriceCurrency: "SEK", CarSiteID: 7, CarVehicleTypeCode: "PC",
		CarImages: []catalog.Image{{Original: "/-/media/demo/car/suv/blue/1.jpg"}},
	}
}
