package phone

import "testing"

func TestNormalize(t *testing.T) {
	for _, tc := range []struct {
		raw, country, want string // want "" = refused
	}{
		{"070-123 45 67", "SE", "+46701234567"},
		{"+46 (0)70 123 45 67", "SE", "+46701234567"},
		{"0046 70 123 45 67", "SE", "+46701234567"},
		{"+46701234567", "SE", "+46701234567"},
		{"0701234567", "SE", "+46701234567"},
		{"070 123 45 67", "SE", "+46701234567"},
		{"08-123 456 78", "SE", "+46812345678"},
		{"(08) 12 34 56", "SE", "+468123456"},
		{"+46 070 123 45 67", "SE", "+46701234567"},
		{"412 34 567", "NO", "+4741234567"},
		{"+47 412 34 567", "NO", "+4741234567"},
		{"20 12 34 56", "DK", "+4520123456"},
		{"040 123 4567", "FI", "+358401234567"},
		{"0905 123 456", "SK", "+421905123456"},
		{"07700 900123", "UK", "+447700900123"},
		{"07700 900123", "GB", "+447700900123"},
		{"+49 30 1234567", "SE", "+49301234567"},
		{"+49 30 1234567", "EU", "+49301234567"},
		{"070-123 45 67", "EU", ""},      // a national number needs a country
		{"701234567", "SE", ""},          // no trunk 0 and no +
		{"070-123 45 67 89 0", "SE", ""}, // too long for Sweden
		{"070-12", "SE", ""},
		{"412 34 56", "NO", ""}, // seven digits
		{"070 123 45 6x", "SE", ""},
		{"070\n1234567", "SE", ""},
		{"+46 70+1234567", "SE", ""},
		{"", "SE", ""},
		{"+", "SE", ""},
		{"+1234", "SE", ""},
	} {
		got, err := Normalize(tc.raw, tc.country)
		if tc.want == "" {
			if err == nil {
				t.Errorf("Normalize(%q, %s) = %q, want refused", tc.raw, tc.country, got)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("Normalize(%q, %s) = %q, %v; want %q", tc.raw, tc.country, got, err, tc.want)
		}
	}
	if Prefix("no") != "+47" || Prefix("EU") != "" {
		t.Errorf("Prefix: %q %q", Prefix("no"), Prefix("EU"))
	}
}
