package catalog_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"

	"forecourt/internal/catalog"
	"forecourt/internal/errs"
	"forecourt/internal/store"
	"forecourt/internal/store/storetest"
)

// testCar returns a small valid car of site 7.
func testCar(id int64) catalog.Car {
	return catalog.Car{
		CarID: id, Slug: "volvo-xc60-b5-2022", CarBrand: "Volvo", CarModel: "XC60", CarVersion: "B5 AWD Plus",
		CarYear: 2022, CarFuel: "Bensin", CarBody: "SUV", CarGearbox: "Automat", CarRegno: "ABC 12" + string(rune('0'+id%10)),
		CarPrice: 389900, CarPriceCurrency: "SEK", CarSiteID: 7, CarVehicleTypeCode: "PC",
		CarEquipment:      []string{"Dragkrok"},
		CarImages:         []catalog.Image{{Original: "/-/media/demo/car/suv/blue/1.jpg"}},
		CarLeasingOptions: []catalog.LeasingOption{{LeasingType: catalog.LeasingPrivate, Title: "Privatleasing", MonthlyCost: 4995, Duration: 36, Mileage: 1500}},
		CarLoanOption: &catalog.LoanOption{Title: "Billån", InterestRate: 4.95,
			DefaultContractDuration: catalog.ContractDuration{Months: 36, CashAmountMinPercentage: 20, ResidualPercentage: 45},
			ContractDurations:       []catalog.ContractDuration{{Months: 36, ResidualPercentage: 45, CashAmountMinPercentage: 20, CashAmountMaxPercentage: 50}}},
	}
}

func testSite(id int64, slug string) catalog.DealerSite {
	return catalog.DealerSite{
		SiteID: id, ID: "site-" + slug, Slug: slug, SiteOfficialName: "Forecourt " + slug, SiteCity: "Uppsala",
		SiteGeocoord: catalog.GeoCoord{Latitude: "59.8586", Longitude: "17.6389"},
		SiteDepartments: []catalog.Department{{Name: "Verkstad", Group: catalog.GroupWorkshop,
			Openingschedule: catalog.OpeningSchedule{Openinghours: []catalog.OpeningDay{{Day: "Måndag–Fredag", DisplayText: "07:00–17:00"}}}}},
	}
}

func TestStore(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		st := catalog.NewStore(db)

		cars := []catalog.Car{testCar(1), testCar(2), testCar(3)}
		n, err := st.UpsertCars(ctx, "group-se", cars)
		if err != nil || n != 3 {
			t.Fatalf("first upsert = %d, %v; want 3", n, err)
		}
		// The same documents again change nothing.
		if n, err := st.UpsertCars(ctx, "group-se", cars); err != nil || n != 0 {
			t.Fatalf("second upsert = %d, %v; want 0", n, err)
		}
		changed := testCar(2)
		changed.CarPrice = 379900
		if n, err := st.UpsertCars(ctx, "group-se", []catalog.Car{changed, testCar(4)}); err != nil || n != 2 {
			t.Fatalf("third upsert = %d, %v; want 2", n, err)
		}
		// Another forecourt site may reuse a car id.
		if _, err := st.UpsertCars(ctx, "group-uk", []catalog.Car{testCar(1)}); err != nil {
			t.Fatal(err)
		}

		got, err := st.Car(ctx, "group-se", 2)
		if err != nil {
			t.Fatal(err)
		}
		changed.SiteName = "group-se"
		if d := cmp.Diff(changed, got); d != "" {
			t.Errorf("Car(2) (-want +got):\n%s", d)
		}
		if _, err := st.Car(ctx, "group-se", 99); !errs.Is(err, errs.NotFound) {
			t.Errorf("Car(99) err = %v, want not_found", err)
		}
		if _, err := st.Car(ctx, "group-no", 1); !errs.Is(err, errs.NotFound) {
			t.Errorf("Car on other site err = %v, want not_found", err)
		}

		all, err := st.Cars(ctx, "group-se")
		if err != nil {
			t.Fatal(err)
		}
		var ids []int64
		for _, c := range all {
			ids = append(ids, c.CarID)
		}
		if d := cmp.Diff([]int64{1, 2, 3, 4}, ids); d != "" {
			t.Errorf("Cars ids (-want +got):\n%s", d)
		}

		removed, err := st.DeleteCarsExcept(ctx, "group-se", map[int64]bool{2: true, 4: true})
		if err != nil || removed != 2 {
			t.Fatalf("DeleteCarsExcept = %d, %v; want 2", removed, err)
		}
		if _, err := st.Car(ctx, "group-uk", 1); err != nil {
			t.Errorf("delete on group-se removed group-uk car: %v", err)
		}

		// Dealer sites.
		sites := []catalog.DealerSite{testSite(10, "uppsala"), testSite(11, "enkoping")}
		sites[0].WebsiteSortOrder = 2
		sites[1].WebsiteSortOrder = 1
		if n, err := st.UpsertSites(ctx, "group-se", sites); err != nil || n != 2 {
			t.Fatalf("UpsertSites = %d, %v", n, err)
		}
		ds, err := st.DealerSites(ctx, "group-se")
		if err != nil || len(ds) != 2 || ds[0].Slug != "enkoping" {
			t.Fatalf("DealerSites = %+v, %v; want enkoping first", ds, err)
		}
		bySlug, err := st.DealerSiteBySlug(ctx, "group-se", "uppsala")
		if err != nil {
			t.Fatal(err)
		}
		want := sites[0]
		want.SiteName = "group-se"
		if d := cmp.Diff(want, bySlug); d != "" {
			t.Errorf("DealerSiteBySlug (-want +got):\n%s", d)
		}
		if _, err := st.DealerSiteBySlug(ctx, "group-se", "nowhere"); !errs.Is(err, errs.NotFound) {
			t.Errorf("unknown slug err = %v", err)
		}
		if n, err := st.DeleteSitesExcept(ctx, "group-se", map[int64]bool{11: true}); err != nil || n != 1 {
			t.Errorf("DeleteSitesExcept = %d, %v", n, err)
		}

		// Extra media by registration, whatever the spacing.
		media := catalog.ExtraMedia{CarRegno: "AB12 CDE", Has360: true, Images360: []string{"/-/media/demo/car360/suv/red/0.jpg"}}
		if n, err := st.UpsertMedia(ctx, "group-uk", []catalog.ExtraMedia{media}); err != nil || n != 1 {
			t.Fatalf("UpsertMedia = %d, %v", n, err)
		}
		gm, err := st.ExtraMedia(ctx, "group-uk", "ab12cde")
		if err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(media, gm); d != "" {
			t.Errorf("ExtraMedia (-want +got):\n%s", d)
		}
		if _, err := st.ExtraMedia(ctx, "group-uk", "ZZ99 ZZZ"); !errs.Is(err, errs.NotFound) {
			t.Errorf("unknown regno err = %v", err)
		}

		counts, err := st.Counts(ctx)
		if err != nil {
			t.Fatal(err)
		}
		wantCounts := map[string]catalog.Counts{
			"group-se": {Cars: 2, Sites: 1},
			"group-uk": {Cars: 1, Media: 1},
		}
		if d := cmp.Diff(wantCounts, counts); d != "" {
			t.Errorf("Counts (-want +got):\n%s", d)
		}

		// SaveStock writes everything in one transaction and reports changes.
		ch, err := st.SaveStock(ctx, "group-fi", catalog.Stock{
			Sites: []catalog.DealerSite{testSite(1, "helsinki")},
			Cars:  []catalog.Car{testCar(1), testCar(1)}, // the last of an id wins
		})
		if err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(catalog.Changes{Sites: 1, Cars: 1}, ch); d != "" {
			t.Errorf("SaveStock changes (-want +got):\n%s", d)
		}
	})
}

func TestStoreManyCars(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		st := catalog.NewStore(db)
		cars := make([]catalog.Car, 1234) // spans several batches
		for i := range cars {
			cars[i] = testCar(int64(i + 1))
		}
		if n, err := st.UpsertCars(ctx, "group-se", cars); err != nil || n != len(cars) {
			t.Fatalf("UpsertCars = %d, %v", n, err)
		}
		seen := 0
		if err := st.EachCar(ctx, "group-se", func(catalog.Car) error { seen++; return nil }); err != nil || seen != len(cars) {
			t.Fatalf("EachCar saw %d, %v", seen, err)
		}
		keep := map[int64]bool{}
		for i := int64(1); i <= 100; i++ {
			keep[i] = true
		}
		if n, err := st.DeleteCarsExcept(ctx, "group-se", keep); err != nil || n != len(cars)-100 {
			t.Fatalf("DeleteCarsExcept = %d, %v", n, err)
		}
	})
}
