package leads

// MailWords are the words of the dealer's lead mails in one language: every
// mail goes out in its site's language (the site's default language),
// never in English on a Swedish or Norwegian site.
type MailWords struct {
	LeadIntro                         string // "… for %s (car %s)."
	Lead                              string // subject of a car lead
	Name, Phone, Email                string
	Request, WantsQuote, WantsTestDrv string
	Message, SentFrom, Reference      string
	Yes, No                           string
	SellIntro, WantsTo, Sell, TradeIn string
	Regno, Mileage, Other             string
	// Valuation labels the preliminary value range of a sell / trade-in
	// request; ValuationBasis is "(%d similar cars in stock)".
	Valuation, ValuationBasis        string
	ServiceIntro, Vehicle, Car, Bike string
	Dealer, Services, NoneChosen     string
	DesiredDate, Consent, Newsletter string
	Description, ServiceRequest      string
	FormIntro                        string // form builder: "… \"%s\" (%s) on %s."
}

var mailWords = map[string]MailWords{
	"en": {
		LeadIntro: "A new lead from the website for %s (car %s).", Lead: "Lead",
		Name: "Name", Phone: "Phone", Email: "E-mail",
		Request: "Request", WantsQuote: "Wants a quote", WantsTestDrv: "Wants a test drive",
		Message: "Message", SentFrom: "Sent from", Reference: "Reference", Yes: "yes", No: "no",
		SellIntro: "A new sell / trade-in request from the website.", WantsTo: "Wants to", Sell: "Sell the car", TradeIn: "Trade in the car",
		Regno: "Registration number", Mileage: "Mileage", Other: "Other",
		Valuation: "Preliminary valuation", ValuationBasis: "(from %d similar cars in stock, trade-in margin included)",
		ServiceIntro: "A new service request from the website.", Vehicle: "Vehicle", Car: "car", Bike: "motorbike",
		Dealer: "Dealer", Services: "Services", NoneChosen: "(none chosen)",
		DesiredDate: "Desired date", Consent: "Consent (GDPR)", Newsletter: "Newsletter",
		Description: "Description", ServiceRequest: "Service request",
		FormIntro: "A new answer to the form \"%s\" (%s) on %s.",
	},
	"sv": {
		LeadIntro: "En ny intresseanmälan från webbplatsen för %s (bil %s).", Lead: "Intresseanmälan",
		Name: "Namn", Phone: "Telefon", Email: "E-post",
		Request: "Ärende", WantsQuote: "Vill ha offert", WantsTestDrv: "Vill provköra",
		Message: "Meddelande", SentFrom: "Skickat från", Reference: "Referens", Yes: "ja", No: "nej",
		SellIntro: "En ny förfrågan om att sälja eller byta in en bil från webbplatsen.", WantsTo: "Vill", Sell: "Sälja bilen", TradeIn: "Byta in bilen",
		Regno: "Registreringsnummer", Mileage: "Mätarställning", Other: "Övrigt",
		Valuation: "Preliminär värdering", ValuationBasis: "(utifrån %d liknande bilar i lager, inbytesmarginal avdragen)",
		ServiceIntro: "En ny serviceförfrågan från webbplatsen.", Vehicle: "Fordon", Car: "bil", Bike: "motorcykel",
		Dealer: "Återförsäljare", Services: "Tjänster", NoneChosen: "(inga valda)",
		DesiredDate: "Önskat datum", Consent: "Samtycke (GDPR)", Newsletter: "Nyhetsbrev",
		Description: "Beskrivning", ServiceRequest: "Serviceförfrågan",
		FormIntro: "Ett nytt svar på formuläret \"%s\" (%s) på %s.",
	},
	"nb": {
		LeadIntro: "En ny henvendelse fra nettsiden om %s (bil %s).", Lead: "Henvendelse",
		Name: "Navn", Phone: "Telefon", Email: "E-post",
		Request: "Forespørsel", WantsQuote: "Ønsker tilbud", WantsTestDrv: "Ønsker prøvekjøring",
		Message: "Melding", SentFrom: "Sendt fra", Reference: "Referanse", Yes: "ja", No: "nei",
		SellIntro: "En ny forespørsel om å selge eller bytte inn en bil fra nettsiden.", WantsTo: "Ønsker å", Sell: "Selge bilen", TradeIn: "Bytte inn bilen",
		Regno: "Registreringsnummer", Mileage: "Kilometerstand", Other: "Annet",
		Valuation: "Foreløpig verdivurdering", ValuationBasis: "(ut fra %d lignende biler på lager, innbyttemargin trukket fra)",
		ServiceIntro: "Ny serviceforespørsel fra nettsiden.", Vehicle: "Kjøretøy", Car: "bil", Bike: "motorsykkel",
		Dealer: "Forhandler", Services: "Tjenester", NoneChosen: "(ingen valgt)",
		DesiredDate: "Ønsket dato", Consent: "Samtykke (GDPR)", Newsletter: "Nyhetsbrev",
		Description: "Beskrivelse", ServiceRequest: "Serviceforespørsel",
		FormIntro: "Et nytt svar på skjemaet \"%s\" (%s) på %s.",
	},
	"da": {
		LeadIntro: "En ny henvendelse fra hjemmesiden om %s (bil %s).", Lead: "Henvendelse",
		Name: "Navn", Phone: "Telefon", Email: "E-mail",
		Request: "Forespørgsel", WantsQuote: "Ønsker tilbud", WantsTestDrv: "Ønsker prøvetur",
		Message: "Besked", SentFrom: "Sendt fra", Reference: "Reference", Yes: "ja", No: "nej",
		SellIntro: "En ny forespørgsel om at sælge eller bytte en bil fra hjemmesiden.", WantsTo: "Ønsker at", Sell: "Sælge bilen", TradeIn: "Bytte bilen",
		Regno: "Registreringsnummer", Mileage: "Kilometerstand", Other: "Andet",
		Valuation: "Foreløbig vurdering", ValuationBasis: "(ud fra %d lignende biler på lager, byttemargin fratrukket)",
		ServiceIntro: "En ny serviceforespørgsel fra hjemmesiden.", Vehicle: "Køretøj", Car: "bil", Bike: "motorcykel",
		Dealer: "Forhandler", Services: "Ydelser", NoneChosen: "(ingen valgt)",
		DesiredDate: "Ønsket dato", Consent: "Samtykke (GDPR)", Newsletter: "Nyhedsbrev",
		Description: "Beskrivelse", ServiceRequest: "Serviceforespørgsel",
		FormIntro: "Et nyt svar på formularen \"%s\" (%s) på %s.",
	},
	"fi": {
		LeadIntro: "Uusi yhteydenotto verkkosivuilta: %s (auto %s).", Lead: "Yhteydenotto",
		Name: "Nimi", Phone: "Puhelin", Email: "Sähköposti",
		Request: "Pyyntö", WantsQuote: "Haluaa tarjouksen", WantsTestDrv: "Haluaa koeajon",
		Message: "Viesti", SentFrom: "Lähetetty sivulta", Reference: "Viite", Yes: "kyllä", No: "ei",
		SellIntro: "Uusi auton myynti- tai vaihtopyyntö verkkosivuilta.", WantsTo: "Haluaa", Sell: "Myydä auton", TradeIn: "Vaihtaa auton",
		Regno: "Rekisterinumero", Mileage: "Mittarilukema", Other: "Muuta",
		Valuation: "Alustava arvio", ValuationBasis: "(%d vastaavan varastoauton perusteella, vaihtomarginaali vähennetty)",
		ServiceIntro: "Uusi huoltopyyntö verkkosivuilta.", Vehicle: "Ajoneuvo", Car: "auto", Bike: "moottoripyörä",
		Dealer: "Jälleenmyyjä", Services: "Palvelut", NoneChosen: "(ei valittu)",
		DesiredDate: "Toivottu päivä", Consent: "Suostumus (GDPR)", Newsletter: "Uutiskirje",
		Description: "Kuvaus", ServiceRequest: "Huoltopyyntö",
		FormIntro: "Uusi vastaus lomakkeeseen \"%s\" (%s) sivustolla %s.",
	},
	"sk": {
		LeadIntro: "Nový dopyt z webovej stránky: %s (auto %s).", Lead: "Dopyt",
		Name: "Meno", Phone: "Telefón", Email: "E-mail",
		Request: "Požiadavka", WantsQuote: "Chce cenovú ponuku", WantsTestDrv: "Chce testovaciu jazdu",
		Message: "Správa", SentFrom: "Odoslané zo stránky", Reference: "Referencia", Yes: "áno", No: "nie",
		SellIntro: "Nová žiadosť o predaj alebo protiúčet auta z webovej stránky.", WantsTo: "Chce", Sell: "Predať auto", TradeIn: "Dať auto na protiúčet",
		Regno: "Evidenčné číslo", Mileage: "Stav tachometra", Other: "Iné",
		Valuation: "Predbežné ocenenie", ValuationBasis: "(podľa %d podobných áut na sklade, po odpočítaní marže)",
		ServiceIntro: "Nová žiadosť o servis z webovej stránky.", Vehicle: "Vozidlo", Car: "auto", Bike: "motocykel",
		Dealer: "Predajca", Services: "Služby", NoneChosen: "(nič nevybrané)",
		DesiredDate: "Požadovaný dátum", Consent: "Súhlas (GDPR)", Newsletter: "Novinky e-mailom",
		Description: "Popis", ServiceRequest: "Žiadosť o servis",
		FormIntro: "Nová odpoveď na formulár \"%s\" (%s) na stránke %s.",
	},
}

// MailWordsOf returns the mail words of lang (a site's language code);
// a language without its own words gets English.
func MailWordsOf(lang string) MailWords {
	if w, ok := mailWords[lang]; ok {
		return w
	}
	return mailWords["en"]
}
