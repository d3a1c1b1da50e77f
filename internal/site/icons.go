package site

import (
	"fmt"
	"math"
	"strings"
)

// IconNames are the brand icon variants of the spec's constants (car
// catalogue §9): one per country that has its own group mark, and one for
// the auction brand. Other sites use the default mark.
var IconNames = []string{"no", "se", "sk", "eu", "fi", "auction"}

// Icon is the site's brand icon variant: Settings.Icon when an editor set
// one of IconNames (e.g. "auction" for an auction site), otherwise the
// variant of the site's country, otherwise "" (the default mark).
func (s *Site) Icon() string {
	if isIcon(s.Settings.Icon) {
		return s.Settings.Icon
	}
	if c := strings.ToLower(s.Country); isIcon(c) && c != "auction" {
		return c
	}
	return ""
}

func isIcon(name string) bool {
	for _, n := range IconNames {
		if n == name {
			return true
		}
	}
	return false
}

// IconSVG returns the SVG of a brand icon variant (false for an unknown
// name): the group's F mark on its blue tile with the country's flag as a
// round badge, or the auction gavel on the auction brand's red tile. Drawn
// here so that nothing is fetched from elsewhere.
func IconSVG(name string) ([]byte, bool) {
	if !isIcon(name) {
		return nil, false
	}
	const head = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">`
	if name == "auction" {
		return []byte(head + `<rect width="64" height="64" rx="14" fill="#8c1d18"/>` +
			`<g fill="#fff"><g transform="rotate(-45 30 28)"><rect x="17" y="12" width="26" height="11" rx="2"/><rect x="20" y="10" width="3" height="15" rx="1"/><rect x="37" y="10" width="3" height="15" rx="1"/>` +
			`<rect x="28" y="23" width="4.5" height="27" rx="2"/></g><rect x="10" y="47" width="24" height="6" rx="2"/></g></svg>`), true
	}
	// The badge: a circle of radius 12 at (48,48), the flag clipped to it.
	var flag string
	switch name {
	case "se":
		flag = `<rect x="36" y="36" width="24" height="24" fill="#006aa7"/><rect x="42" y="36" width="4" height="24" fill="#fecc02"/><rect x="36" y="46" width="24" height="4" fill="#fecc02"/>`
	case "no":
		flag = `<rect x="36" y="36" width="24" height="24" fill="#ba0c2f"/><rect x="41" y="36" width="6" height="24" fill="#fff"/><rect x="36" y="45" width="24" height="6" fill="#fff"/><rect x="42.5" y="36" width="3" height="24" fill="#00205b"/><rect x="36" y="46.5" width="24" height="3" fill="#00205b"/>`
	case "fi":
		flag = `<rect x="36" y="36" width="24" height="24" fill="#fff"/><rect x="41" y="36" width="5" height="24" fill="#002f6c"/><rect x="36" y="45.5" width="24" height="5" fill="#002f6c"/>`
	case "sk":
		// Tricolour with the coat of arms (a red shield, white double cross),
		// which tells it apart from other white-blue-red flags.
		flag = `<rect x="36" y="36" width="24" height="8" fill="#fff"/><rect x="36" y="44" width="24" height="8" fill="#0b4ea2"/><rect x="36" y="52" width="24" height="8" fill="#ee1c25"/>` +
			`<path d="M39.5 40.5h9v7c0 3.5-2.5 5.5-4.5 6.5c-2-1-4.5-3-4.5-6.5z" fill="#ee1c25" stroke="#fff" stroke-width="0.9"/>` +
			`<g fill="#fff"><rect x="43.5" y="42" width="1" height="8.5"/><rect x="41.8" y="43.6" width="4.4" height="0.9"/><rect x="41.2" y="45.6" width="5.6" height="0.9"/></g>` +
			`<path d="M40.3 50.2c1-1.2 2.4-1.2 3.7 0c1.3-1.2 2.7-1.2 3.7 0c-.8 1.6-2.2 2.8-3.7 3.6c-1.5-.8-2.9-2-3.7-3.6z" fill="#0b4ea2"/>`
	case "eu":
		var stars strings.Builder
		for i := 0; i < 12; i++ {
			// Twelve stars on a circle of radius 7, drawn as dots at this size.
			x, y := circlePoint(48, 48, 7, i)
			fmt.Fprintf(&stars, `<circle cx="%.2f" cy="%.2f" r="1.2" fill="#fc0"/>`, x, y)
		}
		flag = `<rect x="36" y="36" width="24" height="24" fill="#039"/>` + stars.String()
	}
	return []byte(head + `<defs><clipPath id="b"><circle cx="48" cy="48" r="12"/></clipPath></defs>` +
		`<rect width="64" height="64" rx="14" fill="#0b3d91"/><path d="M14 46V14h26v7H22v6h15v7H22v12z" fill="#fff"/>` +
		`<circle cx="48" cy="48" r="14" fill="#fff"/><g clip-path="url(#b)">` + flag + `</g></svg>`), true
}

// circlePoint is the i-th of twelve points on a circle, the first at the top.
func circlePoint(cx, cy, r float64, i int) (float64, float64) {
	a := float64(i)*math.Pi/6 - math.Pi/2
	return cx + r*math.Cos(a), cy + r*math.Sin(a)
}
