// Package tyres is the tyre hotel's demo: the deterministic agreements
// (customers, cars and stored tyres) at group-se's workshops, with the
// fixed plates the demo and the journeys sign in with. `forecourt seed`
// creates them.
package tyres

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/errs"
	"forecourt/internal/tirehotel"
)

// Demo plates of the contract.
const (
	PlateFine      = "DCK123" // tyres fine, a workshop with free times
	PlateWorn      = "DCK456" // a worn tyre (threadStatusId 1)
	PlateNoTimes   = "DCK789" // its workshop has no free times
	DemoAgreements = 420
)

// Workshops returns the Workshop departments of the Swedish dealer sites
// (group-se) as tyre hotel locations, in site order. ErpID and
// DepartmentID are the booking engine's department id, "D-<site id>".
func Workshops(sites []catalog.DealerSite) []tirehotel.Location {
	var out []tirehotel.Location
	for _, s := range sites {
		for _, d := range s.SiteDepartments {
			if d.Group != catalog.GroupWorkshop {
				continue
			}
			lat, _ := strconv.ParseFloat(s.SiteGeocoord.Latitude, 64)
			lng, _ := strconv.ParseFloat(s.SiteGeocoord.Longitude, 64)
			id := "D-" + strconv.FormatInt(s.SiteID, 10)
			var brands []string
			for _, b := range d.Brands {
				if _, ok := demoModels[b.BrandCode]; ok {
					brands = append(brands, b.BrandCode)
				}
			}
			out = append(out, tirehotel.Location{Brands: brands,
				ErpID: id, DepartmentID: id, LocationName: s.SiteOfficialName, DepartmentName: d.Name,
				Address: fmt.Sprintf("%s, %s %s", s.SiteStreet, s.SiteZip, s.SiteCity),
				Phone:   d.Phone, Email: d.Email, Latitude: lat, Longitude: lng,
			})
			break
		}
	}
	return out
}

// SeedOptions picks the demo workshops: NoTimes is the erpId of the
// workshop the booking engine's demo keeps fully booked (DCK789's);
// empty picks the last workshop.
type SeedOptions struct {
	NoTimes string
	Now     time.Time
}

// SeedIfEmpty creates the deterministic demo agreements (DemoAgreements of
// them, at the given workshops, the fixed plates among them) when the store
// has none, and returns how many it created.
func SeedIfEmpty(ctx context.Context, st *tirehotel.Store, workshops []tirehotel.Location, opt SeedOptions) (int, error) {
	n, err := st.CountAgreements(ctx)
	if err != nil || n > 0 {
		return 0, err
	}
	if len(workshops) < 2 {
		return 0, errs.E(errs.Invalid, "the tyre hotel demo needs the Swedish dealer sites (seed the catalogue first)")
	}
	if opt.Now.IsZero() {
		opt.Now = time.Now()
	}
	ags := DemoAgreementsFor(workshops, opt.NoTimes)
	if err := st.CreateAgreements(ctx, ags, opt.Now); err != nil {
		return 0, err
	}
	return len(ags), nil
}

type demoModel struct {
	name       string
	width, asp int
	rim        int
}

var demoModels = map[string][]demoModel{
	"VO": {{"V60", 225, 50, 17}, {"XC60", 235, 55, 19}, {"XC40", 235, 50, 19}, {"V90", 245, 45, 18}, {"EX30", 215, 55, 18}},
	"PS": {{"2", 245, 45, 19}, {"4", 255, 45, 20}},
	"VW": {{"Golf", 205, 55, 16}, {"Passat", 215, 55, 17}, {"Tiguan", 235, 55, 18}, {"ID.4", 235, 50, 20}, {"Polo", 185, 65, 15}},
	"AU": {{"A4 Avant", 225, 50, 17}, {"Q5", 235, 60, 18}, {"Q4 e-tron", 235, 55, 19}},
	"SK": {{"Octavia", 205, 55, 16}, {"Superb", 215, 55, 17}, {"Kodiaq", 235, 55, 18}, {"Enyaq", 235, 55, 19}},
	"CU": {{"Formentor", 225, 45, 18}, {"Born", 215, 50, 18}},
	"PO": {{"Macan", 235, 55, 19}, {"Taycan", 225, 55, 19}},
	"BM": {{"320d Touring", 225, 45, 18}, {"X3", 245, 50, 19}, {"i4", 225, 45, 18}},
	"MB": {{"C 300 e", 225, 45, 18}, {"GLC 300 e", 235, 55, 19}, {"EQA", 215, 60, 18}},
	"TO": {{"Corolla Touring Sports", 205, 55, 16}, {"RAV4", 225, 60, 18}, {"Yaris Cross", 215, 55, 17}},
	"KI": {{"Niro", 205, 60, 16}, {"Ceed SW", 205, 55, 16}, {"EV6", 235, 55, 19}, {"Sportage", 235, 55, 18}},
	"HY": {{"Tucson", 235, 55, 18}, {"Kona", 215, 55, 17}, {"Ioniq 5", 235, 55, 19}},
	"FO": {{"Kuga", 225, 60, 18}, {"Focus Kombi", 205, 55, 16}, {"Mustang Mach-E", 225, 55, 19}},
	"RE": {{"Clio", 195, 55, 16}, {"Captur", 215, 60, 17}, {"Mégane E-Tech", 215, 55, 18}},
	"PE": {{"308 SW", 205, 55, 16}, {"3008", 225, 55, 18}, {"2008", 215, 60, 17}},
	"FI": {{"500e", 185, 65, 15}, {"Tipo Kombi", 205, 55, 16}},
	"NI": {{"Qashqai", 215, 60, 17}, {"Leaf", 205, 55, 16}},
	"MG": {{"MG4", 215, 55, 17}, {"ZS EV", 215, 55, 17}},
	"TE": {{"Model Y", 255, 45, 19}, {"Model 3", 235, 45, 18}},
}

var brandNames = map[string]string{"VO": "Volvo", "PS": "Polestar", "VW": "Volkswagen", "AU": "Audi", "SK": "Škoda", "CU": "Cupra",
	"PO": "Porsche", "BM": "BMW", "MB": "Mercedes-Benz", "TO": "Toyota", "KI": "Kia", "HY": "Hyundai", "FO": "Ford", "RE": "Renault",
	"PE": "Peugeot", "FI": "Fiat", "NI": "Nissan", "MG": "MG", "TE": "Tesla"}

var brandOrder = []string{"VO", "VW", "AU", "SK", "TO", "KI", "BM", "MB", "FO", "RE", "HY", "PE", "NI", "CU", "PS", "TE", "MG", "FI", "PO"}

type demoTyre struct {
	name, pattern string
	winter        bool
	newDepth      float64
}

var demoTyres = []demoTyre{
	{"Michelin X-Ice North 4", "Vinter dubb", true, 10},
	{"Nokian Hakkapeliitta 10", "Vinter dubb", true, 10},
	{"Continental IceContact 3", "Vinter dubb", true, 9.5},
	{"Nokian Hakkapeliitta R5", "Vinter friktion", true, 9},
	{"Michelin X-Ice Snow", "Vinter friktion", true, 9},
	{"Bridgestone Blizzak Ice", "Vinter friktion", true, 9.5},
	{"Continental VikingContact 8", "Vinter friktion", true, 9},
	{"Michelin Primacy 4+", "Sommar", false, 8},
	{"Continental PremiumContact 7", "Sommar", false, 8},
	{"Nokian Hakka Green 3", "Sommar", false, 7.5},
	{"Goodyear EfficientGrip Performance 2", "Sommar", false, 8},
	{"Michelin Pilot Sport 5", "Sommar", false, 7.5},
}

type demoPackage struct{ id, level string }

var demoPackages = []demoPackage{{"TH-BAS", "Däckhotell"}, {"TH-STD", "Däckhotell Plus"}, {"TH-PREM", "Däckhotell Premium"}}

var firstNames = []string{"Anna", "Erik", "Maria", "Lars", "Karin", "Anders", "Eva", "Johan", "Sara", "Mikael", "Emma", "Per", "Linnea",
	"Karl", "Elin", "Peter", "Sofia", "Magnus", "Ida", "Fredrik", "Malin", "Jonas", "Hanna", "Henrik", "Johanna", "Oskar", "Frida",
	"Daniel", "Camilla", "Gustav", "Ulla", "Nils", "Ebba", "Ali", "Leila", "Mohammed", "Aino", "Mattias", "Therese", "Björn"}

var lastNames = []string{"Andersson", "Johansson", "Karlsson", "Nilsson", "Eriksson", "Larsson", "Olsson", "Persson", "Svensson",
	"Gustafsson", "Pettersson", "Jonsson", "Jansson", "Hansson", "Bengtsson", "Lindberg", "Lindqvist", "Lindgren", "Berg", "Axelsson",
	"Bergström", "Lundberg", "Lind", "Lundgren", "Mattsson", "Berglund", "Fredriksson", "Sandberg", "Henriksson", "Forsberg",
	"Sjöberg", "Wallin", "Engström", "Danielsson", "Håkansson", "Eklund", "Lundin", "Holm", "Sundberg", "Hosseini"}

// Letters of Swedish plates (no I, Q, V, Å, Ä, Ö).
const plateLetters = "ABCDEFGHJKLMNOPRSTUWXYZ"

func ascii(s string) string {
	r := strings.NewReplacer("å", "a", "ä", "a", "ö", "o", "é", "e", "Å", "a", "Ä", "a", "Ö", "o")
	return strings.ToLower(r.Replace(s))
}

// DemoAgreementsFor builds the deterministic demo agreements: the three
// fixed plates first (DCK123 and DCK456 at the first workshop, DCK789 at
// noTimes or the last), then DemoAgreements−3 more spread over the
// workshops, about one in eight with a tyre to replace and one in six
// with a second car.
func DemoAgreementsFor(workshops []tirehotel.Location, noTimes string) []tirehotel.Agreement {
	r := rand.New(rand.NewPCG(2026, 9))
	full := workshops[len(workshops)-1]
	for _, w := range workshops {
		if w.ErpID == noTimes {
			full = w
		}
	}
	// DCK123 (a Volvo) and DCK456 (a Volkswagen) at the first workshop of
	// their brand that has times.
	withBrand := func(code string) tirehotel.Location {
		for _, w := range workshops {
			if w.ErpID != full.ErpID && slices.Contains(w.Brands, code) {
				return w
			}
		}
		if workshops[0].ErpID == full.ErpID {
			return workshops[1]
		}
		return workshops[0]
	}
	seen := map[string]bool{PlateFine: true, PlateWorn: true, PlateNoTimes: true}
	plate := func() string {
		for {
			var b [6]byte
			for i := 0; i < 3; i++ {
				b[i] = plateLetters[r.IntN(len(plateLetters))]
			}
			b[3], b[4] = byte('0'+r.IntN(10)), byte('0'+r.IntN(10))
			if r.IntN(4) == 0 {
				b[5] = plateLetters[r.IntN(len(plateLetters))]
			} else {
				b[5] = byte('0' + r.IntN(10))
			}
			p := string(b[:])
			if !seen[p] && !strings.HasPrefix(p, "DCK") {
				seen[p] = true
				return p
			}
		}
	}
	phones := map[string]bool{}
	phone := func() string {
		for {
			prefix := []string{"70", "72", "73", "76", "79"}[r.IntN(5)]
			p := fmt.Sprintf("+46%s%07d", prefix, r.IntN(10_000_000))
			if !phones[p] && !strings.HasPrefix(p, "+4670174") {
				phones[p] = true
				return p
			}
		}
	}
	tyres := func(m demoModel, worn bool) []tirehotel.Tire {
		t := demoTyres[r.IntN(len(demoTyres))]
		base := t.newDepth - float64(r.IntN(8))*0.5 // 0–3.5 mm used
		var out []tirehotel.Tire
		wornAt := -1
		if worn {
			wornAt = r.IntN(4)
		}
		for i, pos := range tirehotel.Positions {
			d := base - float64(r.IntN(3))*0.5
			if i == wornAt {
				d = 2.5 + float64(r.IntN(3))*0.5 // 2.5–3.5 mm
				if !t.winter {
					d = 2 + float64(r.IntN(2))*0.5
				}
			}
			out = append(out, tirehotel.Tire{EquipmentPosition: pos, Wheel: wheel(t, m, d)})
		}
		return out
	}
	vehicle := func(w tirehotel.Location, brand string, worn bool) tirehotel.Vehicle {
		ms := demoModels[brand]
		m := ms[r.IntN(len(ms))]
		pk := demoPackages[r.IntN(len(demoPackages))]
		return tirehotel.Vehicle{RegNo: plate(), BrandCode: brand, Brand: brandNames[brand], Model: m.name, Name: brandNames[brand] + " " + m.name,
			ProductID: pk.id, PackageLevel: pk.level, Location: w, Tires: tyres(m, worn)}
	}
	person := func(i int) tirehotel.Agreement {
		f, l := firstNames[r.IntN(len(firstNames))], lastNames[r.IntN(len(lastNames))]
		return tirehotel.Agreement{Number: fmt.Sprintf("TH-%06d", 100001+i), FirstName: f, LastName: l,
			Email: fmt.Sprintf("%s.%s%d@example.com", ascii(f), ascii(l), 1+r.IntN(99)), Phone: phone()}
	}

	// The fixed plates: the numbers are PTS's series reserved for fiction.
	v60 := demoModel{"V60", 225, 50, 17}
	xice := demoTyres[0]
	fixed := func(p string, w tirehotel.Location, brand string, m demoModel, t demoTyre, depths [4]float64) tirehotel.Vehicle {
		v := tirehotel.Vehicle{RegNo: p, BrandCode: brand, Brand: brandNames[brand], Model: m.name, Name: brandNames[brand] + " " + m.name,
			ProductID: "TH-STD", PackageLevel: "Däckhotell Plus", Location: w}
		for i, pos := range tirehotel.Positions {
			v.Tires = append(v.Tires, tirehotel.Tire{EquipmentPosition: pos, Wheel: wheel(t, m, depths[i])})
		}
		return v
	}
	out := []tirehotel.Agreement{
		{Number: "TH-100001", FirstName: "Anna", LastName: "Lindqvist", Email: "anna.lindqvist@example.com", Phone: "+46701740605",
			Vehicles: []tirehotel.Vehicle{fixed(PlateFine, withBrand("VO"), "VO", v60, xice, [4]float64{7, 7, 6.5, 6.5})}},
		{Number: "TH-100002", FirstName: "Erik", LastName: "Johansson", Email: "erik.johansson@example.com", Phone: "+46701740606",
			Vehicles: []tirehotel.Vehicle{fixed(PlateWorn, withBrand("VW"), "VW", demoModel{"Passat", 215, 55, 17}, demoTyres[3], [4]float64{5.5, 5.5, 3.5, 5})}},
		{Number: "TH-100003", FirstName: "Maria", LastName: "Nilsson", Email: "maria.nilsson@example.com", Phone: "+46701740607",
			Vehicles: []tirehotel.Vehicle{fixed(PlateNoTimes, full, "TO", demoModel{"RAV4", 225, 60, 18}, demoTyres[1], [4]float64{8, 8, 7.5, 7.5})}},
	}
	for i := 3; i < DemoAgreements; i++ {
		a := person(i)
		w := workshops[r.IntN(len(workshops))]
		n := 1
		if r.IntN(6) == 0 {
			n = 2
		}
		for k := 0; k < n; k++ {
			// A brand the workshop services, now and then another one.
			brand := brandOrder[min(r.IntN(len(brandOrder)), r.IntN(len(brandOrder)))] // common brands more often
			if len(w.Brands) > 0 && r.IntN(10) != 0 {
				brand = w.Brands[r.IntN(len(w.Brands))]
			}
			a.Vehicles = append(a.Vehicles, vehicle(w, brand, r.IntN(8) == 0))
		}
		out = append(out, a)
	}
	return out
}

// wheel describes a tyre of model m at depth d (mm) with its status.
func wheel(t demoTyre, m demoModel, d float64) tirehotel.Wheel {
	limit := 4.0 // a winter tyre below 4 mm will not last the season (law: 3 mm)
	msg := "Bör bytas – mönsterdjupet är under 4 mm"
	if !t.winter {
		limit, msg = 3.0, "Bör bytas – mönsterdjupet är under 3 mm"
	}
	w := tirehotel.Wheel{Name: t.name, RimDiameter: m.rim, SectionWidth: m.width, AspectRatio: m.asp, ThreadPattern: t.pattern, ThreadDepth: d}
	switch {
	case d < limit:
		w.ThreadStatusID, w.ThreadStatusMessage = tirehotel.TreadReplace, msg
	case d < limit+1.5:
		w.ThreadStatusMessage = "Godkänt"
	default:
		w.ThreadStatusMessage = "Bra"
	}
	return w
}
