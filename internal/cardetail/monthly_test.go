package cardetail_test

import (
	"math"
	"testing"

	"forecourt/internal/cardetail"
	"forecourt/internal/catalog"
	"forecourt/internal/demo/stock"
	"forecourt/internal/finance"
	"forecourt/internal/search"
)

// TestCardMonthlyIsTheCalculatorStart: the monthly figure a card, the
// facet and the sort use (car_monthly_cost of the index document) is what
// the detail page's loan calculator or private-leasing block starts at.
func TestCardMonthlyIsTheCalculatorStart(t *testing.T) {
	st, err := stock.DemoStock("group-se", stock.SeedOptions{})
	if err != nil {
		t.Fatal(err)
	}
	l, err := finance.ParseLocale("sv-SE")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for i := 0; i < len(st.Cars) && checked < 400; i++ {
		c := st.Cars[i]
		catalog.FillMonthlyCost(&c)
		doc, err := search.Decoded(&c)
		if err != nil {
			t.Fatal(err)
		}
		figures := []float64{}
		if lv, err := cardetail.LoanViewOf(&c, l); err == nil {
			start := math.Round(lv.Quote.MonthlyCost)
			if doc["car_loan_monthly_cost"] != start {
				t.Fatalf("car %d: car_loan_monthly_cost %v, the calculator starts at %v", c.CarID, doc["car_loan_monthly_cost"], start)
			}
			figures = append(figures, start)
		}
		for _, v := range cardetail.LeasingViews(&c, l) {
			if v.LeasingType == finance.LeasingPrivate {
				figures = append(figures, v.MonthlyCost)
			}
		}
		if len(figures) == 0 {
			if _, ok := doc["car_monthly_cost"]; ok {
				t.Fatalf("car %d has no offer on its page but a monthly figure %v", c.CarID, doc["car_monthly_cost"])
			}
			continue
		}
		want := figures[0]
		for _, f := range figures[1:] {
			want = math.Min(want, f)
		}
		if doc["car_monthly_cost"] != want {
			t.Fatalf("car %d: car_monthly_cost %v (%v), the page's figures are %v", c.CarID, doc["car_monthly_cost"], doc["car_monthly_cost_type"], figures)
		}
		checked++
	}
}
