package booking_test

import (
	"testing"

	"forecourt/internal/booking"
	"forecourt/internal/vehicles"
)

func TestOfferingRules(t *testing.T) {
	volvo := vehicles.Vehicle{Reg: "ABC123", Brand: "Volvo", Model: "XC60", BuildYear: 2019, HasServiceAgreement: true}
	bmw := vehicles.Vehicle{Reg: "BMW330", Brand: "BMW", Model: "3-serie", BuildYear: 2017}
	tesla := vehicles.Vehicle{Reg: "TSL123", Brand: "Tesla", Model: "Model Y", BuildYear: 2022}
	kia := vehicles.Vehicle{Reg: "KIA123", Brand: "Kia", Model: "Ceed SW", BuildYear: 2018}
	price := func(code string, v vehicles.Vehicle, mileage int, w *booking.Workshop) booking.Offer {
		o, ok := booking.PriceOf(code, v, mileage, w)
		if !ok {
			t.Fatalf("no price for %s", code)
		}
		return o
	}
	// Interval service: bigger every second and fourth interval.
	small, mid, big := price("originalservice", volvo, 1500, nil), price("originalservice", volvo, 3000, nil), price("originalservice", volvo, 6000, nil)
	if !(small.Price < mid.Price && mid.Price < big.Price) {
		t.Errorf("interval prices %v %v %v", small.Price, mid.Price, big.Price)
	}
	if int(small.Price)%100 != 95 {
		t.Errorf("price %v does not end in 95", small.Price)
	}
	// Premium brands cost more than volume brands.
	if price("brakepads-front", bmw, 5000, nil).Price <= price("brakepads-front", kia, 5000, nil).Price {
		t.Error("BMW brakes not dearer than Kia's")
	}
	// Service agreement discount only with an agreement.
	if d := price("originalservice", volvo, 4500, nil).PriceDiscount; d <= 0 {
		t.Errorf("agreement discount %v", d)
	}
	if d := price("originalservice", bmw, 4500, nil).PriceDiscount; d != 0 {
		t.Errorf("discount without agreement %v", d)
	}
	// Unknown prices.
	if o := price("windscreen-replace", volvo, 100, nil); o.PriceKnown || o.Price != 0 {
		t.Errorf("windscreen %+v", o)
	}
	// Availability per model and authorisation.
	if booking.Available("oilchange", tesla, true) {
		t.Error("oil change offered for a Tesla")
	}
	if !booking.Available("oilchange", volvo, true) || booking.Available("originalservice", volvo, false) {
		t.Error("availability by authorisation")
	}
	// Workshop prices differ a little around the list price.
	w := testWorkshop(2, false)
	if f := booking.PriceFactor(w); f < 0.92 || f > 1.10 {
		t.Errorf("price factor %v", f)
	}
	// Catalogue shape.
	cats := booking.Offerings(volvo, 4500, nil, true, false)
	seen := map[string]bool{}
	for _, c := range cats {
		if c.Name == "" || c.Icon == "" || len(c.Offerings) == 0 || c.SelectionType != nil {
			t.Errorf("category %+v", c)
		}
		for _, o := range c.Offerings {
			if seen[o.Code] || o.Name == "" || o.Description == "" {
				t.Errorf("offering %+v", o)
			}
			seen[o.Code] = true
		}
	}
	if !seen["originalservice"] || !seen["wheelchange"] || !seen["tyrehotel"] || seen["wash-full"] {
		t.Errorf("services %v", seen)
	}
	addons := booking.Offerings(volvo, 4500, nil, true, true)
	if len(addons) != 2 || addons[0].SelectionType == nil || *addons[0].SelectionType != "single" {
		t.Errorf("add-on categories %+v", addons)
	}
	// Job lengths: per-hour offerings count their hours.
	if m := booking.JobMinutes([]string{"originalservice", "wheelchange"}, nil); m != 180 {
		t.Errorf("minutes %d", m)
	}
	if m := booking.JobMinutes([]string{"diagnostics"}, []int{3}); m != 180 {
		t.Errorf("3 h diagnostics %d", m)
	}
	// Only authorised workshops give the interval service.
	if booking.CanDo(w, bmw, []string{"originalservice"}) || !booking.CanDo(w, volvo, []string{"originalservice", "wheelchange"}) {
		t.Error("CanDo by brand")
	}
}
