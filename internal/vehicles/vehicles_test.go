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

func TestRegistry(t *testing.T) {
	r := vehicles.NewRegistry()
	ctx := context.Background()
	fixed := map[string]vehicles.Vehicle{
		"ABC123": {Reg: "ABC123", Brand: "Volvo", Model: "XC60", BuildYear: 2019, HasServiceAgreement: true},
		"BMW330": {Reg: "BMW330", Brand: "BMW", Model: "3-serie", BuildYear: 2017},
		"FER001": {Reg: "FER001", Brand: "Ferrari", Model: "Roma", BuildYear: 2021},
	}
	for p, want := range fixed {
		got, err := r.Lookup(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", p, diff)
		}
	}
	if v, _ := r.Lookup(ctx, "FER001"); vehicles.IsSupported(v.Brand) {
		t.Error("Ferrari supported")
	}
	plates := r.Plates()
	if len(plates) < vehicles.DemoFleetSize {
		t.Fatalf("%d plates", len(plates))
	}
	brands := map[string]int{}
	for _, p := range plates {
		if got, err := vehicles.ParseReg(p); err != nil || got != p {
			t.Fatalf("registry plate %q breaks the rules", p)
		}
		v, _ := r.Lookup(ctx, p)
		brands[v.Brand]++
		if v.BuildYear < 2008 || v.BuildYear > 2025 || v.Model == "" {
			t.Fatalf("implausible %+v", v)
		}
	}
	if brands["Volvo"] < brands["BMW"] || len(brands) < 20 {
		t.Errorf("brand mix %v", brands)
	}
	if _, err := r.Lookup(ctx, "ZZZ999"); err != nil && !vehicles.IsNotFound(err) {
		t.Errorf("unknown plate: %v", err)
	}
	// Deterministic.
	if diff := cmp.Diff(plates[:50], vehicles.NewRegistry().Plates()[:50]); diff != "" {
		t.Errorf("registry differs between runs:\n%s", diff)
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
