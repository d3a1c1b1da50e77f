package booking

import (
	"hash/fnv"
	"math"
	"strings"

	"forecourt/internal/vehicles"
)

// UnitPrice is the unit of an offering priced per unit (litres, hours).
type UnitPrice struct {
	Unit             string `json:"unit"`
	Minimum          int    `json:"minimum"`
	Maximum          int    `json:"maximum"`
	UnitAbbreviation string `json:"unitAbbreviation"`
	Postfix          string `json:"postfix"`
}

// Offering is a service or add-on as shown for one car (spec §3).
type Offering struct {
	Code              string     `json:"code"`
	Name              string     `json:"name"`
	Description       string     `json:"description"`
	Price             float64    `json:"price"`
	UnitPrice         *UnitPrice `json:"unitPrice"`
	IsAvailable       bool       `json:"isAvailable"`
	PriceKnown        bool       `json:"priceKnown"`
	NotKnownPriceText string     `json:"notKnownPriceText"`
	PriceDiscount     float64    `json:"priceDiscount"`
	AllowUserInput    bool       `json:"allowUserInput"`
}

// Category groups offerings; SelectionType "single" makes it single choice.
type Category struct {
	Name          string     `json:"name"`
	Icon          string     `json:"icon"`
	SelectionType *string    `json:"selectionType"`
	Offerings     []Offering `json:"offerings"`
}

// offeringSpec is an entry of the price list.
type offeringSpec struct {
	code, name, description string
	category                string
	addon                   bool
	minutes                 int     // mechanic minutes (per unit for unit-priced offerings)
	price                   float64 // list price for a standard car (per unit)
	unit                    *UnitPrice
	unknownPrice            string  // set: the price is not known before the car is seen
	discount                float64 // share off with a service agreement
	userInput               bool
	byBrand                 bool   // priced by brand class and model
	authorisedOnly          bool   // needs a workshop authorised for the brand
	combustionOnly          bool   // not for electric cars
	skill                   string // a workshop equipment the job needs ("" = every workshop)
	mileage                 bool   // priced by mileage (service intervals)
	// intervalMonths is how long until the job is due again (0: no
	// interval; the owner reminder then falls back to a year).
	intervalMonths int
}

type categorySpec struct {
	name, icon string
	single     bool
	addon      bool
}

var categorySpecs = []categorySpec{
	{name: "Service", icon: "service"},
	{name: "Olja och filter", icon: "oil"},
	{name: "Bromsar", icon: "brakes"},
	{name: "AC och klimat", icon: "ac"},
	{name: "Hjul och däck", icon: "tyres"},
	{name: "Däckhotell", icon: "hotel"},
	{name: "Glas", icon: "windscreen"},
	{name: "Felsökning", icon: "diagnostics"},
	{name: "Batteri och el", icon: "battery"},
	{name: "Tvätt", icon: "wash", single: true, addon: true},
	{name: "Tillval", icon: "other", addon: true},
}

// Codes of offerings other packages refer to.
const (
	CodeOriginalService = "originalservice"
	CodeWheelChange     = "wheelchange"
)

// offeringSpecs is the group's price list (SEK incl. VAT).
var offeringSpecs = []offeringSpec{
	{code: CodeOriginalService, category: "Service", name: "Service enligt serviceintervall",
		description: "Service enligt tillverkarens serviceprogram för din bil och ditt miltal, med originaldelar. Servicehäftet stämplas digitalt och garantin behålls.",
		minutes:     150, price: 3495, discount: 0.2, byBrand: true, authorisedOnly: true, mileage: true, intervalMonths: 12},
	{code: "inspection-prep", category: "Service", name: "Kontroll inför besiktning",
		description: "Vi går igenom bilen enligt besiktningens kontrollpunkter och ringer dig innan vi åtgärdar något.",
		minutes:     45, price: 695, discount: 0.2, intervalMonths: 12},
	{code: "oilchange", category: "Olja och filter", name: "Oljebyte med filter",
		description: "Byte av motorolja enligt tillverkarens specifikation och nytt oljefilter.",
		minutes:     45, price: 1495, discount: 0.2, byBrand: true, combustionOnly: true, intervalMonths: 12},
	{code: "engineoil-topup", category: "Olja och filter", name: "Påfyllning av motorolja",
		description: "Motorolja enligt tillverkarens specifikation, per liter.",
		minutes:     10, price: 189, unit: &UnitPrice{Unit: "liter", Minimum: 1, Maximum: 5, UnitAbbreviation: "l", Postfix: "/l"}, combustionOnly: true},
	{code: "brakepads-front", category: "Bromsar", name: "Byte av bromsbelägg fram",
		description: "Nya bromsbelägg på framaxeln, kontroll av bromsskivor och provkörning.",
		minutes:     60, price: 2195, discount: 0.15, byBrand: true},
	{code: "brakediscs-front", category: "Bromsar", name: "Byte av bromsskivor och belägg fram",
		description: "Nya bromsskivor och bromsbelägg på framaxeln.",
		minutes:     90, price: 4495, discount: 0.15, byBrand: true},
	{code: "brakefluid", category: "Bromsar", name: "Byte av bromsvätska",
		description: "Bromsvätskan tar upp fukt med tiden. Byt vartannat år.",
		minutes:     30, price: 895, discount: 0.2, intervalMonths: 24},
	{code: "acservice", category: "AC och klimat", name: "AC-service",
		description: "Tömning, kontroll av läckage och påfyllning av köldmedium samt nytt kupéfilter.",
		minutes:     60, price: 1495, discount: 0.15, intervalMonths: 24},
	{code: "ac-disinfection", category: "AC och klimat", name: "Rengöring av AC-system",
		description: "Desinficering av förångare och luftkanaler mot lukt och bakterier.",
		minutes:     30, price: 795, discount: 0.15},
	{code: CodeWheelChange, category: "Hjul och däck", name: "Hjulskifte",
		description: "Vi skiftar hjul, kontrollerar mönsterdjup och lufttryck och efterdrar hjulbultarna.",
		minutes:     30, price: 495},
	{code: "wheelalignment", category: "Hjul och däck", name: "Hjulinställning",
		description: "Mätning och justering av hjulvinklarna med 3D-utrustning.",
		minutes:     60, price: 1295, skill: "alignment"},
	{code: "tyrehotel", category: "Däckhotell", name: "Däckhotell, en säsong",
		description: "Vi tvättar och förvarar dina hjul till nästa skifte. Hjulskifte ingår inte.",
		minutes:     10, price: 995},
	{code: "windscreen-chip", category: "Glas", name: "Lagning av stenskott",
		description: "Stenskott mindre än en tvåkrona lagas så att rutan inte spricker. Ofta utan kostnad via försäkringen.",
		minutes:     30, price: 595, skill: "glass"},
	{code: "windscreen-replace", category: "Glas", name: "Byte av vindruta",
		description: "Ny vindruta och kalibrering av kamera och sensorer. Vi hjälper dig med försäkringsärendet.",
		minutes:     180, unknownPrice: "Priset beror på bilens utrustning och din försäkring.", skill: "glass"},
	{code: "diagnostics", category: "Felsökning", name: "Felsökning",
		description: "Beskriv felet så felsöker vi med tillverkarens diagnosverktyg. Pris per påbörjad timme.",
		minutes:     60, price: 1195, unit: &UnitPrice{Unit: "timme", Minimum: 1, Maximum: 4, UnitAbbreviation: "h", Postfix: "/h"}, userInput: true},
	{code: "battery", category: "Batteri och el", name: "Test och byte av startbatteri",
		description: "Test av 12-voltsbatteriet och laddsystemet; byte om det behövs.",
		minutes:     30, unknownPrice: "Priset beror på vilket batteri bilen behöver."},
	{code: "wash-exterior", category: "Tvätt", addon: true, name: "Utvändig tvätt",
		description: "Handtvätt med avfettning och torkning.", minutes: 20, price: 395},
	{code: "wash-full", category: "Tvätt", addon: true, name: "Invändig och utvändig tvätt",
		description: "Handtvätt, dammsugning, rengöring av rutor och paneler.", minutes: 60, price: 895},
	{code: "wipers", category: "Tillval", addon: true, name: "Byte av torkarblad fram",
		description: "Nya torkarblad för bilens modell.", minutes: 10, price: 445, byBrand: true},
	{code: "washerfluid", category: "Tillval", addon: true, name: "Spolarvätska",
		description: "Färdigblandad spolarvätska, per liter.", minutes: 0, price: 39,
		unit: &UnitPrice{Unit: "liter", Minimum: 1, Maximum: 8, UnitAbbreviation: "l", Postfix: "/l"}},
	{code: "courtesycar", category: "Tillval", addon: true, name: "Lånebil",
		description: "En lånebil medan vi arbetar med din bil (i mån av tillgång).", minutes: 0, price: 295},
	{code: "message", category: "Tillval", addon: true, name: "Meddelande till verkstaden",
		description: "Något mer vi bör veta eller titta på?", minutes: 0, price: 0, userInput: true},
}

var specByCode = func() map[string]*offeringSpec {
	m := make(map[string]*offeringSpec, len(offeringSpecs))
	for i := range offeringSpecs {
		m[offeringSpecs[i].code] = &offeringSpecs[i]
	}
	return m
}()

// KnownOffering reports whether code is an offering of the price list, and
// whether it is an add-on.
func KnownOffering(code string) (known, addon bool) {
	s, ok := specByCode[code]
	if !ok {
		return false, false
	}
	return true, s.addon
}

// OfferingName is the offering's Swedish name ("" for an unknown code).
func OfferingName(code string) string {
	if s, ok := specByCode[code]; ok {
		return s.name
	}
	return ""
}

// UnitRange is the unit range of a unit-priced offering (1..1 otherwise).
func UnitRange(code string) (min, max int) {
	if s, ok := specByCode[code]; ok && s.unit != nil {
		return s.unit.Minimum, s.unit.Maximum
	}
	return 1, 1
}

// AllowsUserInput reports whether the offering takes a message.
func AllowsUserInput(code string) bool {
	s, ok := specByCode[code]
	return ok && s.userInput
}

// DefaultIntervalMonths is when a booked service is due again when none of
// its offerings has an interval of its own: a year.
const DefaultIntervalMonths = 12

// IntervalMonths is how many months after a booking with these offerings
// the car is due again: the shortest interval of the offerings that have
// one (the interval service and inspection yearly, brake fluid and AC
// every second year), else DefaultIntervalMonths.
func IntervalMonths(codes []string) int {
	best := 0
	for _, c := range codes {
		if s, ok := specByCode[c]; ok && s.intervalMonths > 0 && (best == 0 || s.intervalMonths < best) {
			best = s.intervalMonths
		}
	}
	if best == 0 {
		return DefaultIntervalMonths
	}
	return best
}

// electricModels are the battery-electric models of the demo fleet.
var electricModels = map[string]bool{
	"tesla": true, "polestar 2": true, "volvo ex30": true, "volvo ex40": true, "volkswagen id.3": true, "volkswagen id.4": true,
	"volkswagen id.7": true, "audi q4 e-tron": true, "audi q8 e-tron": true, "škoda enyaq": true, "škoda elroq": true,
	"mg mg4": true, "nissan leaf": true, "porsche taycan": true, "bmw ix3": true, "bmw i4": true, "cupra born": true,
	"kia ev6": true, "hyundai ioniq 5": true,
}

// IsElectric reports whether the car is battery-electric.
func IsElectric(v vehicles.Vehicle) bool {
	b := strings.ToLower(v.Brand)
	return electricModels[b] || electricModels[b+" "+strings.ToLower(v.Model)]
}

// brandFactor prices premium brands higher.
func brandFactor(brand string) float64 {
	switch strings.ToLower(brand) {
	case "porsche":
		return 1.8
	case "bmw", "mercedes-benz", "audi":
		return 1.3
	case "volvo", "polestar", "tesla":
		return 1.2
	case "dacia", "suzuki", "fiat", "mg":
		return 0.9
	}
	return 1
}

// modelFactor prices bigger models higher (SUVs, vans, the big saloons).
func modelFactor(model string) float64 {
	m := strings.ToLower(model)
	for _, big := range []string{"xc90", "v90", "x5", "q7", "q8", "e-klass", "gle", "glc", "kodiaq", "transporter", "sprinter", "transit", "trafic", "amarok", "outback", "5-serie", "a6"} {
		if strings.Contains(m, big) {
			return 1.15
		}
	}
	return 1
}

// TypicalMileage estimates a car's mileage (Swedish mil) from its age.
func TypicalMileage(v vehicles.Vehicle, year int) int {
	age := max(1, year-v.BuildYear)
	return age * 1400
}

// listPrice is the group's price of the offering for the car and mileage.
func listPrice(s *offeringSpec, v vehicles.Vehicle, mileage int) float64 {
	p := s.price
	if s.mileage {
		// Service every 1 500 mil: a bigger service every second time, the
		// biggest every fourth (timing belt, spark plugs, brake fluid).
		due := (mileage + 1499) / 1500
		switch {
		case due%4 == 0:
			p = 6995
		case due%2 == 0:
			p = 4995
		}
		if IsElectric(v) {
			p *= 0.6
		}
	}
	if s.byBrand {
		p *= brandFactor(v.Brand) * modelFactor(v.Model)
	}
	return p
}

// round95 rounds a price to the Swedish "…95" ending (3 495, 1 195).
func round95(p float64) float64 {
	if p <= 0 {
		return 0
	}
	if p < 100 {
		return math.Round(p)
	}
	return math.Round((p+5)/100)*100 - 5
}

// PriceFactor is a workshop's price level against the list (0.92–1.10):
// its median invoiced price for a job over the list price.
func PriceFactor(w *Workshop) float64 {
	if w == nil {
		return 1
	}
	h := fnv.New32a()
	h.Write([]byte("price:" + w.DepartmentID))
	return 0.92 + float64(h.Sum32()%19)/100
}

// HasSkill reports whether the workshop has the equipment a job needs.
func HasSkill(w *Workshop, skill string) bool {
	if skill == "" {
		return true
	}
	h := fnv.New32a()
	h.Write([]byte(skill + ":" + w.DepartmentID))
	switch skill {
	case "glass":
		return h.Sum32()%10 < 6
	case "alignment":
		return h.Sum32()%10 < 8
	}
	return true
}

// Offer is the price of one offering for a car at a workshop.
type Offer struct {
	Code          string  `json:"code"`
	Price         float64 `json:"price"`
	PriceKnown    bool    `json:"priceKnown"`
	PriceDiscount float64 `json:"priceDiscount"`
}

// PriceOf is the price of code for the car at mileage at workshop w (nil:
// the list price): the workshop's median price, rounded to …95, with the
// service-agreement discount.
func PriceOf(code string, v vehicles.Vehicle, mileage int, w *Workshop) (Offer, bool) {
	s, ok := specByCode[code]
	if !ok {
		return Offer{}, false
	}
	o := Offer{Code: code, PriceKnown: s.unknownPrice == ""}
	if !o.PriceKnown {
		return o, true
	}
	o.Price = listPrice(s, v, mileage)
	if s.minutes > 0 && o.Price >= 100 {
		o.Price *= PriceFactor(w)
	}
	o.Price = round95(o.Price)
	if v.HasServiceAgreement && s.discount > 0 {
		o.PriceDiscount = math.Round(o.Price * s.discount)
	}
	return o, true
}

// Offerings returns the categories of services (addons false) or add-ons
// for the car, with mileage for interval prices, priced at workshop w (nil:
// list prices). authorised says whether any workshop is authorised for the
// car's brand: without one the manufacturer's interval service is not
// available. Empty categories are left out.
func Offerings(v vehicles.Vehicle, mileage int, w *Workshop, authorised, addons bool) []Category {
	var out []Category
	for _, cs := range categorySpecs {
		if cs.addon != addons {
			continue
		}
		c := Category{Name: cs.name, Icon: cs.icon, Offerings: []Offering{}}
		if cs.single {
			single := "single"
			c.SelectionType = &single
		}
		for i := range offeringSpecs {
			s := &offeringSpecs[i]
			if s.category != cs.name {
				continue
			}
			price, _ := PriceOf(s.code, v, mileage, w)
			o := Offering{
				Code: s.code, Name: s.name, Description: s.description, Price: price.Price, UnitPrice: s.unit,
				IsAvailable: Available(s.code, v, authorised), PriceKnown: price.PriceKnown, NotKnownPriceText: s.unknownPrice,
				PriceDiscount: price.PriceDiscount, AllowUserInput: s.userInput,
			}
			c.Offerings = append(c.Offerings, o)
		}
		if len(c.Offerings) > 0 {
			out = append(out, c)
		}
	}
	return out
}

// Available reports whether the offering can be done on this car model at
// all: interval service needs an authorised workshop for the brand, oil
// jobs a combustion engine.
func Available(code string, v vehicles.Vehicle, authorised bool) bool {
	s, ok := specByCode[code]
	if !ok {
		return false
	}
	if s.authorisedOnly && !authorised {
		return false
	}
	if s.combustionOnly && IsElectric(v) {
		return false
	}
	return true
}

// CanDo reports whether workshop w can do every offering in codes for the car.
func CanDo(w *Workshop, v vehicles.Vehicle, codes []string) bool {
	for _, c := range codes {
		s, ok := specByCode[c]
		if !ok || (s.authorisedOnly && !w.HasBrand(v.Brand)) || !HasSkill(w, s.skill) || (s.combustionOnly && IsElectric(v)) {
			return false
		}
	}
	return true
}

// JobMinutes is the mechanic time of a booking of the offerings with
// their units (codes and units in the same order), at least 15 minutes.
func JobMinutes(codes []string, units []int) int {
	total := 0
	for i, c := range codes {
		if s, ok := specByCode[c]; ok {
			u := 1
			if i < len(units) && s.unit != nil && s.unit.Unit == "timme" {
				u = units[i]
			}
			total += s.minutes * u
		}
	}
	return max(total, 15)
}

// Why a workshop cannot do an offering (Missing).
const (
	NeedsAuthorised = "authorised" // only workshops authorised for the brand
	NeedsEquipment  = "equipment"  // the workshop lacks the equipment or skill
	NeedsCombustion = "combustion" // not for electric cars (no workshop does it)
)

// Missing lists the offerings of codes workshop w cannot do for the car,
// each with why (Needs…), in the order of codes.
func Missing(w *Workshop, v vehicles.Vehicle, codes []string) [][2]string {
	var out [][2]string
	for _, c := range codes {
		s, ok := specByCode[c]
		switch {
		case !ok:
			continue
		case s.combustionOnly && IsElectric(v):
			out = append(out, [2]string{c, NeedsCombustion})
		case s.authorisedOnly && !w.HasBrand(v.Brand):
			out = append(out, [2]string{c, NeedsAuthorised})
		case !HasSkill(w, s.skill):
			out = append(out, [2]string{c, NeedsEquipment})
		}
	}
	return out
}

// ItemMinutes is the mechanic minutes of one booked item by its offering's
// estimate (0 for an item that is no offering, such as a wheel change).
func ItemMinutes(it Item) int {
	s, ok := specByCode[it.Code]
	if !ok {
		return 0
	}
	u := 1
	if s.unit != nil && s.unit.Unit == "timme" {
		u = max(it.Units, 1)
	}
	return s.minutes * u
}
