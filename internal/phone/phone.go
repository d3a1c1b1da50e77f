// Package phone turns phone numbers as people write them into E.164
// ("+46701234567"), the one form that is stored, mailed and texted. The
// front end applies the same rule (web/src/lib/phone.ts).
package phone

import (
	"strings"

	"forecourt/internal/errs"
)

// prefixes are the country codes of the sites' countries, by ISO 3166
// alpha-2 code (UK and GB both name the United Kingdom), with the
// national significant number's length range and whether national numbers
// start with a trunk 0 that the international form drops.
var prefixes = map[string]struct {
	code     string
	min, max int
	trunk    bool
}{
	"SE": {"46", 7, 9, true},
	"NO": {"47", 8, 8, false},
	"DK": {"45", 8, 8, false},
	"FI": {"358", 5, 12, true},
	"SK": {"421", 9, 9, true},
	"GB": {"44", 9, 10, true},
	"UK": {"44", 9, 10, true},
}

// Prefix is the country code of country ("SE" → "+46"), or "" for a
// country without a default (the EU site).
func Prefix(country string) string {
	if p, ok := prefixes[strings.ToUpper(country)]; ok {
		return "+" + p.code
	}
	return ""
}

// ErrInvalid is the error of a number that is not one; callers show their
// own field message.
var ErrInvalid = errs.E(errs.Invalid, "not a phone number")

// Normalize returns raw in E.164. It accepts spaces, dashes, dots,
// slashes and parentheses as people write them ("070-123 45 67",
// "+46 (0)70 123 45 67", "0046 70 123 45 67"); an international number
// starts with + or 00, a national one gets country's prefix (its trunk 0
// dropped). Numbers of the sites' countries must have their length; other
// countries' 8 to 15 digits in all. Errors: ErrInvalid (also for any
// letter or control character, and for a national number on a site
// without a country).
func Normalize(raw, country string) (string, error) {
	s := strings.TrimSpace(raw)
	// The trunk 0 that people write in parentheses after the country code.
	s = strings.Replace(s, "(0)", "", 1)
	var b strings.Builder
	for i, r := range s {
		switch {
		case r >= '0' && r <= '9':
			b.WriteRune(r)
		case r == '+' && i == 0:
			b.WriteRune(r)
		case r == ' ' || r == '\u00a0' || r == '-' || r == '.' || r == '/' || r == '(' || r == ')':
		default:
			return "", ErrInvalid
		}
	}
	d := b.String()
	var cc, nsn string
	switch {
	case strings.HasPrefix(d, "+"):
		d = d[1:]
	case strings.HasPrefix(d, "00"):
		d = d[2:]
	default:
		p, ok := prefixes[strings.ToUpper(country)]
		if !ok {
			return "", ErrInvalid
		}
		if p.trunk {
			if !strings.HasPrefix(d, "0") {
				return "", ErrInvalid
			}
			d = d[1:]
		}
		d = p.code + d
	}
	if d == "" || d[0] == '0' {
		return "", ErrInvalid
	}
	for _, p := range prefixes {
		if strings.HasPrefix(d, p.code) {
			cc, nsn = p.code, d[len(p.code):]
			// A trunk 0 kept after the country code ("+46070…") is a
			// common slip that the number cannot mean otherwise.
			if p.trunk && strings.HasPrefix(nsn, "0") {
				nsn = nsn[1:]
			}
			if len(nsn) < p.min || len(nsn) > p.max {
				return "", ErrInvalid
			}
			return "+" + cc + nsn, nil
		}
	}
	if len(d) < 8 || len(d) > 15 {
		return "", ErrInvalid
	}
	return "+" + d, nil
}
