// Package gdpr runs an operator's export or erasure of one person's data
// over every store that holds personal data. Each store is a Holder keyed
// by the person's e-mail address; the command `forecourt leads
// export|erase --email ADDRESS` runs all holders the server wires.
package gdpr

import (
	"context"
	"fmt"
	"net/mail"
	"strings"
)

// Holder is one store of personal data. Export returns what it keeps about
// the person with address email (JSON-encodable; nil or an empty list when
// nothing); Erase deletes it, with the mails about it, and returns how many
// records it deleted. Both match the address case-insensitively.
type Holder struct {
	Name   string
	Export func(ctx context.Context, email string) (any, error)
	Erase  func(ctx context.Context, email string) (int, error)
}

// NormalizeEmail checks and lower-cases an address given by an operator.
func NormalizeEmail(s string) (string, error) {
	s = strings.TrimSpace(s)
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s || !strings.Contains(s[strings.LastIndexByte(s, '@')+1:], ".") {
		return "", fmt.Errorf("%q is not an e-mail address", s)
	}
	return strings.ToLower(s), nil
}

// Export is the export of one person: the address and each holder's data
// by holder name.
type Export struct {
	Email string         `json:"email"`
	Data  map[string]any `json:"data"`
}

// ExportAll asks every holder for the data of email.
func ExportAll(ctx context.Context, holders []Holder, email string) (Export, error) {
	email, err := NormalizeEmail(email)
	if err != nil {
		return Export{}, err
	}
	out := Export{Email: email, Data: map[string]any{}}
	for _, h := range holders {
		v, err := h.Export(ctx, email)
		if err != nil {
			return Export{}, fmt.Errorf("%s: %w", h.Name, err)
		}
		out.Data[h.Name] = v
	}
	return out, nil
}

// Erased counts the deleted records per holder, in the holders' order.
type Erased []struct {
	Holder string
	Count  int
}

// EraseAll asks every holder, in order, to erase the data of email. It
// stops at the first failure and reports what was erased until then.
func EraseAll(ctx context.Context, holders []Holder, email string) (Erased, error) {
	email, err := NormalizeEmail(email)
	if err != nil {
		return nil, err
	}
	var out Erased
	for _, h := range holders {
		n, err := h.Erase(ctx, email)
		if err != nil {
			return out, fmt.Errorf("%s: %w", h.Name, err)
		}
		out = append(out, struct {
			Holder string
			Count  int
		}{h.Name, n})
	}
	return out, nil
}
