package stock

import (
	"fmt"
	"forecourt/internal/catalog"
)

// The demo stock's texts in the languages of the Norwegian, Danish,
// Finnish and Slovak sites. Swedish and English texts stay beside the code
// that writes them (seed.go); these tables translate the English ones, so
// each site reads in its own language. Lists are index-aligned with their
// English originals: the generator picks by index, and a translation never
// changes which car gets what.

// phrases translates fixed English texts by language.
var phrases = map[string]map[string]string{
	// Departments and staff titles.
	"Car sales":            {"nb": "Bilsalg", "da": "Bilsalg", "fi": "Autokauppa", "sk": "Predaj vozidiel"},
	"Service":              {"nb": "Verksted", "da": "Værksted", "fi": "Huolto", "sk": "Servis"},
	"Parts":                {"nb": "Deler", "da": "Reservedele", "fi": "Varaosat", "sk": "Náhradné diely"},
	"Body shop":            {"nb": "Skadeverksted", "da": "Pladeværksted", "fi": "Korikorjaamo", "sk": "Karosárska dielňa"},
	"Sales Executive":      {"nb": "Bilselger", "da": "Bilsælger", "fi": "Automyyjä", "sk": "Predajca vozidiel"},
	"Sales Manager":        {"nb": "Salgssjef", "da": "Salgschef", "fi": "Myyntipäällikkö", "sk": "Vedúci predaja"},
	"Service Technician":   {"nb": "Servicetekniker", "da": "Mekaniker", "fi": "Huoltoasentaja", "sk": "Servisný technik"},
	"Service Advisor":      {"nb": "Servicemottaker", "da": "Servicerådgiver", "fi": "Huoltoneuvoja", "sk": "Servisný poradca"},
	"Aftersales Manager":   {"nb": "Ettermarkedssjef", "da": "Værkstedschef", "fi": "Huoltopäällikkö", "sk": "Vedúci servisu"},
	"Parts Advisor":        {"nb": "Delerådgiver", "da": "Reservedelsrådgiver", "fi": "Varaosamyyjä", "sk": "Predajca náhradných dielov"},
	"Parts Manager":        {"nb": "Delesjef", "da": "Lagerchef", "fi": "Varaosapäällikkö", "sk": "Vedúci skladu dielov"},
	"Body Technician":      {"nb": "Skadetekniker", "da": "Pladesmed", "fi": "Korikorjaaja", "sk": "Karosár"},
	"Bodyshop Estimator":   {"nb": "Skadetakstmann", "da": "Skadetaksator", "fi": "Vahinkotarkastaja", "sk": "Likvidátor škôd"},
	" Commercial Vehicles": {"nb": " Nyttekjøretøy", "da": " Erhvervskøretøjer", "fi": " Hyötyajoneuvot", "sk": " Úžitkové vozidlá"},
	// Prices and technical data.
	"From":        {"nb": "Fra", "da": "Fra", "fi": "Alkaen", "sk": "Od"},
	"Offer price": {"nb": "Kampanjepris", "da": "Kampagnepris", "fi": "Kampanjahinta", "sk": "Akciová cena"},
	"Price":       {"nb": "Pris", "da": "Pris", "fi": "Hinta", "sk": "Cena"},
	" excl. VAT":  {"nb": " eks. mva.", "da": " ekskl. moms", "fi": " alv 0 %", "sk": " bez DPH"},
	" hp":         {"nb": " hk", "da": " hk", "fi": " hv", "sk": " k"},
	// Leasing.
	"Personal leasing": {"nb": "Privatleasing", "da": "Privatleasing", "fi": "Yksityisleasing", "sk": "Súkromný leasing"},
	"Business leasing": {"nb": "Bedriftsleasing", "da": "Erhvervsleasing", "fi": "Yritysleasing", "sk": "Firemný leasing"},
	"%d months, %s %s a year. Servicing included.": {
		"nb": "%d måneder, %s %s i året. Service inkludert.", "da": "%d måneder, %s %s om året. Service inkluderet.",
		"fi": "%d kuukautta, %s %s vuodessa. Huollot sisältyvät.", "sk": "%d mesiacov, %s %s ročne. Servis v cene."},
	"Contract hire, %d months, %s %s a year.": {
		"nb": "Operasjonell leasing, %d måneder, %s %s i året.", "da": "Operationel leasing, %d måneder, %s %s om året.",
		"fi": "Huoltoleasing, %d kuukautta, %s %s vuodessa.", "sk": "Operatívny leasing, %d mesiacov, %s %s ročne."},
	"*Price based on a 36-month agreement. Excess mileage charges apply. Subject to status.": {
		"nb": "*Prisen gjelder ved 36 måneders avtale. Overkjørte kilometer faktureres etter avtalens sats. Forutsetter godkjent kredittvurdering.",
		"da": "*Prisen gælder ved en aftale på 36 måneder. Overkørte kilometer afregnes efter aftalens takst. Forudsætter godkendt kreditvurdering.",
		"fi": "*Hinta 36 kuukauden sopimuksella. Ylittävät kilometrit laskutetaan sopimuksen hinnaston mukaan. Edellyttää hyväksyttyä luottopäätöstä.",
		"sk": "*Cena platí pri zmluve na 36 mesiacov. Prekročené kilometre sa účtujú podľa zmluvnej sadzby. Podmienkou je schválenie úveru."},
	"*Price excludes VAT. Business users only, subject to status.": {
		"nb": "*Pris eks. mva. Gjelder bedrifter med godkjent kredittvurdering.",
		"da": "*Pris ekskl. moms. Gælder virksomheder med godkendt kreditvurdering.",
		"fi": "*Hinta ilman arvonlisäveroa. Koskee yritysasiakkaita, edellyttää hyväksyttyä luottopäätöstä.",
		"sk": "*Cena bez DPH. Platí pre firmy so schváleným úverom."},
	// Opening hours.
	"Monday–Friday":   {"nb": "Mandag–fredag", "da": "Mandag–fredag", "fi": "Maanantai–perjantai", "sk": "Pondelok–piatok"},
	"Saturday":        {"nb": "Lørdag", "da": "Lørdag", "fi": "Lauantai", "sk": "Sobota"},
	"Sunday":          {"nb": "Søndag", "da": "Søndag", "fi": "Sunnuntai", "sk": "Nedeľa"},
	"Saturday–Sunday": {"nb": "Lørdag–søndag", "da": "Lørdag–søndag", "fi": "Lauantai–sunnuntai", "sk": "Sobota–nedeľa"},
	"Closed":          {"nb": "Stengt", "da": "Lukket", "fi": "Suljettu", "sk": "Zatvorené"},
}

// tr returns the English text en in the site's language, or en itself.
func (g *gen) tr(en string) string {
	if t, ok := phrases[en][g.d.Lang]; ok {
		return t
	}
	return en
}

// deviationDays are the holidays around the demo date in each language
// (the UK list is English; Swedish is in seed.go).
var deviationDays = map[string][]catalog.OpeningDay{
	"nb": {{Day: "Julaften 24. desember", DisplayText: "09:00–13:00"}, {Day: "1. juledag 25. desember", DisplayText: "Stengt"}, {Day: "2. juledag 26. desember", DisplayText: "Stengt"}, {Day: "1. nyttårsdag 1. januar", DisplayText: "Stengt"}},
	"da": {{Day: "Juleaftensdag 24. december", DisplayText: "09:00–12:00"}, {Day: "1. juledag 25. december", DisplayText: "Lukket"}, {Day: "2. juledag 26. december", DisplayText: "Lukket"}, {Day: "Nytårsdag 1. januar", DisplayText: "Lukket"}},
	"fi": {{Day: "Jouluaatto 24. joulukuuta", DisplayText: "Suljettu"}, {Day: "Joulupäivä 25. joulukuuta", DisplayText: "Suljettu"}, {Day: "Tapaninpäivä 26. joulukuuta", DisplayText: "Suljettu"}, {Day: "Uudenvuodenpäivä 1. tammikuuta", DisplayText: "Suljettu"}},
	"sk": {{Day: "Štedrý deň 24. decembra", DisplayText: "Zatvorené"}, {Day: "1. sviatok vianočný 25. decembra", DisplayText: "Zatvorené"}, {Day: "2. sviatok vianočný 26. decembra", DisplayText: "Zatvorené"}, {Day: "Deň vzniku SR 1. januára", DisplayText: "Zatvorené"}},
}

// equipmentByLang holds the equipment pool of each language, index-aligned
// with equipmentEN.
var equipmentByLang = map[string][]string{
	"nb": {
		"Adaptiv cruisekontroll", "Ryggekamera", "Parkeringssensorer foran og bak", "Apple CarPlay", "Android Auto",
		"Navigasjonssystem", "Elektriske seter med minne", "Setevarme foran", "Rattvarme", "Hengerfeste", "Panoramatak",
		"LED-hovedlys", "Nøkkelfri låsing og start", "Head-up display", "360-graderskamera", "Elektrisk bakluke",
		"Motorvarmer", "Vinterhjul", "Trådløs mobillading", "2-sone klimaanlegg", "Filholdingsassistent",
		"Blindsonevarsler", "Skinninteriør", "Premium lydanlegg", "18\" lettmetallfelger", "Takrails",
		"Mørke ruter bak", "Forvarming via app", "Isofix", "Digitalt instrumentpanel",
	},
	"da": {
		"Adaptiv fartpilot", "Bakkamera", "Parkeringssensorer for og bag", "Apple CarPlay", "Android Auto",
		"Navigationssystem", "El-sæder med memory", "Sædevarme foran", "Rattvarme", "Anhængertræk", "Panoramatag",
		"LED-forlygter", "Nøglefri adgang og start", "Head-up display", "360-graders kamera", "El-bagklap",
		"Motorvarmer", "Vinterhjul", "Trådløs opladning af mobil", "2-zoners klimaanlæg", "Vognbaneassistent",
		"Blindvinkelassistent", "Læderindtræk", "Premium lydanlæg", "18\" alufælge", "Tagræling",
		"Tonede ruder bagi", "Forvarmning via app", "Isofix", "Digitalt instrumentpanel",
	},
	"fi": {
		"Mukautuva vakionopeudensäädin", "Peruutuskamera", "Pysäköintitutkat edessä ja takana", "Apple CarPlay", "Android Auto",
		"Navigaattori", "Muistilliset sähköistuimet", "Etuistuinten lämmitys", "Ohjauspyörän lämmitys", "Vetokoukku", "Panoraamakatto",
		"LED-ajovalot", "Avaimeton lukitus ja käynnistys", "Tuulilasinäyttö", "360 asteen kamera", "Sähkötoiminen takaluukku",
		"Moottorinlämmitin", "Talvirenkaat", "Langaton puhelimen lataus", "2-alueinen ilmastointi", "Kaistavahti",
		"Kuolleen kulman varoitin", "Nahkaverhoilu", "Premium-äänentoisto", "18\" kevytmetallivanteet", "Kattokaiteet",
		"Tummennetut takalasit", "Esilämmitys sovelluksella", "Isofix", "Digitaalinen mittaristo",
	},
	"sk": {
		"Adaptívny tempomat", "Cúvacia kamera", "Parkovacie senzory vpredu a vzadu", "Apple CarPlay", "Android Auto",
		"Navigačný systém", "Elektrické sedadlá s pamäťou", "Vyhrievané predné sedadlá", "Vyhrievaný volant", "Ťažné zariadenie", "Panoramatická strecha",
		"LED svetlomety", "Bezkľúčové otváranie a štartovanie", "Head-up displej", "360° kamera", "Elektrické piate dvere",
		"Predhrievanie motora", "Zimné kolesá", "Bezdrôtové nabíjanie telefónu", "Dvojzónová klimatizácia", "Asistent udržiavania v jazdnom pruhu",
		"Sledovanie mŕtveho uhla", "Kožené čalúnenie", "Prémiový audiosystém", "18\" disky z ľahkej zliatiny", "Strešné nosiče",
		"Tónované zadné sklá", "Predkúrenie cez aplikáciu", "Isofix", "Digitálny prístrojový panel",
	},
}

// campaignsByLang are the campaign labels, index-aligned with campaignsEN.
var campaignsByLang = map[string][]string{
	"nb": {"Vinterhjul på kjøpet", "Kampanjerente 2,95 %", "Gratis service i 3 år", "Ladeboks på kjøpet", "Black Week", "Høstkampanje"},
	"da": {"Vinterhjul med i købet", "Kampagnerente 2,95 %", "Gratis service i 3 år", "Ladeboks med i købet", "Black Week", "Efterårskampagne"},
	"fi": {"Talvirenkaat kaupan päälle", "Kampanjakorko 2,95 %", "Huollot 3 vuodeksi veloituksetta", "Latausasema kaupan päälle", "Black Week", "Syyskampanja"},
	"sk": {"Zimné kolesá zadarmo", "Akciový úrok 2,95 %", "Servis na 3 roky zadarmo", "Wallbox zadarmo", "Black Week", "Jesenná akcia"},
}

// carTexts are the description templates of a language. New cars take
// (name, colour, gearbox, fuel sentence, three equipment items, dealer);
// used cars (year, name, colour, mileage, fuel sentence, three items,
// dealer). Fuel sentences take the range in km and, for electric cars,
// the battery size text.
type carTexts struct {
	newCar, usedCar                            string
	electric, phev, hybrid, diesel, petrol     string
	loanTitle, offerLoanTitle, loanDescription string
	loanDisclaimer                             string
}

var carTextsByLang = map[string]carTexts{
	"nb": {
		newCar:   "Ny %[1]s i fargen %[2]s med %[3]s girkasse. %[4]s Utstyrt med blant annet %[5]s, %[6]s og %[7]s. Velkommen til %[8]s for prøvekjøring – vi hjelper deg med finansiering, forsikring og innbytte.",
		usedCar:  "%[2]s fra %[1]d i fargen %[3]s, %[4]s. Bilen er servicert etter serviceprogrammet og leveres med ett års Forecourt-garanti. %[5]s Utstyr i utvalg: %[6]s, %[7]s og %[8]s. Velkommen til %[9]s – vi tar gjerne bilen din i innbytte!",
		electric: "Rekkevidde opptil %d km etter WLTP og et batteri på %s.", phev: "Ladbar hybrid som klarer opptil %d km på strøm – perfekt til hverdagskjøringen.",
		hybrid: "Selvladende hybrid med lavt forbruk i bytrafikk.", diesel: "Dieselmotor med godt trekk, laget for lange turer og tunge lass.", petrol: "Sprek bensinmotor med lavt forbruk.",
		loanTitle: "Billån", offerLoanTitle: "Kampanjelån",
		loanDescription: "Billån med %d måneders løpetid, 20 %% egenkapital og %g %% restverdi.",
		loanDisclaimer: "Månedskostnad {8} ved {2} måneders løpetid, {3} egenkapital og {5} restverdi. Nominell rente {0}, effektiv rente {1}. " +
			"Etableringsgebyret på {6} og termingebyret på {7} er regnet med i månedskostnaden. Kontantpris {10}, lånebeløp {9}, kredittkostnad {11}, totalt å betale {4}. " +
			"Långiver: Forecourt Finans AS. Forutsetter godkjent kredittvurdering.",
	},
	"da": {
		newCar:   "Ny %[1]s i farven %[2]s med %[3]s gearkasse. %[4]s Udstyret med bl.a. %[5]s, %[6]s og %[7]s. Velkommen hos %[8]s til en prøvetur – vi hjælper med finansiering, forsikring og byttebil.",
		usedCar:  "%[2]s fra %[1]d i farven %[3]s, %[4]s. Bilen er serviceret efter serviceprogrammet og leveres med et års Forecourt-garanti. %[5]s Udvalgt udstyr: %[6]s, %[7]s og %[8]s. Velkommen hos %[9]s – vi tager gerne din bil i bytte!",
		electric: "Rækkevidde op til %d km efter WLTP og et batteri på %s.", phev: "Plug-in hybrid, der kører op til %d km på strøm – perfekt til hverdagens kørsel.",
		hybrid: "Selvopladende hybrid med lavt forbrug i bytrafik.", diesel: "Trækstærk dieselmotor til lange ture og tunge læs.", petrol: "Kvik benzinmotor med lavt forbrug.",
		loanTitle: "Billån", offerLoanTitle: "Kampagnelån",
		loanDescription: "Billån over %d måneder med 20 %% udbetaling og %g %% restværdi.",
		loanDisclaimer: "Månedlig ydelse {8} over {2} måneder med {3} i udbetaling og {5} i restværdi. Debitorrente {0}, ÅOP {1}. " +
			"Etableringsgebyret på {6} og det månedlige opkrævningsgebyr på {7} indgår i ydelsen. Kontantpris {10}, lånebeløb {9}, samlede kreditomkostninger {11}, samlet beløb at betale {4}. " +
			"Långiver: Forecourt Finans A/S. Forudsætter godkendt kreditvurdering.",
	},
	"fi": {
		newCar:   "Uusi %[1]s, väri %[2]s, %[3]s vaihteisto. %[4]s Varusteina muun muassa %[5]s, %[6]s ja %[7]s. Tervetuloa koeajolle: %[8]s – autamme rahoituksessa, vakuutuksessa ja vaihtoautossa.",
		usedCar:  "%[2]s vuodelta %[1]d, väri %[3]s, %[4]s. Auto on huollettu huolto-ohjelman mukaan, ja sillä on vuoden Forecourt-takuu. %[5]s Varusteita: %[6]s, %[7]s ja %[8]s. Tervetuloa: %[9]s – otamme autosi mielellämme vaihdossa!",
		electric: "Toimintamatka jopa %d km (WLTP), akku %s.", phev: "Ladattava hybridi, joka kulkee sähköllä jopa %d km – sopii hyvin työmatkoille.",
		hybrid: "Itselataava hybridi, jonka kulutus on kaupungissa pieni.", diesel: "Vääntävä dieselmoottori pitkille matkoille ja raskaille kuormille.", petrol: "Pirteä ja taloudellinen bensiinimoottori.",
		loanTitle: "Autolaina", offerLoanTitle: "Kampanjalaina",
		loanDescription: "Autolaina %d kuukaudeksi, käsiraha 20 %% ja jäännösarvo %g %%.",
		loanDisclaimer: "Kuukausierä {8}, laina-aika {2} kuukautta, käsiraha {3} ja jäännösarvo {5}. Korko {0}, todellinen vuosikorko {1}. " +
			"Avausmaksu {6} ja kuukausittainen käsittelymaksu {7} sisältyvät kuukausierään. Käteishinta {10}, luoton määrä {9}, luoton kokonaiskustannus {11}, maksettava kokonaismäärä {4}. " +
			"Luotonantaja: Forecourt Rahoitus Oy. Edellyttää hyväksyttyä luottopäätöstä.",
	},
	"sk": {
		newCar:   "Nový %[1]s vo farbe %[2]s, %[3]s prevodovka. %[4]s Výbava okrem iného: %[5]s, %[6]s a %[7]s. Príďte na testovaciu jazdu do %[8]s – pomôžeme s financovaním, poistením aj protiúčtom.",
		usedCar:  "%[2]s z roku %[1]d vo farbe %[3]s, %[4]s. Vozidlo má servis podľa servisného plánu a dodáva sa s ročnou zárukou Forecourt. %[5]s Výber z výbavy: %[6]s, %[7]s a %[8]s. Príďte do %[9]s – vaše auto radi vykúpime na protiúčet!",
		electric: "Dojazd až %d km podľa WLTP a batéria %s.", phev: "Plug-in hybrid s dojazdom až %d km na elektrinu – ideálny na každodenné dochádzanie.",
		hybrid: "Samonabíjací hybrid s nízkou spotrebou v meste.", diesel: "Silný naftový motor na dlhé cesty a ťažké náklady.", petrol: "Živý a úsporný benzínový motor.",
		loanTitle: "Úver na auto", offerLoanTitle: "Akciový úver",
		loanDescription: "Úver na auto na %d mesiacov s 20 %% akontáciou a %g %% zostatkovou hodnotou.",
		loanDisclaimer: "Mesačná splátka {8} pri splatnosti {2} mesiacov, akontácii {3} a zostatkovej hodnote {5}. Úroková sadzba {0}, RPMN {1}. " +
			"Poplatok za poskytnutie úveru {6} a mesačný poplatok za správu {7} sú zahrnuté v splátke. Cena v hotovosti {10}, výška úveru {9}, celkové náklady úveru {11}, celková splatná suma {4}. " +
			"Veriteľ: Forecourt Finance s.r.o. Podmienkou je schválenie úveru.",
	},
}

// streetsByCountry are real-sounding street names of each country; a
// site's address is written "<street> <number>" there (the UK writes the
// number first). group-eu's towns take their own country's.
var streetsByCountry = map[string][]string{
	"NO": {"Økernveien", "Strømsveien", "Industriveien", "Kirkegata", "Storgata", "Sandakerveien", "Hasleveien", "Brobekkveien"},
	"DK": {"Roskildevej", "Industrivej", "Hovedgaden", "Vestergade", "Østergade", "Søndergade", "Stationsvej", "Erhvervsvej"},
	"FI": {"Mannerheimintie", "Tehtaankatu", "Teollisuuskatu", "Kauppakatu", "Asemakatu", "Hämeenkatu", "Konepajankatu", "Valimotie"},
	"SK": {"Galvaniho", "Mlynské nivy", "Priemyselná", "Hlavná", "Štúrova", "Námestie SNP", "Vajnorská", "Rožňavská"},
	"BE": {"Leuvensesteenweg", "Woluwelaan", "Mechelsesteenweg", "Brusselsesteenweg"},
	"NL": {"Wibautstraat", "Johan Huizingalaan", "Klokkenbergweg", "Pieter Braaijweg"},
	"DE": {"Billstraße", "Wandsbeker Chaussee", "Süderstraße", "Osdorfer Landstraße"},
}

// euCountry gives group-eu's towns their country.
var euCountry = map[string]string{"Brussels": "BE", "Amsterdam": "NL", "Hamburg": "DE"}

// street writes a dealer's street address in the country's own form.
func (g *gen) street(t town) string {
	country := g.d.Country
	if c, ok := euCountry[t.City]; ok {
		country = c
	}
	switch country {
	case "SE":
		return fmt.Sprintf("%s %d", streetsSV[g.pick(len(streetsSV))], 1+g.pick(60))
	case "GB":
		return fmt.Sprintf("%d %s", 1+g.pick(200), streetsEN[g.pick(len(streetsEN))])
	}
	list := streetsByCountry[country]
	return fmt.Sprintf("%s %d", list[g.pick(len(list))], 1+g.pick(120))
}
