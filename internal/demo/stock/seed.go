// Package stock is the deterministic demo stock of every demo site: dealer
// sites with departments, staff and opening hours, and cars with prices,
// finance, equipment and pictures, in each site's own language. `forecourt
// seed` writes it into the catalogue (Seed, SeedIfEmpty); WriteDemoFeed
// writes it as the stock feeds the import reads, for tests and benchmarks.
package stock

import (
	"bufio"
	"context"
	"crypto/sha1"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"io"
	"math"
	"math/rand"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"

	"forecourt/internal/catalog"
	"forecourt/internal/errs"
)

// DemoRefDate is the fixed "today" of the demo stock: publish dates,
// registrations and model years are relative to it, so every run produces
// the same stock.
var DemoRefDate = time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)

// demoSeed is mixed with each site's name to seed its random source.
const demoSeed = 20261120

// SeedOptions tune the demo stock.
type SeedOptions struct {
	// Scale multiplies the number of cars of every site (1 or 0: the full
	// demo, 20,500 cars for group-se). Dealer sites are never scaled.
	Scale float64
	// Sites limits seeding to these forecourt sites; empty: all.
	Sites []string
	// Now is the day the demo's price history is written back from (price
	// drops a few days to weeks before it) and the price model is fitted
	// at; nil means time.Now.
	Now func() time.Time
}

func (o SeedOptions) now() time.Time {
	if o.Now != nil {
		return o.Now()
	}
	return time.Now()
}

// demoSite describes the demo stock of one forecourt site.
type demoSite struct {
	Name     string
	Lang     string // language of texts and facet labels
	Currency string
	Country  string
	Towns    []town
	Cars     int
	Label    string // dealer-site name prefix, e.g. "Forecourt Bil"
	Domain   string // e-mail domain
	Unit     string // mileage unit: mil, mi or km
	Index    int64  // makes car and site ids unique across sites
	CarStore bool
}

func pickTowns(from []town, names ...string) []town {
	var out []town
	for _, n := range names {
		for _, t := range from {
			if t.City+"/"+t.Area == n || (t.Area == "" && t.City == n) {
				out = append(out, t)
			}
		}
	}
	return out
}

// demoSites is the demo stock of every forecourt site.
var demoSites = []demoSite{
	{Name: "group-se", Lang: "sv", Currency: "SEK", Country: "SE", Towns: swedishTowns, Cars: 20500, Label: "Forecourt Bil", Domain: "forecourt.se", Unit: "mil", Index: 1},
	{Name: "group-uk", Lang: "en", Currency: "GBP", Country: "GB", Towns: ukTowns, Cars: 3200, Label: "Forecourt", Domain: "forecourt.co.uk", Unit: "mi", Index: 2},
	{Name: "group-no", Lang: "nb", Currency: "NOK", Country: "NO", Towns: norwegianTowns, Cars: 400, Label: "Forecourt Bil", Domain: "forecourt.no", Unit: "km", Index: 3},
	{Name: "group-fi", Lang: "fi", Currency: "EUR", Country: "FI", Towns: finnishTowns, Cars: 400, Label: "Forecourt Autot", Domain: "forecourt.fi", Unit: "km", Index: 4},
	{Name: "group-dk", Lang: "da", Currency: "DKK", Country: "DK", Towns: danishTowns, Cars: 300, Label: "Forecourt Biler", Domain: "forecourt.dk", Unit: "km", Index: 5},
	{Name: "group-sk", Lang: "sk", Currency: "EUR", Country: "SK", Towns: slovakTowns, Cars: 300, Label: "Forecourt", Domain: "forecourt.sk", Unit: "km", Index: 6},
	{Name: "group-eu", Lang: "en", Currency: "EUR", Country: "EU", Towns: euTowns, Cars: 250, Label: "Forecourt Europe", Domain: "forecourt.eu", Unit: "km", Index: 7},
	{Name: "carstore-se", Lang: "sv", Currency: "SEK", Country: "SE", Towns: pickTowns(swedishTowns, "Järfälla/Barkarby", "Göteborg/Hisingen", "Malmö/Svågertorp", "Uppsala"), Cars: 600, Label: "Carstore", Domain: "carstore.se", Unit: "mil", Index: 8, CarStore: true},
	{Name: "carstore-no", Lang: "nb", Currency: "NOK", Country: "NO", Towns: pickTowns(norwegianTowns, "Oslo/Alnabru", "Bergen"), Cars: 300, Label: "Carstore", Domain: "carstore.no", Unit: "km", Index: 9, CarStore: true},
	{Name: "carstore-fi", Lang: "fi", Currency: "EUR", Country: "FI", Towns: pickTowns(finnishTowns, "Vantaa", "Tampere"), Cars: 300, Label: "Carstore", Domain: "carstore.fi", Unit: "km", Index: 10, CarStore: true},
	{Name: "carstore-sk", Lang: "sk", Currency: "EUR", Country: "SK", Towns: pickTowns(slovakTowns, "Bratislava/Ružinov", "Košice"), Cars: 250, Label: "Carstore", Domain: "carstore.sk", Unit: "km", Index: 11, CarStore: true},
	{Name: "dealer-se", Lang: "sv", Currency: "SEK", Country: "SE", Towns: pickTowns(swedishTowns, "Täby", "Norrtälje", "Stockholm/Kista"), Cars: 350, Label: "Bilhallen Norrort", Domain: "bilhallen-norrort.se", Unit: "mil", Index: 12},
}

// DemoSiteNames returns the forecourt sites that have demo stock.
func DemoSiteNames() []string {
	out := make([]string, len(demoSites))
	for i, d := range demoSites {
		out[i] = d.Name
	}
	return out
}

func demoSiteByName(name string) (demoSite, error) {
	for _, d := range demoSites {
		if d.Name == name {
			return d, nil
		}
	}
	return demoSite{}, errs.E(errs.Invalid, "no demo stock for site %q (known: %s)", name, strings.Join(DemoSiteNames(), ", "))
}

func (o SeedOptions) sites() ([]demoSite, error) {
	if len(o.Sites) == 0 {
		return demoSites, nil
	}
	var out []demoSite
	for _, n := range o.Sites {
		d, err := demoSiteByName(n)
		if err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, nil
}

func (o SeedOptions) cars(d demoSite) int {
	if o.Scale <= 0 || o.Scale == 1 {
		return d.Cars
	}
	return max(1, int(math.Round(float64(d.Cars)*o.Scale)))
}

// DemoStock returns the demo stock of the forecourt site name. The same
// name and options give the same stock on every run and machine.
func DemoStock(name string, opts SeedOptions) (catalog.Stock, error) {
	d, err := demoSiteByName(name)
	if err != nil {
		return catalog.Stock{}, err
	}
	return generate(d, opts.cars(d)), nil
}

// SeedReport says what Seed or SeedIfEmpty did.
type SeedReport struct {
	Seeded   map[string]catalog.Counts // per forecourt site: records generated
	Changed  map[string]catalog.Changes
	Skipped  []string // sites left alone because they had data
	Duration time.Duration
}

// Seed writes the demo stock of the chosen sites into st, one transaction
// per site. Records already stored unchanged are left alone, so seeding
// twice is harmless; nothing is removed.
func Seed(ctx context.Context, st *catalog.Store, opts SeedOptions) (SeedReport, error) {
	return seed(ctx, st, opts, false)
}

// SeedIfEmpty is Seed for the sites that have neither cars nor dealer
// sites in st; sites with any data are skipped and listed in the report.
func SeedIfEmpty(ctx context.Context, st *catalog.Store, opts SeedOptions) (SeedReport, error) {
	return seed(ctx, st, opts, true)
}

func seed(ctx context.Context, st *catalog.Store, opts SeedOptions, onlyEmpty bool) (SeedReport, error) {
	start := time.Now()
	rep := SeedReport{Seeded: map[string]catalog.Counts{}, Changed: map[string]catalog.Changes{}}
	sites, err := opts.sites()
	if err != nil {
		return rep, err
	}
	var have map[string]catalog.Counts
	if onlyEmpty {
		if have, err = st.Counts(ctx); err != nil {
			return rep, err
		}
	}
	// Generate the next site while the previous one is being written.
	type job struct {
		name  string
		stock catalog.Stock
	}
	jobs := make(chan job, 1)
	go func() {
		defer close(jobs)
		for _, d := range sites {
			if c := have[d.Name]; onlyEmpty && (c.Cars > 0 || c.Sites > 0) {
				jobs <- job{name: d.Name}
				continue
			}
			select {
			case jobs <- job{name: d.Name, stock: generate(d, opts.cars(d))}:
			case <-ctx.Done():
				return
			}
		}
	}()
	for j := range jobs {
		if j.stock.Cars == nil && j.stock.Sites == nil {
			rep.Skipped = append(rep.Skipped, j.name)
			// A stock stored before sites had price models gets one now,
			// not only at its next import.
			if m, err := st.PriceModel(ctx, j.name); err == nil && m == nil {
				if _, err := st.RefitPriceModel(ctx, j.name, opts.now()); err != nil {
					for range jobs {
					}
					return rep, fmt.Errorf("fit the price model of %s: %w", j.name, err)
				}
			}
			continue
		}
		ch, err := st.SaveStock(ctx, j.name, j.stock)
		if err != nil {
			for range jobs { // let the generator finish
			}
			return rep, fmt.Errorf("seed %s: %w", j.name, err)
		}
		if err := seedPriceHistory(ctx, st, j.name, j.stock.Cars, opts.now()); err != nil {
			for range jobs {
			}
			return rep, fmt.Errorf("seed %s: %w", j.name, err)
		}
		if _, err := st.RefitPriceModel(ctx, j.name, opts.now()); err != nil {
			for range jobs {
			}
			return rep, fmt.Errorf("seed %s: %w", j.name, err)
		}
		rep.Changed[j.name] = ch
		rep.Seeded[j.name] = catalog.Counts{Cars: len(j.stock.Cars), Sites: len(j.stock.Sites), Media: len(j.stock.Media)}
	}
	if err := ctx.Err(); err != nil {
		return rep, err
	}
	rep.Duration = time.Since(start)
	return rep, nil
}

// WriteDemoFeed writes the demo stock of one forecourt site as a JSON-lines
// feed of kind (KindCars, KindSites or KindMedia), the format Import reads.
func WriteDemoFeed(w io.Writer, kind, siteName string, opts SeedOptions) error {
	stock, err := DemoStock(siteName, opts)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	switch kind {
	case catalog.KindCars:
		for i := range stock.Cars {
			if err := enc.Encode(&stock.Cars[i]); err != nil {
				return err
			}
		}
	case catalog.KindSites:
		for i := range stock.Sites {
			if err := enc.Encode(&stock.Sites[i]); err != nil {
				return err
			}
		}
	case catalog.KindMedia:
		for i := range stock.Media {
			if err := enc.Encode(&stock.Media[i]); err != nil {
				return err
			}
		}
	default:
		return errs.E(errs.Invalid, "unknown feed kind %q (want cars, sites or media)", kind)
	}
	return bw.Flush()
}

// ---- generation ----

// gen holds the state of generating one site's stock.
type gen struct {
	d       demoSite
	r       *rand.Rand
	ref     time.Time
	sites   []catalog.DealerSite
	dealers []dealer
	regnos  map[string]bool
	weights []int // cumulative dealer weights
}

// dealer is a generated dealer site with what the car generator needs.
type dealer struct {
	site    *catalog.DealerSite
	town    town
	brands  []*brandSpec
	trucks  bool
	sellers []catalog.User
}

func siteSeed(name string) int64 {
	h := fnv.New64a()
	h.Write([]byte(name))
	return int64(h.Sum64()>>1) ^ demoSeed
}

func generate(d demoSite, cars int) catalog.Stock {
	g := &gen{d: d, r: rand.New(rand.NewSource(siteSeed(d.Name))), ref: DemoRefDate, regnos: map[string]bool{}}
	g.genSites()
	st := catalog.Stock{Sites: g.sites, Cars: make([]catalog.Car, 0, cars)}
	for i := 0; i < cars; i++ {
		st.Cars = append(st.Cars, g.genCar(i))
	}
	// A handful of cars of the week: used or new passenger cars with a
	// campaign or leasing, spread over the stock.
	for n, i := 0, g.r.Intn(max(1, cars/7)); n < 6 && i < cars; i += max(1, cars/7) {
		if st.Cars[i].CarVehicleTypeCode == "PC" {
			st.Cars[i].Caroftheweek = true
			n++
		}
	}
	if d.Country == "GB" {
		for i := range st.Cars {
			if m, ok := g.genMedia(&st.Cars[i]); ok {
				st.Media = append(st.Media, m)
			}
		}
	}
	return st
}

func (g *gen) pick(n int) int { return g.r.Intn(n) }

func (g *gen) chance(p float64) bool { return g.r.Float64() < p }

func (g *gen) digits(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte('0' + g.r.Intn(10))
	}
	return string(b)
}

func (g *gen) letters(n int, set string) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = set[g.r.Intn(len(set))]
	}
	return string(b)
}

// sv reports whether texts are Swedish (otherwise English).
func (g *gen) sv() bool { return g.d.Lang == "sv" }

// imperial reports whether the site's feed is in British units (miles):
// its technical texts are too (0–62 mph, miles, mi/kWh, mpg).
func (g *gen) imperial() bool { return g.d.Unit == "mi" }

// KmPerMile is the length of a mile in kilometres.
const KmPerMile = 1.609344

// Miles converts kilometres to miles.
func Miles(km float64) float64 { return km / KmPerMile }

// MilesPerKWh converts an electric consumption in kWh/100 km to mi/kWh:
// 100 km is 62.1371 miles, driven on that many kWh.
func MilesPerKWh(kWhPer100km float64) float64 { return 100 / KmPerMile / kWhPer100km }

// MPG converts a fuel consumption in l/100 km to miles per imperial
// gallon (4.54609 l): 282.481 / (l/100 km).
func MPG(litresPer100km float64) float64 { return 100 / KmPerMile * 4.54609 / litresPer100km }

// text is sv on Swedish sites, otherwise en in the site's language (tr).
func (g *gen) text(sv, en string) string {
	if g.sv() {
		return sv
	}
	return g.tr(en)
}

func brandByName(name string) *brandSpec {
	for i := range demoBrands {
		if demoBrands[i].Name == name {
			return &demoBrands[i]
		}
	}
	panic("unknown demo brand " + name)
}

// itemID makes a content-item id (UUID shape) from a stable key.
func itemID(key string) string {
	s := sha1.Sum([]byte(key))
	h := fmt.Sprintf("%x", s[:16])
	return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:32]
}

func (g *gen) phone(t town) string {
	switch g.d.Lang {
	case "sv":
		if len(t.AreaCode) <= 2 {
			return t.AreaCode + "-" + g.digits(3) + " " + g.digits(2) + " " + g.digits(2)
		}
		return t.AreaCode + "-" + g.digits(2) + " " + g.digits(2) + " " + g.digits(2)
	case "en":
		if g.d.Country == "GB" {
			return t.AreaCode + " " + g.digits(3) + " " + g.digits(4)
		}
		return t.AreaCode + " " + g.digits(3) + " " + g.digits(3)
	}
	return t.AreaCode + " " + g.digits(2) + " " + g.digits(2) + " " + g.digits(2)
}

func (g *gen) mobile() string {
	switch g.d.Country {
	case "SE":
		return "07" + strconv.Itoa(g.pick(4)*3) + "-" + g.digits(3) + " " + g.digits(2) + " " + g.digits(2)
	case "GB":
		return "07" + g.digits(3) + " " + g.digits(6)
	}
	return "+" + map[string]string{"NO": "47", "FI": "358", "DK": "45", "SK": "421", "EU": "32"}[g.d.Country] + " " + g.digits(3) + " " + g.digits(2) + " " + g.digits(3)
}

func (g *gen) person(title string) catalog.User {
	lang := g.d.Lang
	fn := firstNames[lang][g.pick(len(firstNames[lang]))]
	ln := lastNames[lang][g.pick(len(lastNames[lang]))]
	return catalog.User{FirstName: fn, LastName: ln, Title: title, Phone: g.mobile(),
		Email: Slugify(fn) + "." + Slugify(ln) + "@" + g.d.Domain}
}

func (g *gen) genSites() {
	d := g.d
	total := 0
	for i, t := range d.Towns {
		name := t.City
		if t.Area != "" {
			name += " " + t.Area
		}
		slug := Slugify(name)
		id := d.Index*1000 + int64(i) + 1
		img := fmt.Sprintf("/-/media/demo/site/%d.jpg", (int(d.Index)*7+i)%12+1)
		ds := catalog.DealerSite{
			SiteID: id, ID: itemID(d.Name + "/" + slug), Slug: slug,
			SiteOfficialName: d.Label + " " + name,
			SiteZip:          g.zip(t), SiteCity: t.City, SiteRegion: t.Region,
			SitePhone: g.phone(t), SiteEmail: slug + "@" + d.Domain,
			SiteImageURL:     img,
			SitePrimaryImage: catalog.SiteImage{ThumbnailURL: img, Original: img},
			SiteGeocoord:     catalog.GeoCoord{Latitude: strconv.FormatFloat(t.Lat, 'f', 4, 64), Longitude: strconv.FormatFloat(t.Lon, 'f', 4, 64)},
			WebsiteCity:      t.WebsiteCity, WebsiteSortOrder: i + 1,
			SiteName: d.Name,
		}
		ds.SiteStreet = g.street(t)
		// Franchises: one or two brand line-ups; every sixth site also trucks.
		var names []string
		if d.CarStore {
			for _, b := range demoBrands {
				if b.Code != "MH" && b.Code != "SC" {
					names = append(names, b.Name)
				}
			}
		} else {
			names = append(names, brandClusters[i%7]...)
			if i%2 == 1 {
				names = append(names, brandClusters[(i*3+2)%7]...)
			}
		}
		trucks := !d.CarStore && i%6 == 2
		if trucks {
			names = append(names, brandClusters[7]...)
		}
		dl := dealer{town: t, trucks: trucks}
		seen := map[string]bool{}
		for _, n := range names {
			if !seen[n] {
				seen[n] = true
				dl.brands = append(dl.brands, brandByName(n))
				ds.SiteBrands = append(ds.SiteBrands, n)
			}
		}
		ds.SiteDepartments, dl.sellers = g.departments(ds, dl.brands)
		g.sites = append(g.sites, ds)
		g.dealers = append(g.dealers, dl)
		total += t.Weight
		g.weights = append(g.weights, total)
	}
	for i := range g.dealers {
		g.dealers[i].site = &g.sites[i]
	}
}

func (g *gen) zip(t town) string {
	switch g.d.Country {
	case "SE":
		return t.Zip + " " + g.digits(2)
	case "GB":
		return t.Zip + " " + g.digits(1) + g.letters(2, "ABDEFGHJLNPQRSTUWXYZ")
	}
	return t.Zip
}

// Opening hours and holidays (around DemoRefDate: Christmas and New Year).
func (g *gen) hours(group string) catalog.OpeningSchedule {
	var o catalog.OpeningSchedule
	if g.sv() {
		switch group {
		case catalog.GroupNewCars:
			o.Openinghours = []catalog.OpeningDay{{Day: "Måndag–Fredag", DisplayText: "09:00–18:00"}, {Day: "Lördag", DisplayText: "10:00–15:00"}, {Day: "Söndag", DisplayText: "Stängt"}}
			if g.chance(0.3) {
				o.Openinghours[2].DisplayText = "11:00–15:00"
			}
		case catalog.GroupWorkshop:
			o.Openinghours = []catalog.OpeningDay{{Day: "Måndag–Fredag", DisplayText: "07:00–17:00"}, {Day: "Lördag–Söndag", DisplayText: "Stängt"}}
		case catalog.GroupParts:
			o.Openinghours = []catalog.OpeningDay{{Day: "Måndag–Fredag", DisplayText: "07:00–17:00"}, {Day: "Lördag", DisplayText: "10:00–13:00"}, {Day: "Söndag", DisplayText: "Stängt"}}
		default:
			o.Openinghours = []catalog.OpeningDay{{Day: "Måndag–Torsdag", DisplayText: "07:00–16:30"}, {Day: "Fredag", DisplayText: "07:00–15:00"}, {Day: "Lördag–Söndag", DisplayText: "Stängt"}}
		}
		o.Deviationdays = []catalog.OpeningDay{
			{Day: "Julafton 24 december", DisplayText: "Stängt"}, {Day: "Juldagen 25 december", DisplayText: "Stängt"}, {Day: "Annandag jul 26 december", DisplayText: "Stängt"},
			{Day: "Nyårsafton 31 december", DisplayText: "10:00–13:00"}, {Day: "Nyårsdagen 1 januari", DisplayText: "Stängt"}, {Day: "Trettondedag jul 6 januari", DisplayText: "Stängt"},
		}
		if group != catalog.GroupNewCars {
			o.Deviationdays[3].DisplayText = "Stängt"
		}
		return o
	}
	switch group {
	case catalog.GroupNewCars:
		o.Openinghours = []catalog.OpeningDay{{Day: "Monday–Friday", DisplayText: "09:00–18:00"}, {Day: "Saturday", DisplayText: "09:00–17:00"}, {Day: "Sunday", DisplayText: "10:30–16:30"}}
	case catalog.GroupWorkshop, catalog.GroupParts:
		o.Openinghours = []catalog.OpeningDay{{Day: "Monday–Friday", DisplayText: "07:30–17:30"}, {Day: "Saturday", DisplayText: "08:00–12:00"}, {Day: "Sunday", DisplayText: "Closed"}}
	default:
		o.Openinghours = []catalog.OpeningDay{{Day: "Monday–Friday", DisplayText: "08:00–17:00"}, {Day: "Saturday–Sunday", DisplayText: "Closed"}}
	}
	o.Deviationdays = []catalog.OpeningDay{
		{Day: "Christmas Eve 24 December", DisplayText: "09:00–13:00"}, {Day: "Christmas Day 25 December", DisplayText: "Closed"},
		{Day: "Boxing Day 26 December", DisplayText: "Closed"}, {Day: "New Year's Day 1 January", DisplayText: "Closed"},
	}
	if days, ok := deviationDays[g.d.Lang]; ok {
		for i := range o.Openinghours {
			o.Openinghours[i].Day, o.Openinghours[i].DisplayText = g.tr(o.Openinghours[i].Day), g.tr(o.Openinghours[i].DisplayText)
		}
		o.Deviationdays = append([]catalog.OpeningDay(nil), days...)
	}
	return o
}

func (g *gen) departments(ds catalog.DealerSite, brands []*brandSpec) ([]catalog.Department, []catalog.User) {
	type spec struct {
		group, typ, sv, en string
		p                  float64
		titlesSV, titlesEN []string
	}
	specs := []spec{
		{catalog.GroupNewCars, "sales", "Bilförsäljning", "Car sales", 1, []string{"Bilförsäljare", "Bilförsäljare", "Försäljningschef"}, []string{"Sales Executive", "Sales Executive", "Sales Manager"}},
		{catalog.GroupWorkshop, "service", "Verkstad", "Service", 0.9, []string{"Servicetekniker", "Kundmottagare", "Verkstadschef"}, []string{"Service Technician", "Service Advisor", "Aftersales Manager"}},
		{catalog.GroupParts, "parts", "Reservdelar", "Parts", 0.8, []string{"Reservdelssäljare", "Lagerchef"}, []string{"Parts Advisor", "Parts Manager"}},
		{catalog.GroupBodyWork, "bodyshop", "Skadeverkstad", "Body shop", 0.5, []string{"Skadetekniker", "Skadehandläggare"}, []string{"Body Technician", "Bodyshop Estimator"}},
	}
	var deps []catalog.Department
	var sellers []catalog.User
	for _, s := range specs {
		if !g.chance(s.p) {
			continue
		}
		name := g.text(s.sv, s.en)
		dep := catalog.Department{
			Name: name, OfficialName: ds.SiteOfficialName + " – " + name,
			DepartmentType: s.typ, Group: s.group, Phone: g.phone(townOf(ds)),
			Email:           s.typ + "." + ds.Slug + "@" + g.d.Domain,
			Openingschedule: g.hours(s.group),
		}
		for _, b := range brands {
			code := strings.ToLower(b.Code)
			dep.Brands = append(dep.Brands, catalog.Brand{Name: b.Name, BrandCode: b.Code,
				ErpID: fmt.Sprintf("%d-%s", ds.SiteID, b.Code), Email: code + "." + ds.Slug + "@" + g.d.Domain})
			// Workshops and parts also serve the brand's commercial vehicles.
			if b.TRCode != "" && s.group != catalog.GroupNewCars && s.group != catalog.GroupBodyWork {
				dep.Brands = append(dep.Brands, catalog.Brand{Name: b.Name + g.text(" Transportbilar", " Commercial Vehicles"), BrandCode: b.TRCode,
					ErpID: fmt.Sprintf("%d-%s", ds.SiteID, b.TRCode), Email: code + "tr." + ds.Slug + "@" + g.d.Domain})
			}
		}
		titles := s.titlesSV
		if !g.sv() {
			titles = make([]string, len(s.titlesEN))
			for i, t := range s.titlesEN {
				titles[i] = g.tr(t)
			}
		}
		n := 1 + g.pick(2)
		if s.group == catalog.GroupNewCars {
			n = 3 + g.pick(4)
		}
		for k := 0; k < n; k++ {
			title := titles[k%len(titles)]
			if s.group == catalog.GroupNewCars {
				// Salespeople, and the sales manager last.
				title = titles[0]
				if k == n-1 {
					title = titles[len(titles)-1]
				}
			}
			u := g.person(title)
			dep.Users = append(dep.Users, u)
			if s.group == catalog.GroupNewCars && k < n-1 {
				sellers = append(sellers, u)
			}
		}
		deps = append(deps, dep)
	}
	if len(sellers) == 0 && len(deps) > 0 {
		sellers = deps[0].Users
	}
	return deps, sellers
}

func townOf(ds catalog.DealerSite) town {
	for _, ts := range [][]town{swedishTowns, ukTowns, norwegianTowns, finnishTowns, danishTowns, slovakTowns, euTowns} {
		for _, t := range ts {
			if t.City == ds.SiteCity && strings.HasSuffix(ds.SiteOfficialName, strings.TrimSpace(t.City+" "+t.Area)) {
				return t
			}
		}
	}
	return town{AreaCode: "0"}
}

func (g *gen) pickDealer() *dealer {
	n := g.r.Intn(g.weights[len(g.weights)-1])
	i := sort.SearchInts(g.weights, n+1)
	return &g.dealers[i]
}

// modelFirstYear is the first model year of models newer than the oldest
// used cars, so that no 2017 Austral appears.
var modelFirstYear = map[string]int{
	"ID.3": 2020, "ID.4": 2021, "ID.7": 2023, "ID. Buzz": 2022, "Q4 e-tron": 2021, "Q8 e-tron": 2023, "e-tron GT": 2021,
	"Enyaq": 2021, "Elroq": 2025, "Born": 2021, "Formentor": 2020, "Tavascan": 2024, "Taycan": 2020, "iX1": 2022,
	"i4": 2021, "iX": 2021, "EQA": 2021, "EQE": 2022, "EX40": 2021, "EX30": 2024, "EX90": 2024, "2": 2020, "3": 2024,
	"4": 2024, "bZ4X": 2022, "EV6": 2021, "EV9": 2023, "EV3": 2024, "Ioniq 5": 2021, "Ioniq 6": 2022, "Mustang Mach-E": 2021,
	"Explorer": 2024, "E-Transit": 2022, "Megane E-Tech": 2022, "Austral": 2022, "Scenic E-Tech": 2024, "Model Y": 2021,
	"Model 3": 2019, "MG4": 2022, "600": 2023, "500e": 2020, "Ariya": 2022, "Staria": 2021, "eTGM": 2019, "Yaris Cross": 2021,
}

// englishModel names the models that have a Swedish name in the table.
var englishModel = map[string]string{
	"3-serie": "3 Series", "3-serie Touring": "3 Series Touring", "5-serie Touring": "5 Series Touring",
	"A-Klass": "A-Class", "C-Klass Kombi": "C-Class Estate", "E-Klass": "E-Class", "Octavia Kombi": "Octavia Estate",
	"Superb Kombi": "Superb Estate", "i30 Kombi": "i30 Tourer", "R-serie": "R-series", "S-serie": "S-series", "P-serie": "P-series",
}

// modelName is the model's name in the site language.
func (g *gen) modelName(ms *modelSpec) string {
	if n, ok := englishModel[ms.Name]; ok && !g.sv() {
		return n
	}
	return ms.Name
}

func (g *gen) versionName(v versionSpec) string {
	if g.sv() {
		return v.Name
	}
	van := map[string]string{"nb": "Varebil", "da": "Varevogn", "fi": "Umpipakettiauto", "sk": "Dodávka"}[g.d.Lang]
	if van == "" {
		van = "Panel Van"
	}
	return strings.ReplaceAll(v.Name, "Skåp", van)
}

// lowerFirst lowers the first letter of an equipment item for use inside a
// sentence, leaving names (Apple CarPlay) and acronyms (LED-…) alone.
func lowerFirst(s string) string {
	r := []rune(s)
	if len(r) < 2 || !unicode.IsUpper(r[0]) || unicode.IsUpper(r[1]) || strings.HasPrefix(s, "Apple") || strings.HasPrefix(s, "Android") || s == "Isofix" {
		return s
	}
	r[0] = unicode.ToLower(r[0])
	return string(r)
}

// usedAges weights a used car's age in years (index 0 = 1 year).
var usedAges = []int{14, 16, 16, 13, 11, 9, 7, 5, 4, 3, 2, 2, 2}

func weighted(r *rand.Rand, w []int) int {
	total := 0
	for _, x := range w {
		total += x
	}
	n := r.Intn(total)
	for i, x := range w {
		if n < x {
			return i
		}
		n -= x
	}
	return len(w) - 1
}

// Currency conversion from SEK list prices (rounded, demo only).
var fromSEK = map[string]float64{"SEK": 1, "NOK": 1.0, "DKK": 0.65, "EUR": 0.087, "GBP": 0.075}

func group3(n int64, sep string) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteString(sep)
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

// money formats an amount in the site's currency and language.
func (g *gen) money(v float64) string {
	n := int64(math.Round(v))
	switch g.d.Currency {
	case "SEK", "NOK":
		return group3(n, " ") + " kr"
	case "DKK":
		return group3(n, ".") + " kr."
	case "GBP":
		return "£" + group3(n, ",")
	}
	if g.d.Lang == "en" {
		return "€" + group3(n, ",")
	}
	return group3(n, " ") + " €"
}

func (g *gen) perMonth(v float64) string {
	suffix := map[string]string{"sv": "/mån", "nb": "/mnd", "da": "/md.", "fi": "/kk", "sk": "/mes."}[g.d.Lang]
	if suffix == "" {
		suffix = "/month"
	}
	return g.money(v) + suffix
}

// decimal formats v with one decimal in the site's convention.
func (g *gen) decimal(v float64, prec int) string {
	s := strconv.FormatFloat(v, 'f', prec, 64)
	if g.d.Lang != "en" {
		s = strings.Replace(s, ".", ",", 1)
	}
	return s
}

func (g *gen) number(n int) string {
	if g.d.Lang == "en" {
		return group3(int64(n), ",")
	}
	if g.d.Lang == "da" {
		return group3(int64(n), ".")
	}
	return group3(int64(n), " ")
}

// bodyDims are length, width, height (mm), cargo (l), weight (kg), tank (l).
var bodyDims = map[string][6]int{
	"sedan": {4750, 1850, 1450, 480, 1600, 60}, "suv": {4650, 1880, 1660, 560, 1750, 60},
	"hatchback": {4280, 1790, 1460, 380, 1350, 45}, "estate": {4780, 1850, 1480, 620, 1600, 60},
	"coupe": {4500, 1850, 1330, 300, 1550, 60}, "convertible": {4380, 1810, 1300, 230, 1500, 55},
	"van": {5300, 2030, 1990, 6700, 2100, 70}, "truck": {7600, 2550, 3700, 0, 9000, 400},
	"pickup": {5370, 1920, 1880, 1200, 2200, 80}, "mpv": {4960, 1990, 1930, 1100, 2200, 70},
}

func nameFactor(name string) float64 {
	h := fnv.New32a()
	h.Write([]byte(name))
	return 0.95 + float64(h.Sum32()%100)/1000
}

func (g *gen) regno(year int, firstReg time.Time) string {
	for {
		var r string
		switch g.d.Country {
		case "SE":
			const set = "ABCDEFGHJKLMNOPRSTUWXYZ"
			r = g.letters(3, set) + " " + g.digits(2)
			if year >= 2019 && g.chance(0.6) {
				r += g.letters(1, set)
			} else {
				r += g.digits(1)
			}
		case "GB":
			age := firstReg.Year() % 100
			if firstReg.Month() >= 9 {
				age += 50
			} else if firstReg.Month() < 3 {
				age = (firstReg.Year()-1)%100 + 50
			}
			r = fmt.Sprintf("%s%02d %s", g.letters(2, "ABCDEFGHKLMNOPRSVWY"), age, g.letters(3, "ABCDEFGHJKLMNOPRSTUVWXYZ"))
		case "NO":
			r = g.letters(2, "ABCDEFHJKLNPRSTUVXYZ") + " " + g.digits(5)
		case "FI":
			r = g.letters(3, "ABCEFGHIJKLMNOPRSTUVXYZ") + "-" + g.digits(3)
		case "DK":
			r = g.letters(2, "ABCDEFHJKLMNPRSTUVXYZ") + " " + g.digits(2) + " " + g.digits(3)
		case "SK":
			r = []string{"BA", "BL", "KE", "ZA", "NR", "BB", "TT"}[g.pick(7)] + "-" + g.digits(3) + g.letters(2, "ABCDEFHJKLMNPRSTUVXYZ")
		default:
			r = g.letters(1, "ABCDEFGHJKLMNPRSTUVXYZ") + "-" + g.digits(3) + "-" + g.letters(3, "ABCDEFGHJKLMNPRSTUVXYZ")
		}
		if !g.regnos[r] {
			g.regnos[r] = true
			return r
		}
	}
}

func (g *gen) vin(b *brandSpec) string {
	return b.WMI + g.letters(14, "ABCDEFGHJKLMNPRSTUVWXYZ0123456789")
}

// loanTerms are the loan durations and residual values (percent of price)
// of new and young cars; older cars have no residual.
var loanTerms = []struct{ months, residual int }{{12, 70}, {24, 60}, {36, 50}, {48, 40}, {60, 30}, {72, 20}}

func (g *gen) loan(price float64, age int, campaign bool) *catalog.LoanOption {
	rate := 4.95
	if campaign {
		rate = 2.95
	}
	startFee, invoiceFee := 595.0, 49.0
	if g.d.Currency == "EUR" {
		startFee, invoiceFee = 150, 5
	} else if g.d.Currency == "DKK" {
		startFee, invoiceFee = 2500, 39
	}
	lo := &catalog.LoanOption{
		InterestRate: rate, StartFee: startFee, InvoiceFee: invoiceFee,
		InterestRateText: g.decimal(rate, 2) + " %",
		StartFeeText:     g.money(startFee), InvoiceFeeText: g.money(invoiceFee),
	}
	for _, t := range loanTerms {
		res := t.residual - age*8
		if res < 0 {
			res = 0
		}
		lo.ContractDurations = append(lo.ContractDurations, catalog.ContractDuration{Months: t.months, ResidualPercentage: float64(res), CashAmountMinPercentage: 20, CashAmountMaxPercentage: 50})
	}
	def := lo.ContractDurations[2]
	lo.DefaultContractDuration = catalog.ContractDuration{Months: def.Months, CashAmountMinPercentage: 20, ResidualPercentage: def.ResidualPercentage}
	// The stored monthly cost (car_loan_monthly_cost: cards, compare, the
	// index) is the calculator's own starting figure; there is no second
	// formula. The demo terms above always make a valid quote.
	monthly, err := lo.StartingMonthlyCost(price)
	if err != nil {
		panic(fmt.Sprintf("catalog: demo loan terms make no quote for price %v: %v", price, err))
	}
	lo.DefaultMonthlyCost = monthly
	lo.DefaultMonthlyCostText = g.perMonth(monthly)
	if g.sv() {
		lo.Title = "Billån"
		if campaign {
			lo.Title = "Kampanjlån"
		}
		lo.Description = fmt.Sprintf("Billån med %d månaders avtalstid, 20 %% kontantinsats och %g %% restvärde.", def.Months, def.ResidualPercentage)
		// Placeholders as internal/finance fills them (docs/finance.md).
		lo.Disclaimer = "Månadskostnad {8} vid {2} månaders avtalstid, {3} kontantinsats och {5} restvärde. " +
			"Rörlig ränta {0}, effektiv ränta {1}. Uppläggningsavgiften {6} och aviavgiften {7} per månad ingår i månadskostnaden. " +
			"Kontantpris {10}, kreditbelopp {9}, total kreditkostnad {11}, totalt belopp att betala {4}. " +
			"Kreditgivare: Forecourt Finans AB. Erbjudandet förutsätter godkänd kreditprövning."
	} else if ct, ok := carTextsByLang[g.d.Lang]; ok {
		lo.Title = ct.loanTitle
		if campaign {
			lo.Title = ct.offerLoanTitle
		}
		lo.Description = fmt.Sprintf(ct.loanDescription, def.Months, def.ResidualPercentage)
		lo.Disclaimer = ct.loanDisclaimer
	} else {
		lo.Title = "Car loan"
		if campaign {
			lo.Title = "Offer loan"
		}
		lo.Description = fmt.Sprintf("Car loan over %d months with a 20%% deposit and a %g%% final payment.", def.Months, def.ResidualPercentage)
		lo.Disclaimer = "Monthly payment {8} over {2} months with a deposit of {3} and a final payment of {5}. " +
			"Variable interest rate {0}, APR {1}. An arrangement fee of {6} and an administration fee of {7} per month apply. " +
			"Cash price {10}, amount of credit {9}, total cost of credit {11}, total amount payable {4}. Subject to status."
	}
	return lo
}

func (g *gen) leasing(c *catalog.Car, base float64, campaign bool) {
	unit := map[string]string{"mil": "mil", "mi": "miles", "km": "km"}[g.d.Unit]
	yearly := map[string]int{"mil": 1500, "mi": 10000, "km": 15000}[g.d.Unit]
	duration := 36
	if c.CarVehicleTypeCode == "PC" && g.chance(0.75) {
		cost := roundMonthly(base*0.0105, g.d.Currency)
		if campaign {
			cost = roundMonthly(cost*0.9, g.d.Currency)
		}
		c.CarLeasingOptions = append(c.CarLeasingOptions, catalog.LeasingOption{
			LeasingType: catalog.LeasingPrivate, Title: g.text("Privatleasing", "Personal leasing"),
			MonthlyCost: cost, MonthlyCostText: g.perMonth(cost), Duration: duration, Mileage: yearly,
			Description: fmt.Sprintf(g.text("%d månader, %s %s/år. Service ingår.", "%d months, %s %s a year. Servicing included."), duration, g.number(yearly), unit),
			Asterix: g.text("*Priset gäller vid 36 månaders avtalstid. Övermil debiteras med 25 kr/mil. Erbjudandet gäller privatpersoner med godkänd kreditprövning.",
				"*Price based on a 36-month agreement. Excess mileage charges apply. Subject to status."),
		})
		c.CarHasPrivateleasing = true
		c.CarHasCampaignPrivateleasing = campaign
		c.CarPrivateleasingMonthlyCost = cost
	}
	if g.chance(0.8) {
		cost := roundMonthly(base*0.0085, g.d.Currency)
		c.CarLeasingOptions = append(c.CarLeasingOptions, catalog.LeasingOption{
			LeasingType: catalog.LeasingCompany, Title: g.text("Företagsleasing", "Business leasing"),
			MonthlyCost: cost, MonthlyCostText: g.perMonth(cost) + g.text(" exkl. moms", " excl. VAT"), Duration: duration, Mileage: yearly,
			Description: fmt.Sprintf(g.text("Operationell leasing, %d månader, %s %s/år.", "Contract hire, %d months, %s %s a year."), duration, g.number(yearly), unit),
			Asterix:     g.text("*Pris exkl. moms. Gäller företag med godkänd kreditprövning.", "*Price excludes VAT. Business users only, subject to status."),
		})
		c.CarHasCompanyleasing = true
		c.CarCompanyleasingMonthlyCost = cost
		c.CarHasCampaignCompanyleasing = campaign && g.chance(0.5)
	}
}

func roundMonthly(v float64, currency string) float64 {
	if currency == "EUR" || currency == "GBP" {
		return math.Max(9, math.Round(v/10)*10-1)
	}
	return math.Max(95, math.Round(v/100)*100-5)
}

var campaignsSV = []string{"Vinterhjul på köpet", "Kampanjränta 2,95 %", "Fri service i 3 år", "Laddbox på köpet", "Black Week", "Höstkampanj"}
var campaignsEN = []string{"Free winter wheels", "Low-rate finance 2.95%", "3 years' free servicing", "Free home charger", "Black Week", "Autumn offer"}

func (g *gen) genCar(i int) catalog.Car {
	d := g.pickDealer()
	ds := d.site
	lang := g.d.Lang

	// Brand and model: franchise brands for new cars; used cars are also
	// trade-ins of any brand.
	isNew := g.chance(0.3)
	if g.d.CarStore {
		isNew = g.chance(0.1)
	}
	var b *brandSpec
	if !isNew && g.chance(0.25) {
		b = &demoBrands[g.pick(len(demoBrands))]
	} else {
		b = d.brands[g.pick(len(d.brands))]
	}
	var ms *modelSpec
	for tries := 0; ; tries++ {
		ms = &b.Models[g.pick(len(b.Models))]
		if ms.Type != "TRUCK" || d.trucks {
			break
		}
		if tries > 20 { // a truck-only brand at a car dealer
			b = d.brands[0]
		}
	}
	// Trucks are a minority even at truck dealers.
	if ms.Type == "TRUCK" && g.chance(0.5) {
		for k := range b.Models {
			if b.Models[k].Type != "TRUCK" {
				ms = &b.Models[k]
				break
			}
		}
	}
	v := ms.Versions[g.pick(len(ms.Versions))]

	age := 0
	if !isNew {
		age = weighted(g.r, usedAges) + 1
		if v.Fuel == fuelElectric && age > 7 {
			age = age%7 + 1
		}
		if first, ok := modelFirstYear[ms.Name]; ok && g.ref.Year()-age < first {
			age = max(1, g.ref.Year()-first-g.pick(2))
		}
	}
	year := g.ref.Year() - age
	isSample := isNew && g.chance(0.35)
	color := colorKeys[weighted(g.r, colorWeights)]

	c := catalog.Car{
		CarID: g.d.Index*10_000_000 + int64(i) + 1, SiteName: g.d.Name,
		CarBrand: b.Name, CarModel: g.modelName(ms), CarVersion: g.versionName(v), CarModelText: g.modelName(ms) + " " + g.versionName(v),
		CarYear: year, CarIsUsed: !isNew, CarIsSample: isSample,
		CarBody: label(bodies[ms.Body], lang), CarFuel: label(fuels[v.Fuel], lang),
		CarGearbox: label(gearboxes[v.Gearbox], lang), CarColor: label(colors[color], lang),
		CarDrive: label(drives[v.Drive], lang), CarSeats: ms.Seats, CarDoors: ms.Doors,
		CarChassino: g.vin(b), CarVehicleTypeCode: ms.Type,
		CarPower: v.HP, CarPriceCurrency: g.d.Currency,
		CarSiteID: ds.SiteID, CarSiteName: ds.SiteOfficialName, CarSiteCity: ds.SiteCity, CarSiteRegion: ds.SiteRegion,
		CarCompanyerpid: fmt.Sprintf("FC%d", ds.SiteID), IndexedAt: g.ref.Unix(),
	}
	c.CarCondition = label(conditions["used"], lang)
	if isNew {
		c.CarCondition = label(conditions["new"], lang)
		c.CarDepartmenterpid = fmt.Sprintf("FC%d-NB", ds.SiteID)
	} else {
		c.CarDepartmenterpid = fmt.Sprintf("FC%d-BB", ds.SiteID)
	}
	// Brand and model are one segment each, so the third segment is the
	// version: the spec's recommendation keyphrase.
	c.Slug = slugSegment(b.Name) + "-" + slugSegment(c.CarModel) + "-" + Slugify(c.CarVersion) + "-" + strconv.Itoa(year)

	// Dates: published within the 90 days before the reference date.
	c.CarPublishdate = g.ref.Add(-time.Duration(g.r.Int63n(int64(90 * 24 * time.Hour)))).Unix()
	var firstReg time.Time
	if isNew {
		firstReg = g.ref.AddDate(0, 0, -g.pick(60))
	} else {
		firstReg = time.Date(year, time.Month(1+g.pick(12)), 1+g.pick(28), 0, 0, 0, 0, time.UTC)
	}
	if !isSample {
		c.CarFirstregistration = firstReg.Format("2006-01-02")
		c.CarRegno = g.regno(year, firstReg)
	}

	// Mileage in the site's unit; the odometer in km (miles in the UK).
	km := 0
	if !isNew {
		perYear := 10000 + g.pick(10000)
		if ms.Type == "TRUCK" {
			perYear *= 8
		}
		km = age*perYear + g.pick(perYear)
	} else if !isSample {
		km = g.pick(40)
	}
	switch g.d.Unit {
	case "mil":
		c.CarMileage = km / 10
		c.CarMileageText = g.number(c.CarMileage) + " mil"
		c.CarOdometer, c.CarOdometerUnit = km, "km"
	case "mi":
		c.CarMileage = int(float64(km) / 1.609)
		c.CarMileageText = g.number(c.CarMileage) + " miles"
		c.CarOdometer, c.CarOdometerUnit = c.CarMileage, "mi"
	default:
		c.CarMileage = km
		c.CarMileageText = g.number(km) + " km"
		c.CarOdometer, c.CarOdometerUnit = km, "km"
	}

	// Price: list price, depreciated by age and mileage, with some spread.
	base := float64(v.Price) * fromSEK[g.d.Currency]
	if ms.Type != "PC" {
		base *= 0.8 // commercial vehicles are priced without VAT
	}
	price := base
	switch {
	case isSample:
	case isNew:
		price *= 0.97 + g.r.Float64()*0.08
	default:
		price *= math.Pow(0.86, float64(age)) * (1 - math.Min(0.25, float64(km)/400000)) * (0.92 + g.r.Float64()*0.16)
	}
	price = catalog.RoundPrice(price, g.d.Currency)
	c.CarRetailPrice = price
	c.CarPrice = price
	campaign := ms.Type != "TRUCK" && g.chance(0.12)
	if campaign {
		c.CarHasCampaignPrice = true
		c.CarCampaignPrice = catalog.RoundPrice(price*(0.9+g.r.Float64()*0.05), g.d.Currency)
		c.CarPrice = c.CarCampaignPrice
		c.CarCampaignPriceText = g.money(c.CarCampaignPrice)
		camps := campaignsEN
		if g.sv() {
			camps = campaignsSV
		} else if l, ok := campaignsByLang[g.d.Lang]; ok {
			camps = l
		}
		c.CarCampaigns = []string{camps[g.pick(len(camps))]}
		if v.Fuel == fuelElectric && g.chance(0.5) {
			c.CarCampaigns = append(c.CarCampaigns, camps[3])
		}
	}
	c.CarRetailPriceText = g.money(c.CarRetailPrice)
	c.CarPriceText = g.money(c.CarPrice)
	switch {
	case isSample:
		c.CarPriceTitle = g.text("Från", "From")
	case campaign:
		c.CarPriceTitle = g.text("Kampanjpris", "Offer price")
	default:
		c.CarPriceTitle = g.text("Pris", "Price")
	}
	if ms.Type != "PC" {
		c.CarPriceTitle += g.text(" exkl. moms", " excl. VAT")
	}
	c.CarVatEligible = ms.Type != "PC" || (g.d.CarStore && g.chance(0.45)) || (!isNew && g.chance(0.2))

	// Finance: loans everywhere but the UK (quotes come from the provider);
	// leasing for new and young cars.
	if g.d.Country != "GB" && ms.Type != "TRUCK" {
		campaignLoan := campaign && g.chance(0.4)
		c.CarLoanOption = g.loan(c.CarPrice, age, campaignLoan)
		c.CarHasCampaignLoan = campaignLoan
		c.CarLoanMonthlyCost = c.CarLoanOption.DefaultMonthlyCost
		c.CarLoanRate = c.CarLoanOption.InterestRate
		c.CarLoanDuration = c.CarLoanOption.DefaultContractDuration.Months
		c.CarLoanDescription = c.CarLoanOption.Description
		if age <= 3 {
			g.leasing(&c, c.CarPrice, campaign)
		}
	}
	if c.CarLeasingOptions == nil {
		c.CarLeasingOptions = []catalog.LeasingOption{}
	}
	if c.CarCampaigns == nil {
		c.CarCampaigns = []string{}
	}
	if g.d.Country == "SE" && ms.Type == "PC" && age <= 3 {
		c.CarPbbratio = math.Round(c.CarRetailPrice/58800*100) / 100
		c.CarBeneficialValue = math.Round(c.CarRetailPrice*0.0095/10) * 10
	}
	if ms.Type == "PC" {
		c.CarNcapstars = 4 + g.pick(2)
	}

	g.technical(&c, ms, v)
	g.content(&c, b, ms, v, ds, color, isNew, age)

	// Images: 4–8 views of the body and colour.
	views := 4 + g.pick(5)
	for k := 1; k <= views; k++ {
		c.CarImages = append(c.CarImages, catalog.Image{Original: fmt.Sprintf("/-/media/demo/car/%s/%s/%d.jpg", ms.Body, color, k)})
	}
	c.CarPrimaryImage = catalog.PrimaryImage{ThumbnailURL: fmt.Sprintf("/-/media/demo/car/%s/%s/1.jpg", ms.Body, color)}

	// Sellers: one or two of the site's salespeople; some lack a phone.
	for k, n := 0, 1+g.pick(2); k < n && len(d.sellers) > 0; k++ {
		u := d.sellers[g.pick(len(d.sellers))]
		s := catalog.Seller{Name: u.FirstName + " " + u.LastName, Email: u.Email, Phone: u.Phone}
		if g.chance(0.1) {
			s.Phone = ""
		}
		if k == 1 && s.Name == c.CarSellers[0].Name {
			break
		}
		c.CarSellers = append(c.CarSellers, s)
	}
	c.AutosOnShow = g.chance(0.04)
	return c
}

func (g *gen) technical(c *catalog.Car, ms *modelSpec, v versionSpec) {
	dims := bodyDims[ms.Body]
	f := nameFactor(ms.Name)
	mm := func(x int) string { return g.number(int(math.Round(float64(x)*f/5)*5)) + " mm" }
	c.CarLengthText, c.CarWidthText, c.CarHeightText = mm(dims[0]), mm(dims[1]), mm(dims[2])
	if dims[3] > 0 {
		c.CarCargoVolumeText = g.number(int(float64(dims[3])*f)) + " l"
	}
	weight := float64(dims[4]) * f
	hp := float64(v.HP)
	c.CarPowerText = strconv.Itoa(v.HP) + g.text(" hk", " hp")
	if ms.Type != "TRUCK" {
		accel := 1.8 + 1050/hp
		if ms.Type == "LCV" {
			accel += 3
		}
		// 0–62 mph is 0–99.8 km/h: the same time, named the British way.
		c.CarAccelerationText = g.decimal(accel, 1) + g.text(" s (0–100 km/h)", " s (0–100 km/h)")
		if g.imperial() {
			c.CarAccelerationText = g.decimal(accel, 1) + " s (0–62 mph)"
		}
	}
	var litres float64
	switch v.Fuel {
	case fuelPetrol:
		litres = 4.8 + hp/60
	case fuelDiesel:
		litres = 4.2 + hp/80
	case fuelHybrid:
		litres = 4.0 + hp/100
	case fuelPHEV:
		litres = 1.0 + hp/300
	}
	if ms.Type == "TRUCK" && v.Fuel == fuelDiesel {
		litres = 25 + hp/50
	}
	if ms.Type == "LCV" && litres > 0 {
		litres += 1.5
	}
	if litres > 0 {
		c.CarFuelCombinedText = g.decimal(litres, 1) + " l/100 km"
		if g.imperial() {
			c.CarFuelCombinedText = g.decimal(MPG(litres), 1) + " mpg"
		}
		co2 := litres * 23
		if v.Fuel == fuelDiesel {
			co2 = litres * 26
		}
		c.CarEmissionMixedText = strconv.Itoa(int(co2)) + " g/km"
		tank := dims[5]
		if v.Fuel == fuelPHEV {
			tank = 45
		}
		c.CarFuelTankCapacityText = strconv.Itoa(tank) + " l"
	} else {
		c.CarEmissionMixedText = "0 g/km"
	}
	if v.Battery > 0 {
		c.BatterySize = v.Battery
		c.BatterySizeText = g.decimal(v.Battery, 1) + " kWh"
		if v.Battery == math.Trunc(v.Battery) {
			c.BatterySizeText = strconv.Itoa(int(v.Battery)) + " kWh"
		}
		rangeText := strconv.Itoa(v.Range) + " km"
		if g.imperial() {
			rangeText = strconv.Itoa(int(math.Round(Miles(float64(v.Range))))) + " miles"
		}
		c.WltpElectricRangeText, c.CarElectricRangeText = rangeText, rangeText
		if v.Fuel == fuelElectric {
			weight += 350
			cons := 14 + v.Battery/12
			if ms.Type == "TRUCK" {
				cons = 110 + v.Battery/10
			}
			c.WltpElectricConsumptionText = g.decimal(cons, 1) + " kWh/100 km"
			if g.imperial() {
				c.WltpElectricConsumptionText = g.decimal(MilesPerKWh(cons), 1) + " mi/kWh"
			}
			c.ElectricChargingSpeedACText = "11 kW"
			c.ElectricChargingSpeedDCText = strconv.Itoa(int(math.Round((50+v.Battery*1.6)/5)*5)) + " kW"
		} else {
			weight += 200
			c.ElectricChargingSpeedACText = g.decimal(3.7*float64(1+int(v.Battery)/15), 1) + " kW"
			if v.Battery > 20 {
				c.ElectricChargingSpeedDCText = "50 kW"
			}
		}
	}
	c.CarServiceWeightText = g.number(int(math.Round(weight/5)*5)) + " kg"
}

func (g *gen) content(c *catalog.Car, b *brandSpec, ms *modelSpec, v versionSpec, ds *catalog.DealerSite, color string, isNew bool, age int) {
	pool := equipmentEN
	if g.sv() {
		pool = equipmentSV
	} else if l, ok := equipmentByLang[g.d.Lang]; ok {
		pool = l
	}
	k := 8 + g.pick(11)
	if ms.Type == "TRUCK" {
		k = 4
	}
	idx := g.r.Perm(len(pool))[:k]
	sort.Ints(idx)
	for _, i := range idx {
		c.CarEquipment = append(c.CarEquipment, pool[i])
	}
	e := c.CarEquipment
	name := b.Name + " " + c.CarModelText
	colorName := strings.ToLower(label(colors[color], g.d.Lang))
	if g.sv() {
		var fuel string
		switch v.Fuel {
		case fuelElectric:
			fuel = fmt.Sprintf("Räckvidd upp till %d km enligt WLTP och ett batteri på %s.", v.Range, c.BatterySizeText)
		case fuelPHEV:
			fuel = fmt.Sprintf("Laddhybrid som klarar upp till %d km på el – perfekt för vardagspendlingen.", v.Range)
		case fuelHybrid:
			fuel = "Självladdande hybrid med låg förbrukning i stadstrafik."
		case fuelDiesel:
			fuel = "Dragstark dieselmotor som passar för långa resor och tunga lass."
		default:
			fuel = "Pigg bensinmotor med låg förbrukning."
		}
		if isNew {
			c.CarDescription = fmt.Sprintf("Ny %s i färgen %s med %s växellåda. %s Utrustad med bland annat %s, %s och %s. "+
				"Välkommen till %s för provkörning – vi hjälper dig med finansiering, försäkring och inbyte.",
				name, colorName, strings.ToLower(c.CarGearbox), fuel, lowerFirst(e[0]), lowerFirst(e[1]), lowerFirst(e[2]), ds.SiteOfficialName)
		} else {
			c.CarDescription = fmt.Sprintf("%s från %d i färgen %s, %s. Bilen är servad enligt serviceprogram och levereras med ett års Forecourt-garanti. "+
				"%s Utrustning i urval: %s, %s och %s. Välkommen till %s – vi tar gärna din bil i inbyte!",
				name, c.CarYear, colorName, c.CarMileageText, fuel, lowerFirst(e[0]), lowerFirst(e[1]), lowerFirst(e[2]), ds.SiteOfficialName)
		}
		return
	}
	if ct, ok := carTextsByLang[g.d.Lang]; ok {
		var fuel string
		switch v.Fuel {
		case fuelElectric:
			fuel = fmt.Sprintf(ct.electric, v.Range, c.BatterySizeText)
		case fuelPHEV:
			fuel = fmt.Sprintf(ct.phev, v.Range)
		case fuelHybrid:
			fuel = ct.hybrid
		case fuelDiesel:
			fuel = ct.diesel
		default:
			fuel = ct.petrol
		}
		if isNew {
			c.CarDescription = fmt.Sprintf(ct.newCar, name, colorName, strings.ToLower(c.CarGearbox), fuel, lowerFirst(e[0]), lowerFirst(e[1]), lowerFirst(e[2]), ds.SiteOfficialName)
		} else {
			c.CarDescription = fmt.Sprintf(ct.usedCar, c.CarYear, name, colorName, c.CarMileageText, fuel, lowerFirst(e[0]), lowerFirst(e[1]), lowerFirst(e[2]), ds.SiteOfficialName)
		}
		return
	}
	var fuel string
	switch v.Fuel {
	case fuelElectric:
		fuel = fmt.Sprintf("Up to %d km of WLTP range from a %s battery.", v.Range, c.BatterySizeText)
	case fuelPHEV:
		fuel = fmt.Sprintf("Plug-in hybrid with up to %d km of electric range for the daily commute.", v.Range)
	case fuelHybrid:
		fuel = "Self-charging hybrid with low consumption in town."
	case fuelDiesel:
		fuel = "Strong diesel engine, made for long journeys and heavy loads."
	default:
		fuel = "Lively, economical petrol engine."
	}
	if isNew {
		c.CarDescription = fmt.Sprintf("New %s in %s with %s gearbox. %s Features include %s, %s and %s. "+
			"Visit %s for a test drive – we can help with finance, insurance and part exchange.",
			name, colorName, strings.ToLower(c.CarGearbox), fuel, lowerFirst(e[0]), lowerFirst(e[1]), lowerFirst(e[2]), ds.SiteOfficialName)
		return
	}
	c.CarDescription = fmt.Sprintf("%d %s in %s, %s. Serviced to schedule and supplied with a 12-month warranty. "+
		"%s Highlights: %s, %s and %s. Visit %s – part exchange welcome.",
		c.CarYear, name, colorName, c.CarMileageText, fuel, lowerFirst(e[0]), lowerFirst(e[1]), lowerFirst(e[2]), ds.SiteOfficialName)
}

// genMedia makes the UK extra media of some cars: 360 spins and interior
// 360 (no video, see below).
func (g *gen) genMedia(c *catalog.Car) (catalog.ExtraMedia, bool) {
	if c.CarRegno == "" || !g.chance(0.4) {
		return catalog.ExtraMedia{}, false
	}
	body, color := "suv", "grey"
	if len(c.CarImages) > 0 {
		parts := strings.Split(c.CarImages[0].Original, "/")
		body, color = parts[len(parts)-3], parts[len(parts)-2]
	}
	m := catalog.ExtraMedia{CarRegno: c.CarRegno, Images360: []string{}}
	if g.chance(0.8) {
		m.Has360 = true
		for f := 0; f < 36; f++ {
			m.Images360 = append(m.Images360, fmt.Sprintf("/-/media/demo/car360/%s/%s/%d.jpg", body, color, f))
		}
	}
	// Demo cars have no video: a made-up video id embeds a player that plays
	// nothing, so the Video tab stays hidden (a feed's real video shows it).
	// The draws stay so that the rest of the demo media is unchanged.
	if g.chance(0.5) {
		_ = g.letters(11, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
	}
	if g.chance(0.4) {
		m.HasInternal360 = true
		m.Internal360 = "/-/media/demo/scene/interior-360.jpg"
	}
	if !m.Has360 && !m.HasVideo && !m.HasInternal360 {
		return catalog.ExtraMedia{}, false
	}
	return m, true
}

// slugSegment is Slugify without inner dashes: "Mercedes-Benz" →
// "mercedesbenz", "ID.4" → "id4".
func slugSegment(s string) string { return strings.ReplaceAll(Slugify(s), "-", "") }

// foldings are the letters Slugify spells out in ASCII.
var foldings = map[rune]string{
	'å': "a", 'ä': "a", 'á': "a", 'à': "a", 'â': "a", 'ã': "a", 'æ': "ae",
	'ö': "o", 'ø': "o", 'ó': "o", 'ò': "o", 'ô': "o", 'õ': "o", 'œ': "oe",
	'é': "e", 'è': "e", 'ê': "e", 'ë': "e", 'í': "i", 'ì': "i", 'î': "i", 'ï': "i",
	'ú': "u", 'ù': "u", 'û': "u", 'ü': "u", 'ů': "u", 'ý': "y", 'ÿ': "y",
	'š': "s", 'ś': "s", 'ž': "z", 'ź': "z", 'ż': "z", 'č': "c", 'ć': "c", 'ç': "c",
	'ř': "r", 'ŕ': "r", 'ď': "d", 'đ': "d", 'ť': "t", 'ň': "n", 'ñ': "n", 'ń': "n",
	'ľ': "l", 'ĺ': "l", 'ł': "l", 'ß': "ss", 'ð': "d", 'þ': "th",
}

// Slugify returns s in lower-case ASCII with accents folded ("Škoda" →
// "skoda", "Göteborg" → "goteborg") and every run of other characters
// turned into one dash, without leading or trailing dashes.
func Slugify(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		var out string
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			out = string(r)
		default:
			out = foldings[r]
		}
		if out == "" {
			dash = b.Len() > 0
			continue
		}
		if dash {
			b.WriteByte('-')
			dash = false
		}
		b.WriteString(out)
	}
	return b.String()
}
