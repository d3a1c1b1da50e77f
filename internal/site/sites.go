package site

import "time"

func mustZone(name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		// The binary embeds tzdata (cmd/forecourt imports time/tzdata), so
		// this only fails for a misspelt zone name: a programming error.
		panic(err)
	}
	return loc
}

// All returns the sites of the group. Host names are the public ones; each
// site also answers on <name>.localhost.
func All() []*Site {
	stockholm := mustZone("Europe/Stockholm")
	oslo := mustZone("Europe/Oslo")
	helsinki := mustZone("Europe/Helsinki")
	bratislava := mustZone("Europe/Bratislava")
	copenhagen := mustZone("Europe/Copenhagen")
	london := mustZone("Europe/London")
	brussels := mustZone("Europe/Brussels")
	loc := func(pairs ...string) map[string]string {
		m := map[string]string{}
		for i := 0; i+1 < len(pairs); i += 2 {
			m[pairs[i]] = pairs[i+1]
		}
		return m
	}
	return []*Site{
		{Name: "group-se", Kind: Group, Country: "SE", Hosts: []string{"forecourt.se"}, RedirectHosts: []string{"www.forecourt.se"},
			Languages: []string{"sv", "en"}, Locales: loc("sv", "sv-SE", "en", "en-GB"), Currency: "SEK", TimeZone: stockholm,
			Settings: Settings{DisplayName: "Forecourt Sverige", TitleTemplate: "{title} | Forecourt"}},
		{Name: "group-dk", Kind: Group, Country: "DK", Hosts: []string{"forecourt.dk"},
			Languages: []string{"da"}, Locales: loc("da", "da-DK"), Currency: "DKK", TimeZone: copenhagen,
			Settings: Settings{DisplayName: "Forecourt Danmark", TitleTemplate: "{title} | Forecourt"}},
		{Name: "group-no", Kind: Group, Country: "NO", Hosts: []string{"forecourt.no"},
			Languages: []string{"nb"}, Locales: loc("nb", "nb-NO"), Currency: "NOK", TimeZone: oslo,
			Settings: Settings{DisplayName: "Forecourt Norge", TitleTemplate: "{title} | Forecourt"}},
		{Name: "group-fi", Kind: Group, Country: "FI", Hosts: []string{"forecourt.fi"},
			Languages: []string{"fi", "sv"}, Locales: loc("fi", "fi-FI", "sv", "sv-FI"), Currency: "EUR", TimeZone: helsinki,
			Settings: Settings{DisplayName: "Forecourt Suomi", TitleTemplate: "{title} | Forecourt"}},
		{Name: "group-sk", Kind: Group, Country: "SK", Hosts: []string{"forecourt.sk"},
			Languages: []string{"sk"}, Locales: loc("sk", "sk-SK"), Currency: "EUR", TimeZone: bratislava,
			Settings: Settings{DisplayName: "Forecourt Slovensko", TitleTemplate: "{title} | Forecourt"}},
		{Name: "group-uk", Kind: Group, Country: "GB", Hosts: []string{"forecourt.co.uk"},
			Languages: []string{"en"}, Locales: loc("en", "en-GB"), Currency: "GBP", TimeZone: london,
			Settings: Settings{DisplayName: "Forecourt UK", TitleTemplate: "{title} | Forecourt UK"}},
		{Name: "group-eu", Kind: Group, Country: "EU", Hosts: []string{"forecourt.eu"},
			Languages: []string{"en"}, Locales: loc("en", "en-IE"), Currency: "EUR", TimeZone: brussels,
			Settings: Settings{DisplayName: "Forecourt Europe", TitleTemplate: "{title} | Forecourt"}},
		{Name: "carstore-se", Kind: CarStore, Country: "SE", Hosts: []string{"carstore.se"},
			Languages: []string{"sv"}, Locales: loc("sv", "sv-SE"), Currency: "SEK", TimeZone: stockholm,
			Settings: Settings{DisplayName: "Carstore", TitleTemplate: "{title} | Carstore"}},
		{Name: "carstore-no", Kind: CarStore, Country: "NO", Hosts: []string{"carstore.no"},
			Languages: []string{"nb"}, Locales: loc("nb", "nb-NO"), Currency: "NOK", TimeZone: oslo,
			Settings: Settings{DisplayName: "Carstore Norge", TitleTemplate: "{title} | Carstore"}},
		{Name: "carstore-fi", Kind: CarStore, Country: "FI", Hosts: []string{"carstore.fi"},
			Languages: []string{"fi"}, Locales: loc("fi", "fi-FI"), Currency: "EUR", TimeZone: helsinki,
			Settings: Settings{DisplayName: "Carstore Suomi", TitleTemplate: "{title} | Carstore"}},
		{Name: "carstore-sk", Kind: CarStore, Country: "SK", Hosts: []string{"carstore.sk"},
			Languages: []string{"sk"}, Locales: loc("sk", "sk-SK"), Currency: "EUR", TimeZone: bratislava,
			Settings: Settings{DisplayName: "Carstore Slovensko", TitleTemplate: "{title} | Carstore"}},
		{Name: "dealer-se", Kind: Dealer, Country: "SE", Hosts: []string{"bilhallen-norrort.se"},
			Languages: []string{"sv"}, Locales: loc("sv", "sv-SE"), Currency: "SEK", TimeZone: stockholm,
			Settings: Settings{DisplayName: "Bilhallen Norrort", TitleTemplate: "{title} | Bilhallen Norrort"}},
	}
}
