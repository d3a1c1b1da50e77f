package tyres

import (
	"forecourt/internal/tirehotel"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestDemoAgreements(t *testing.T) {
	ws := []tirehotel.Location{
		{ErpID: "D-1001", Brands: []string{"VW", "AU"}}, {ErpID: "D-1002", Brands: []string{"VO", "PS"}},
		{ErpID: "D-1011", Brands: []string{"TO", "KI"}},
	}
	a, b := DemoAgreementsFor(ws, "D-1011"), DemoAgreementsFor(ws, "D-1011")
	if d := cmp.Diff(a, b); d != "" {
		t.Fatalf("not deterministic:\n%s", d)
	}
	if len(a) != DemoAgreements {
		t.Errorf("%d agreements", len(a))
	}
	plates := map[string]bool{}
	worn := 0
	for _, ag := range a {
		if _, ok := tirehotel.NormalizeMobile(ag.Phone); !ok {
			t.Errorf("%s: phone %q", ag.Number, ag.Phone)
		}
		for _, v := range ag.Vehicles {
			if plates[v.RegNo] {
				t.Errorf("plate %s twice", v.RegNo)
			}
			plates[v.RegNo] = true
			if p, ok := tirehotel.NormalizePlate(v.RegNo); !ok || p != v.RegNo || len(v.Tires) != 4 {
				t.Errorf("vehicle %+v", v)
			}
			for _, tr := range v.Tires {
				if tr.Wheel.ThreadStatusID == tirehotel.TreadReplace {
					worn++
					break
				}
			}
		}
	}
	if worn < 20 {
		t.Errorf("%d vehicles with worn tyres", worn)
	}
	fixed := map[string]string{}
	for _, ag := range a[:3] {
		v := ag.Vehicles[0]
		fixed[v.RegNo] = v.Location.ErpID + " " + v.Brand
		n := 0
		for _, tr := range v.Tires {
			n += tr.Wheel.ThreadStatusID
		}
		if want := map[string]int{PlateFine: 0, PlateWorn: 1, PlateNoTimes: 0}[v.RegNo]; n != want {
			t.Errorf("%s: %d worn tyres, want %d", v.RegNo, n, want)
		}
	}
	want := map[string]string{PlateFine: "D-1002 Volvo", PlateWorn: "D-1001 Volkswagen", PlateNoTimes: "D-1011 Toyota"}
	if d := cmp.Diff(want, fixed); d != "" {
		t.Errorf("fixed plates (-want +got):\n%s", d)
	}
}
