package vehicles_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"forecourt/internal/errs"
	"forecourt/internal/vehicles"
)

func TestParseReg(t *testing.T) {
	tests := []struct {
		in, want string
		ok       bool
	}{
		{"ABC123", "ABC123", true},
		{"abc 123", "ABC123", true},
		{"ABC-12D", "ABC12D", true},
		{"BMW330", "BMW330", true},
		{"TES123", "TES123", true},
		{"FER001", "FER001", true},
		{"ABI123", "", false}, // I
		{"QBC123", "", false}, // Q
		{"AVC123", "", false}, // V
		{"ÅBC123", "", false},
		{"ABÖ123", "", false},
		{"ABC12Q", "", false},
		{"ABC12Ä", "", false},
		{"AB1234", "", false},
		{"ABC1234", "", false},
		{"ABC1D3", "", false},
		{"", "", false},
		{"ABC12", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := vehicles.ParseReg(tt.in)
			if (err == nil) != tt.ok || got != tt.want {
				t.Fatalf("ParseReg(%q) = %q, %v", tt.in, got, err)
			}
			if err != nil && !vehicles.IsInvalidReg(err) {
				t.Fatalf("error %v is not InvalidReg", err)
			}
		})
	}
}

func TestHTTPProvider(t *testing.T) {
	fake := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer secret-key" {
			http.Error(w, "no key", http.StatusUnauthorized)
			return
		}
		switch strings.TrimPrefix(r.URL.Path, "/v1/vehicles/") {
		case "ABC123":
			w.Header().Set("Content-Type", "application/json")
			w.Write([]byte(`{"registrationNumber": "ABC123", "brand": "Volvo", "model": "XC60", "modelYear": 2019, "serviceAgreement": true}`))
		case "XYZ999":
			http.NotFound(w, r)
		case "BAD000":
			http.Error(w, "bad plate", http.StatusUnprocessableEntity)
		case "GARBLE":
			w.Write([]byte(`{"brand":`))
		default:
			http.Error(w, "boom", http.StatusBadGateway)
		}
	}))
	defer fake.Close()
	p := &vehicles.HTTPProvider{BaseURL: fake.URL + "/v1/", APIKey: "secret-key"}
	ctx := context.Background()
	got, err := p.Lookup(ctx, "ABC123")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(vehicles.Vehicle{Reg: "ABC123", Brand: "Volvo", Model: "XC60", BuildYear: 2019, HasServiceAgreement: true}, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if _, err := p.Lookup(ctx, "XYZ999"); !vehicles.IsNotFound(err) {
		t.Errorf("404: %v", err)
	}
	if _, err := p.Lookup(ctx, "BAD000"); !vehicles.IsInvalidReg(err) {
		t.Errorf("422: %v", err)
	}
	for _, reg := range []string{"GARBLE", "ERR500"} {
		if _, err := p.Lookup(ctx, reg); errs.CodeOf(err) != errs.Unavailable {
			t.Errorf("%s: %v, want unavailable", reg, err)
		}
	}
	wrongKey := &vehicles.HTTPProvider{BaseURL: fake.URL + "/v1", APIKey: "nope"}
	if _, err := wrongKey.Lookup(ctx, "ABC123"); errs.CodeOf(err) != errs.Unavailable {
		t.Errorf("wrong key: %v", err)
	}
	fake.Close()
	if _, err := p.Lookup(ctx, "ABC123"); errs.CodeOf(err) != errs.Unavailable {
		t.Errorf("service down: %v", err)
	}
}
