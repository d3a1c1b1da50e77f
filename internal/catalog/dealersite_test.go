package catalog_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"forecourt/internal/catalog"
)

func TestCollapseBrandCodes(t *testing.T) {
	tests := []struct {
		name string
		in   []string
		want []string
	}{
		{"empty", nil, []string{}},
		{"no suffixes", []string{"VW", "AU"}, []string{"VW", "AU"}},
		{"suffix with base collapses", []string{"VW", "VW_TR", "AU"}, []string{"VW", "AU"}},
		{"suffix before base collapses in place", []string{"VW_TR", "AU", "VW"}, []string{"VW", "AU"}},
		{"suffix without base stays", []string{"VW_TR", "AU"}, []string{"VW_TR", "AU"}},
		{"FI_TR stays with FI", []string{"FI", "FI_TR"}, []string{"FI", "FI_TR"}},
		{"MH_TR stays with MH", []string{"MH_TR", "MH"}, []string{"MH_TR", "MH"}},
		{"duplicates dropped", []string{"SK", "SK", "SK_TR"}, []string{"SK"}},
		{"several suffixes", []string{"MB", "MB_TR", "MB_VAN", "FO_TR"}, []string{"MB", "FO_TR"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if d := cmp.Diff(tt.want, catalog.CollapseBrandCodes(tt.in)); d != "" {
				t.Errorf("CollapseBrandCodes(%q) (-want +got):\n%s", tt.in, d)
			}
		})
	}
}

func TestCollapseBrands(t *testing.T) {
	in := []catalog.Brand{
		{Name: "Volkswagen Transportbilar", BrandCode: "VW_TR"},
		{Name: "Volkswagen", BrandCode: "VW"},
		{Name: "Fiat Professional", BrandCode: "FI_TR"},
		{Name: "Fiat", BrandCode: "FI"},
	}
	want := []catalog.Brand{in[1], in[2], in[3]}
	if d := cmp.Diff(want, catalog.CollapseBrands(in)); d != "" {
		t.Errorf("CollapseBrands (-want +got):\n%s", d)
	}
}

func TestNormalizeRegno(t *testing.T) {
	for in, want := range map[string]string{"AB12 CDE": "AB12CDE", "ab12cde": "AB12CDE", "abc-123": "ABC123", " ": ""} {
		if got := catalog.NormalizeRegno(in); got != want {
			t.Errorf("NormalizeRegno(%q) = %q, want %q", in, got, want)
		}
	}
}
