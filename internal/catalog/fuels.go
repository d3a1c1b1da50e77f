package catalog

// Fuels are the display labels of each fuel per site language, keyed by the
// fuel's canonical name. Feeds carry the label in the site's language; the
// import accepts any of them (fuelLabels).
var Fuels = map[string]map[string]string{
	"petrol":   {"sv": "Bensin", "en": "Petrol", "nb": "Bensin", "da": "Benzin", "fi": "Bensiini", "sk": "Benzín"},
	"diesel":   {"sv": "Diesel", "en": "Diesel", "nb": "Diesel", "da": "Diesel", "fi": "Diesel", "sk": "Nafta"},
	"electric": {"sv": "El", "en": "Electric", "nb": "Elektrisk", "da": "El", "fi": "Sähkö", "sk": "Elektro"},
	"hybrid":   {"sv": "Hybrid", "en": "Hybrid", "nb": "Hybrid", "da": "Hybrid", "fi": "Hybridi", "sk": "Hybrid"},
	"phev":     {"sv": "Laddhybrid", "en": "Plug-in hybrid", "nb": "Ladbar hybrid", "da": "Plugin-hybrid", "fi": "Lataushybridi", "sk": "Plug-in hybrid"},
}
