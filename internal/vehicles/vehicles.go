// Package vehicles looks up cars by Swedish registration number: brand,
// model, build year and whether the car has a service agreement. A Provider
// answers: HTTPProvider asks a real vehicle-data service, and without one
// (settings) the demo's register answers (internal/demo/fleet).
package vehicles

import (
	"context"
	"errors"
	"strings"

	"forecourt/internal/errs"
)

// Vehicle is a registered car.
type Vehicle struct {
	Reg                 string `json:"registrationNumber"`
	Brand               string `json:"brand"`
	Model               string `json:"model"`
	BuildYear           int    `json:"buildYear"`
	HasServiceAgreement bool   `json:"hasServiceAgreement"`
}

// Provider looks up a vehicle by its normalised registration number (see
// ParseReg). It returns ErrNotFound for a plate it does not know, and an
// errs.Unavailable error when the data source cannot be reached.
type Provider interface {
	Lookup(ctx context.Context, reg string) (Vehicle, error)
}

// ErrInvalidReg is returned for a registration number that breaks the
// Swedish plate rules; ErrNotFound for a well-formed plate nobody holds.
var (
	ErrInvalidReg = errs.E(errs.Invalid, "Ogiltigt registreringsnummer, kontrollera att registreringsnumret är korrekt")
	ErrNotFound   = errs.E(errs.NotFound, "Fordonet hittades inte, kontrollera att registreringsnumret är korrekt")
)

// IsInvalidReg and IsNotFound classify a Provider's or ParseReg's error.
func IsInvalidReg(err error) bool { return errors.Is(err, ErrInvalidReg) }
func IsNotFound(err error) bool   { return errors.Is(err, ErrNotFound) }

// PlateLetters are the letters used in the letter part of a Swedish plate:
// the alphabet without I, Q, V, Å, Ä and Ö.
const PlateLetters = "ABCDEFGHJKLMNOPRSTUWXYZ"

// ParseReg normalises s (upper case, spaces and dashes removed) and checks
// the Swedish rules: three letters then three digits ("ABC123"), or three
// letters, two digits and a letter ("ABC12D"); the letters never I, Q, V,
// Å, Ä or Ö (the last character of the second form included).
// Anything else is ErrInvalidReg.
func ParseReg(s string) (string, error) {
	var b strings.Builder
	for _, r := range strings.ToUpper(strings.TrimSpace(s)) {
		if r == ' ' || r == '-' {
			continue
		}
		b.WriteRune(r)
	}
	reg := b.String()
	if len(reg) != 6 {
		return "", ErrInvalidReg
	}
	for i := 0; i < 3; i++ {
		if !strings.ContainsRune(PlateLetters, rune(reg[i])) {
			return "", ErrInvalidReg
		}
	}
	if !isDigit(reg[3]) || !isDigit(reg[4]) {
		return "", ErrInvalidReg
	}
	last := reg[5]
	if !isDigit(last) && !strings.ContainsRune(PlateLetters, rune(last)) {
		return "", ErrInvalidReg
	}
	return reg, nil
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// unsupportedBrands are brands the group does not service at all
// (BrandNotSupported): the customer books through the brand's own network.
var unsupportedBrands = map[string]bool{
	"ferrari": true, "lamborghini": true, "maserati": true, "bentley": true,
	"rolls-royce": true, "aston martin": true, "mclaren": true, "bugatti": true,
}

// IsSupported reports whether the group services cars of brand at all.
func IsSupported(brand string) bool { return !unsupportedBrands[strings.ToLower(brand)] }
