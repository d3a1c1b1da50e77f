package fleet_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"

	"forecourt/internal/demo/fleet"
	"forecourt/internal/vehicles"
)

func TestRegistry(t *testing.T) {
	r := fleet.NewRegistry()
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
	if len(plates) < fleet.DemoFleetSize {
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
	if diff := cmp.Diff(plates[:50], fleet.NewRegistry().Plates()[:50]); diff != "" {
		t.Errorf("registry differs between runs:\n%s", diff)
	}
}
