package stock

import "forecourt/internal/catalog"

// Display values of the car facets per site language. Feeds carry these
// labels (the facets show them as they are); the demo stock uses them and
// the import accepts any fuel label of any language.

// Canonical keys of fuels, gearboxes, conditions and drives.
const (
	fuelPetrol   = "petrol"
	fuelDiesel   = "diesel"
	fuelElectric = "electric"
	fuelHybrid   = "hybrid"
	fuelPHEV     = "phev"
)

// fuels are the catalogue's fuel labels, which the import accepts.
var fuels = catalog.Fuels

var gearboxes = map[string]map[string]string{
	"auto":   {"sv": "Automat", "en": "Automatic", "nb": "Automat", "da": "Automatisk", "fi": "Automaatti", "sk": "Automatická"},
	"manual": {"sv": "Manuell", "en": "Manual", "nb": "Manuell", "da": "Manuel", "fi": "Manuaali", "sk": "Manuálna"},
}

var conditions = map[string]map[string]string{
	"new":  {"sv": "Ny", "en": "New", "nb": "Ny", "da": "Ny", "fi": "Uusi", "sk": "Nové"},
	"used": {"sv": "Begagnad", "en": "Used", "nb": "Brukt", "da": "Brugt", "fi": "Käytetty", "sk": "Jazdené"},
}

var drives = map[string]map[string]string{
	"fwd": {"sv": "Framhjulsdrift", "en": "Front-wheel drive", "nb": "Forhjulsdrift", "da": "Forhjulstræk", "fi": "Etuveto", "sk": "Predný náhon"},
	"rwd": {"sv": "Bakhjulsdrift", "en": "Rear-wheel drive", "nb": "Bakhjulsdrift", "da": "Baghjulstræk", "fi": "Takaveto", "sk": "Zadný náhon"},
	"awd": {"sv": "Fyrhjulsdrift", "en": "All-wheel drive", "nb": "Firehjulsdrift", "da": "Firehjulstræk", "fi": "Neliveto", "sk": "Pohon 4x4"},
}

// bodies are keyed by the demo-media body names of DEVELOPING.md.
var bodies = map[string]map[string]string{
	"sedan":       {"sv": "Sedan", "en": "Saloon", "nb": "Sedan", "da": "Sedan", "fi": "Sedan", "sk": "Sedan"},
	"suv":         {"sv": "SUV", "en": "SUV", "nb": "SUV", "da": "SUV", "fi": "Maastoauto", "sk": "SUV"},
	"hatchback":   {"sv": "Halvkombi", "en": "Hatchback", "nb": "Kombi 5-dørs", "da": "Hatchback", "fi": "Viistoperä", "sk": "Hatchback"},
	"estate":      {"sv": "Kombi", "en": "Estate", "nb": "Stasjonsvogn", "da": "Stationcar", "fi": "Farmari", "sk": "Kombi"},
	"coupe":       {"sv": "Coupé", "en": "Coupé", "nb": "Coupé", "da": "Coupé", "fi": "Coupé", "sk": "Kupé"},
	"convertible": {"sv": "Cabriolet", "en": "Convertible", "nb": "Cabriolet", "da": "Cabriolet", "fi": "Avoauto", "sk": "Kabriolet"},
	"van":         {"sv": "Transportbil", "en": "Van", "nb": "Varebil", "da": "Varebil", "fi": "Pakettiauto", "sk": "Dodávka"},
	"truck":       {"sv": "Lastbil", "en": "Truck", "nb": "Lastebil", "da": "Lastbil", "fi": "Kuorma-auto", "sk": "Nákladné vozidlo"},
	"pickup":      {"sv": "Pickup", "en": "Pickup", "nb": "Pickup", "da": "Pickup", "fi": "Avolava", "sk": "Pickup"},
	"mpv":         {"sv": "Familjebuss", "en": "MPV", "nb": "Flerbruksbil", "da": "MPV", "fi": "Tila-auto", "sk": "MPV"},
}

// colors are keyed by the demo-media colour names of DEVELOPING.md.
var colorKeys = []string{"white", "black", "silver", "grey", "blue", "red", "green", "brown", "beige", "yellow", "orange"}

// colorWeights make the demo stock look like real stock: mostly grey tones.
var colorWeights = []int{18, 20, 16, 22, 12, 6, 3, 1, 1, 1, 1}

var colors = map[string]map[string]string{
	"white":  {"sv": "Vit", "en": "White", "nb": "Hvit", "da": "Hvid", "fi": "Valkoinen", "sk": "Biela"},
	"black":  {"sv": "Svart", "en": "Black", "nb": "Svart", "da": "Sort", "fi": "Musta", "sk": "Čierna"},
	"silver": {"sv": "Silver", "en": "Silver", "nb": "Sølv", "da": "Sølv", "fi": "Hopea", "sk": "Strieborná"},
	"grey":   {"sv": "Grå", "en": "Grey", "nb": "Grå", "da": "Grå", "fi": "Harmaa", "sk": "Sivá"},
	"blue":   {"sv": "Blå", "en": "Blue", "nb": "Blå", "da": "Blå", "fi": "Sininen", "sk": "Modrá"},
	"red":    {"sv": "Röd", "en": "Red", "nb": "Rød", "da": "Rød", "fi": "Punainen", "sk": "Červená"},
	"green":  {"sv": "Grön", "en": "Green", "nb": "Grønn", "da": "Grøn", "fi": "Vihreä", "sk": "Zelená"},
	"brown":  {"sv": "Brun", "en": "Brown", "nb": "Brun", "da": "Brun", "fi": "Ruskea", "sk": "Hnedá"},
	"beige":  {"sv": "Beige", "en": "Beige", "nb": "Beige", "da": "Beige", "fi": "Beige", "sk": "Béžová"},
	"yellow": {"sv": "Gul", "en": "Yellow", "nb": "Gul", "da": "Gul", "fi": "Keltainen", "sk": "Žltá"},
	"orange": {"sv": "Orange", "en": "Orange", "nb": "Oransje", "da": "Orange", "fi": "Oranssi", "sk": "Oranžová"},
}

// label returns the label of lang, falling back to English.
func label(m map[string]string, lang string) string {
	if l, ok := m[lang]; ok {
		return l
	}
	return m["en"]
}
