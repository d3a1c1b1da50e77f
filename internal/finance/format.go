package finance

import (
	"math"
	"strconv"
	"strings"

	"forecourt/internal/errs"
)

// Locale is a BCP 47 tag of a site language the finance texts are formatted
// for: one per locale of the group's sites (internal/site), each with the
// site's currency.
type Locale string

const (
	SvSE Locale = "sv-SE"
	NbNO Locale = "nb-NO"
	FiFI Locale = "fi-FI"
	EnGB Locale = "en-GB"
	DaDK Locale = "da-DK"
	SkSK Locale = "sk-SK"
	SvFI Locale = "sv-FI"
	EnIE Locale = "en-IE"
)

// nbsp is U+00A0 NO-BREAK SPACE. Intl.NumberFormat (CLDR 44+) uses it as
// the group separator of sv, nb and fi and between a number and a trailing
// currency or percent sign; U+202F NARROW NO-BREAK SPACE is French only.
const nbsp = "\u00a0"

type numberStyle struct {
	group, decimal, minus string
	currency              string
	currencyFirst         bool   // "£1.00" rather than "1,00 kr"
	unitSep               string // between number and a trailing currency or %
}

var styles = map[Locale]numberStyle{
	// CLDR sv, nb and fi write the minus as U+2212 MINUS SIGN.
	SvSE: {group: nbsp, decimal: ",", minus: "\u2212", currency: "kr", unitSep: nbsp},
	NbNO: {group: nbsp, decimal: ",", minus: "\u2212", currency: "kr", unitSep: nbsp},
	FiFI: {group: nbsp, decimal: ",", minus: "\u2212", currency: "€", unitSep: nbsp},
	EnGB: {group: ",", decimal: ".", minus: "-", currency: "£", currencyFirst: true},
	// Danish groups with a dot and writes "kr." after the amount.
	DaDK: {group: ".", decimal: ",", minus: "-", currency: "kr.", unitSep: nbsp},
	SkSK: {group: nbsp, decimal: ",", minus: "-", currency: "€", unitSep: nbsp},
	SvFI: {group: nbsp, decimal: ",", minus: "\u2212", currency: "€", unitSep: nbsp},
	EnIE: {group: ",", decimal: ".", minus: "-", currency: "€", currencyFirst: true},
}

// ParseLocale returns the Locale for tag, or an Invalid error for a locale
// the finance texts are not written for.
func ParseLocale(tag string) (Locale, error) {
	l := Locale(tag)
	if _, ok := styles[l]; !ok {
		return "", errs.E(errs.Invalid, "Locale %q is not supported.", tag)
	}
	return l, nil
}

func (l Locale) style() numberStyle {
	if s, ok := styles[l]; ok {
		return s
	}
	return styles[EnGB]
}

// Number formats v with exactly decimals fraction digits and the locale's
// grouping, as Intl.NumberFormat(l, {minimumFractionDigits: decimals,
// maximumFractionDigits: decimals}) does: Number(1234.5, 0) is "1 235" in
// sv-SE (no-break space) and "1,235" in en-GB. Unknown locales format as en-GB.
func (l Locale) Number(v float64, decimals int) string {
	s := l.style()
	return s.number(v, decimals, decimals)
}

// Money formats amount in the locale's currency with decimals fraction
// digits: sv-SE "1 234 kr", nb-NO "1 234 kr", fi-FI "1 234,00 €",
// en-GB "£1,234.00" (spaces are U+00A0).
func (l Locale) Money(amount float64, decimals int) string {
	s := l.style()
	neg := roundTo(amount, decimals) < 0
	n := s.number(math.Abs(amount), decimals, decimals)
	var out string
	if s.currencyFirst {
		out = s.currency + n
	} else {
		out = n + s.unitSep + s.currency
	}
	if neg {
		out = s.minus + out
	}
	return out
}

// Percent formats pct, given in percent (5.95 for 5.95 %), with at most
// maxDecimals fraction digits and trailing zeros dropped: sv-SE "5,95 %",
// en-GB "5.95%".
func (l Locale) Percent(pct float64, maxDecimals int) string {
	s := l.style()
	return s.number(pct, 0, maxDecimals) + s.unitSep + "%"
}

// number formats v rounded to maxDec digits, keeping at least minDec.
func (s numberStyle) number(v float64, minDec, maxDec int) string {
	// Intl rounds half away from zero ("halfExpand"); FormatFloat alone
	// would round half to even.
	t := strconv.FormatFloat(math.Abs(roundTo(v, maxDec)), 'f', maxDec, 64)
	intPart, frac, _ := strings.Cut(t, ".")
	for len(frac) > minDec && strings.HasSuffix(frac, "0") {
		frac = frac[:len(frac)-1]
	}
	var b strings.Builder
	if v < 0 && strings.Trim(t, "0.") != "" {
		b.WriteString(s.minus)
	}
	for i, c := range intPart {
		if i > 0 && (len(intPart)-i)%3 == 0 {
			b.WriteString(s.group)
		}
		b.WriteRune(c)
	}
	if frac != "" {
		b.WriteString(s.decimal)
		b.WriteString(frac)
	}
	return b.String()
}

// roundTo rounds v half away from zero to decimals digits.
func roundTo(v float64, decimals int) float64 {
	p := math.Pow10(decimals)
	return math.Round(v*p) / p
}

// round2 rounds an amount to whole pence, öre or cents, half away from
// zero, as decimal arithmetic does: the amount is first taken in whole
// millionths (which drops binary noise such as 1944.5249999999998 for
// 1944.525), then rounded in integers. Amounts up to 10^9 are exact.
func round2(v float64) float64 {
	m := int64(math.Round(v * 1e6))
	neg := m < 0
	if neg {
		m = -m
	}
	c := (m + 5000) / 10000
	if neg {
		c = -c
	}
	return float64(c) / 100
}
