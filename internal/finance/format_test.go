package finance

import "testing"

func TestFormat(t *testing.T) {
	// Expected strings are what Intl.NumberFormat prints in a current
	// browser; \u00a0 is NO-BREAK SPACE, \u2212 MINUS SIGN.
	tests := []struct {
		name string
		got  string
		want string
	}{
		{"sv money", SvSE.Money(1234, 0), "1\u00a0234\u00a0kr"},
		{"sv money big", SvSE.Money(1234567.4, 0), "1\u00a0234\u00a0567\u00a0kr"},
		{"sv money small", SvSE.Money(49, 0), "49\u00a0kr"},
		{"sv money negative", SvSE.Money(-1500, 0), "\u22121\u00a0500\u00a0kr"},
		{"sv money rounds", SvSE.Money(4310.5, 0), "4\u00a0311\u00a0kr"},
		{"nb money", NbNO.Money(249900, 2), "249\u00a0900,00\u00a0kr"},
		{"fi money", FiFI.Money(19990.5, 2), "19\u00a0990,50\u00a0€"},
		{"gb money", EnGB.Money(12345, 2), "£12,345.00"},
		{"gb money pence", EnGB.Money(312.456, 2), "£312.46"},
		{"gb money negative", EnGB.Money(-5, 2), "-£5.00"},
		{"gb money under thousand", EnGB.Money(999.999, 2), "£1,000.00"},
		{"sv percent", SvSE.Percent(5.95, 2), "5,95\u00a0%"},
		{"sv percent trims", SvSE.Percent(6.50, 2), "6,5\u00a0%"},
		{"fi percent whole", FiFI.Percent(3, 2), "3\u00a0%"},
		{"gb percent", EnGB.Percent(9.9, 1), "9.9%"},
		{"gb number", EnGB.Number(10000, 0), "10,000"},
		{"sv number", SvSE.Number(1000, 0), "1\u00a0000"},
		{"negative zero", SvSE.Number(-0.001, 0), "0"},
		{"unknown locale as en-GB", Locale("de-DE").Number(1234.5, 1), "1,234.5"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.got != tt.want {
				t.Errorf("got %q, want %q", tt.got, tt.want)
			}
		})
	}
}

func TestParseLocale(t *testing.T) {
	for _, tag := range []string{"sv-SE", "nb-NO", "fi-FI", "en-GB"} {
		if l, err := ParseLocale(tag); err != nil || string(l) != tag {
			t.Errorf("ParseLocale(%q) = %q, %v", tag, l, err)
		}
	}
	if _, err := ParseLocale("en-US"); err == nil {
		t.Error("ParseLocale(en-US) succeeded, want an error")
	}
}

func TestRound2IsDecimal(t *testing.T) {
	for _, tt := range []struct{ in, want float64 }{
		{1944.525, 1944.53}, // float64 holds 1944.52499999999990905…
		{388905 * 0.06 / 12, 1944.53},
		{1.005, 1.01},
		{2.675, 2.68},
		{-2.675, -2.68},
		{0.004999, 0},
		{123456789.125, 123456789.13},
		{10, 10},
	} {
		if got := round2(tt.in); got != tt.want {
			t.Errorf("round2(%v) = %v, want %v", tt.in, got, tt.want)
		}
	}
}
