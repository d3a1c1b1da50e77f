package finance

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
	"time"

	"forecourt/internal/errs"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

var today = time.Date(2025, 6, 15, 0, 0, 0, 0, time.UTC)

var (
	// usedCar is three years old to the day with 30,000 miles.
	usedCar = Vehicle{Make: "Volvo", Model: "XC40", RegistrationNumber: "AB22CDE", CashPrice: 20000, RegistrationDate: "2022-06-15", CurrentMileage: 30000}
	// newCar is unregistered.
	newCar = Vehicle{Make: "Volvo", Model: "EX30", CashPrice: 30000}
	// oldCar is 77 months old.
	oldCar = Vehicle{Make: "Ford", Model: "Focus", CashPrice: 6000, RegistrationDate: "2019-01-01", CurrentMileage: 60000}
)

func request(v Vehicle, p Parameters) CFDRequest {
	return CFDRequest{VehicleRequests: []VehicleRequest{{Id: "1", Vehicle: v, Parameters: p}}}
}

func TestGuaranteedFutureValue(t *testing.T) {
	tests := []struct {
		name                        string
		price                       float64
		age, odometer, term, annual int
		want                        float64
	}{
		// λ(3 y) = 0.22 + 2·0.15 = 0.52, λ(6 y) = 0.52 + 3·0.12 = 0.88;
		// miles 30,000 → 60,000. GFV = 20,000·exp(−(0.88−0.52) − 0.000004·30,000)·0.92
		// = 20,000·e^−0.48·0.92 = 11,385.61 → 11,385.
		{"three-year-old car over 36 months", 20000, 36, 30000, 36, 10000, 11385},
		// New car, 48 months at 10,000: λ(4) = 0.64, miles 40,000 → 0.16;
		// 30,000·e^−0.80·0.92 = 12,401.48 → 12,401 (41 % of the price).
		{"new car over 48 months", 30000, 0, 0, 48, 10000, 12401},
		// More miles, lower value: 30,000·e^(−0.64 − 0.48)·0.92 = 9,005.30.
		{"new car at 30,000 miles a year", 30000, 0, 0, 48, 30000, 9005},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := GuaranteedFutureValue(tt.price, tt.age, tt.odometer, tt.term, tt.annual); got != tt.want {
				t.Errorf("GFV = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestQuote(t *testing.T) {
	// Reference figures worked out in Python with the closed-form annuity
	// PMT = (C − B·v)·r/(1 − v), v = (1 + r)^−n, r = nominal/12, rounded
	// to pence; total payable = deposit + n·PMT + B + £10 option fee; APR by
	// bisection of the Annex I equation.
	tests := []struct {
		name string
		v    Vehicle
		p    Parameters
		want FinanceQuote
	}{
		{
			// C = 18,000, B = 11,385, r = 0.089/12, n = 36: PMT = 294.486 → 294.49;
			// total 2,000 + 36·294.49 + 11,395 = 23,996.64; APR 9.2935 % → 9.3.
			name: "PCP used car", v: usedCar,
			p: Parameters{Term: 36, CashDeposit: 2000, AnnualMileage: 10000, FinanceProductFamilyKeys: []string{FamilyPCP}, CalculationType: ToRegularPayment},
			want: FinanceQuote{ProductName: "Personal Contract Purchase", FamilyKey: FamilyPCP, Term: 36, TotalDeposit: 2000,
				TotalRegularPayment: 294.49, AnnualMileage: 10000, CashPrice: 20000, AmountOfCredit: 18000, FinalPayment: 11395,
				GuaranteedFutureValue: 11385, TotalAmountPayable: 23996.64, TotalChargeForCredit: 3996.64, RateOfInterest: 8.9,
				APR: 9.3, ExcessMileagePence: 8},
		},
		{
			// C = 18,000, r = 0.094/12, n = 36: PMT = 575.752 → 575.75;
			// total 2,000 + 36·575.75 + 10 = 22,737; APR 9.8468 % → 9.8.
			name: "HP used car", v: usedCar,
			p: Parameters{Term: 36, CashDeposit: 2000, FinanceProductFamilyKeys: []string{FamilyHP}, CalculationType: ToRegularPayment},
			want: FinanceQuote{ProductName: "Hire Purchase", FamilyKey: FamilyHP, Term: 36, TotalDeposit: 2000,
				TotalRegularPayment: 575.75, CashPrice: 20000, AmountOfCredit: 18000, FinalPayment: 10,
				TotalAmountPayable: 22737, TotalChargeForCredit: 2737, RateOfInterest: 9.4, APR: 9.8},
		},
		{
			// C = 27,000, B = 12,401, n = 48: PMT = 454.578 → 454.58;
			// total 3,000 + 48·454.58 + 12,411 = 37,230.84; APR 9.2832 % → 9.3.
			name: "PCP new car", v: newCar,
			p: Parameters{Term: 48, CashDeposit: 3000, AnnualMileage: 10000, FinanceProductFamilyKeys: []string{FamilyPCP}},
			want: FinanceQuote{ProductName: "Personal Contract Purchase", FamilyKey: FamilyPCP, Term: 48, TotalDeposit: 3000,
				TotalRegularPayment: 454.58, AnnualMileage: 10000, CashPrice: 30000, AmountOfCredit: 27000, FinalPayment: 12411,
				GuaranteedFutureValue: 12401, TotalAmountPayable: 37230.84, TotalChargeForCredit: 7230.84, RateOfInterest: 8.9,
				APR: 9.3, ExcessMileagePence: 8},
		},
		{
			// C = 27,000, r = 0.094/12, n = 48: PMT = 677.036 → 677.04;
			// total 3,000 + 48·677.04 + 10 = 35,507.92; APR 9.8307 % → 9.8.
			name: "HP new car", v: newCar,
			p: Parameters{Term: 48, CashDeposit: 3000, FinanceProductFamilyKeys: []string{FamilyHP}},
			want: FinanceQuote{ProductName: "Hire Purchase", FamilyKey: FamilyHP, Term: 48, TotalDeposit: 3000,
				TotalRegularPayment: 677.04, CashPrice: 30000, AmountOfCredit: 27000, FinalPayment: 10,
				TotalAmountPayable: 35507.92, TotalChargeForCredit: 5507.92, RateOfInterest: 9.4, APR: 9.8},
		},
		{
			// Deposit for £400 a month, HP 48 months: C = 400·(1 − v)/r =
			// 15,951.88, deposit = 30,000 − 15,951.88 = 14,048.12; PMT again
			// on C = 15,951.88 is 400.00.
			name: "HP to cash deposit", v: newCar,
			p: Parameters{Term: 48, RegularPayment: 400, FinanceProductFamilyKeys: []string{FamilyHP}, CalculationType: ToCashDeposit},
			want: FinanceQuote{ProductName: "Hire Purchase", FamilyKey: FamilyHP, Term: 48, TotalDeposit: 14048.12,
				TotalRegularPayment: 400, CashPrice: 30000, AmountOfCredit: 15951.88, FinalPayment: 10,
				TotalAmountPayable: 33258.12, TotalChargeForCredit: 3258.12, RateOfInterest: 9.4, APR: 9.8},
		},
	}
	ignore := cmpopts.IgnoreFields(FinanceQuote{}, "QuoteReference", "QuoteActions")
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp := Quote(request(tt.v, tt.p), today)
			if len(resp.Vehicles) != 1 || resp.Vehicles[0].HasError || len(resp.Vehicles[0].FinanceQuotations) != 1 {
				t.Fatalf("response = %+v", resp)
			}
			fq := resp.Vehicles[0].FinanceQuotations[0]
			if fq.HasError {
				t.Fatalf("quotation error: %s", fq.Error.UserMessage)
			}
			got := fq.Finance.Quote
			if d := cmp.Diff(tt.want, got, ignore, cmpopts.EquateApprox(0, 0.005)); d != "" {
				t.Errorf("quote (-want +got):\n%s", d)
			}
			if got.QuoteActions.Apply != "/finance/apply?quoteRef="+got.QuoteReference {
				t.Errorf("Apply = %q", got.QuoteActions.Apply)
			}
			// The APR agrees with the independent bisection to the displayed digit.
			flows := make([]CashFlow, 0, got.Term+1)
			for m := 1; m <= got.Term; m++ {
				flows = append(flows, CashFlow{Years: float64(m) / 12, Amount: got.TotalRegularPayment})
			}
			flows = append(flows, CashFlow{Years: float64(got.Term) / 12, Amount: got.FinalPayment})
			if b := bisectAPR([]CashFlow{{Amount: got.AmountOfCredit}}, flows) * 100; math.Abs(b-got.APR) > 0.05 {
				t.Errorf("APR %v, bisection %.4f", got.APR, b)
			}
		})
	}
}

func TestQuoteBlocks(t *testing.T) {
	resp := Quote(request(newCar, Parameters{Term: 48, CashDeposit: 3000, AnnualMileage: 10000, FinanceProductFamilyKeys: []string{FamilyPCP}}), today)
	blocks := resp.Vehicles[0].FinanceQuotations[0].Blocks
	want := []Detail{
		{Key: "RegularPayment", Label: "48 monthly payments of", DisplayValue: "£454.58"},
		{Key: "Deposit", Label: "Customer deposit", DisplayValue: "£3,000.00"},
		{Key: "FinalPayment", Label: "Optional final payment", DisplayValue: "£12,411.00"},
		{Key: "APR", Label: "Representative APR", DisplayValue: "9.3% APR"},
	}
	if d := cmp.Diff(want, blocks[0].Details); d != "" {
		t.Errorf("summary (-want +got):\n%s", d)
	}
	got := map[string]string{}
	for _, d := range blocks[1].Details {
		got[d.Key] = d.DisplayValue
	}
	for k, v := range map[string]string{
		"CashPrice": "£30,000.00", "AmountOfCredit": "£27,000.00", "TotalAmountPayable": "£37,230.84",
		"TotalChargeForCredit": "£7,230.84", "AnnualMileage": "10,000 miles", "ExcessMileage": "8p per mile",
		"Term": "48 months", "RateOfInterest": "8.9%",
	} {
		if got[k] != v {
			t.Errorf("representative example %s = %q, want %q", k, got[k], v)
		}
	}
}

func TestQuoteErrors(t *testing.T) {
	tests := []struct {
		name        string
		v           Vehicle
		p           Parameters
		errors      map[string]string // family key → part of the user message
		vehicleText string            // part of the vehicle's message
	}{
		{"payment above the no-deposit payment", newCar,
			Parameters{Term: 48, RegularPayment: 5000, FinanceProductFamilyKeys: []string{FamilyHP}, CalculationType: ToCashDeposit},
			// 30,000 borrowed: 677.036·30,000/27,000 = 752.26.
			map[string]string{FamilyHP: "the most over 48 months is £752.26"}, "the most over 48 months"},
		{"payment below the largest-deposit payment", newCar,
			Parameters{Term: 48, RegularPayment: 50, FinanceProductFamilyKeys: []string{FamilyHP}, CalculationType: ToCashDeposit},
			map[string]string{FamilyHP: "is too low"}, "is too low"},
		{"deposit above half the price", newCar,
			Parameters{Term: 48, CashDeposit: 16000, FinanceProductFamilyKeys: []string{FamilyHP}},
			map[string]string{FamilyHP: "at most £15,000.00"}, "at most"},
		// 77 months + 48 = 125: past PCP's 8 and HP's 10 years.
		{"car too old for both", oldCar,
			Parameters{Term: 48, CashDeposit: 1000, AnnualMileage: 10000, FinanceProductFamilyKeys: []string{FamilyPCP, FamilyHP}},
			map[string]string{FamilyPCP: "more than 8 years old", FamilyHP: "more than 10 years old"}, "Sorry, but it looks like"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			vq := Quote(request(tt.v, tt.p), today).Vehicles[0]
			if !vq.HasError || !strings.Contains(vq.Error.UserMessage, tt.vehicleText) {
				t.Errorf("vehicle error = %v %+v, want text %q", vq.HasError, vq.Error, tt.vehicleText)
			}
			for _, q := range vq.FinanceQuotations {
				if !q.HasError || q.Finance != nil || !strings.Contains(q.Error.UserMessage, tt.errors[q.FamilyKey]) {
					t.Errorf("%s: HasError %v, message %+v; want %q", q.FamilyKey, q.HasError, q.Error, tt.errors[q.FamilyKey])
				}
			}
		})
	}
	// One product failing leaves the vehicle without error: 77 + 24 months
	// passes HP's limit but not PCP's.
	vq := Quote(request(oldCar, Parameters{Term: 24, CashDeposit: 1000, AnnualMileage: 10000, FinanceProductFamilyKeys: []string{FamilyPCP, FamilyHP}}), today).Vehicles[0]
	if vq.HasError || !vq.FinanceQuotations[0].HasError || vq.FinanceQuotations[1].HasError {
		t.Errorf("old car over 24 months: %+v", vq)
	}
}

func TestQuoteReferenceAndLegalText(t *testing.T) {
	p := Parameters{Term: 48, CashDeposit: 3000, AnnualMileage: 10000, FinanceProductFamilyKeys: []string{FamilyPCP, FamilyHP}}
	a := Quote(request(newCar, p), today).Vehicles[0].FinanceQuotations
	b := Quote(request(newCar, p), today).Vehicles[0].FinanceQuotations
	pcpRef, hpRef := a[0].Finance.Quote.QuoteReference, a[1].Finance.Quote.QuoteReference
	if pcpRef != b[0].Finance.Quote.QuoteReference {
		t.Errorf("reference not deterministic: %s vs %s", pcpRef, b[0].Finance.Quote.QuoteReference)
	}
	if pcpRef == hpRef {
		t.Errorf("PCP and HP share reference %s", pcpRef)
	}
	p.CashDeposit = 3001
	if other := Quote(request(newCar, p), today).Vehicles[0].FinanceQuotations[0].Finance.Quote.QuoteReference; other == pcpRef {
		t.Errorf("different deposit, same reference %s", other)
	}

	legal, err := LegalText(pcpRef)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{pcpRef, "Personal Contract Purchase", "cash price £30,000.00", "48 monthly payments of £454.58",
		"optional final payment £12,411.00", "total amount payable £37,230.84", "representative APR 9.3%", "10,000 miles a year", "8p per mile"} {
		if !strings.Contains(legal.TermsAndConditions, want) {
			t.Errorf("PCP legal text lacks %q:\n%s", want, legal.TermsAndConditions)
		}
	}
	legal, err = LegalText(strings.ToLower(hpRef))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Hire Purchase", "48 monthly payments of £677.04", "total amount payable £35,507.92", "representative APR 9.8%"} {
		if !strings.Contains(legal.TermsAndConditions, want) {
			t.Errorf("HP legal text lacks %q:\n%s", want, legal.TermsAndConditions)
		}
	}

	// Change one character of the body: the check no longer matches.
	tampered := []byte(pcpRef)
	if tampered[10] == 'A' {
		tampered[10] = 'B'
	} else {
		tampered[10] = 'A'
	}
	for _, tt := range []struct {
		ref  string
		code errs.Code
	}{
		{"", errs.Invalid},
		{"hello", errs.Invalid},
		{"FQ!!!!", errs.Invalid},
		{pcpRef[:len(pcpRef)-4], errs.Invalid},
		{string(tampered), errs.NotFound},
	} {
		if _, err := LegalText(tt.ref); !errs.Is(err, tt.code) {
			t.Errorf("LegalText(%q) err = %v, want %s", tt.ref, err, tt.code)
		}
	}
	// Every other last character is not a reference either (it also holds
	// unused bits of the encoding).
	for _, c := range "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567" {
		last := pcpRef[len(pcpRef)-1]
		if byte(c) == last {
			continue
		}
		ref := pcpRef[:len(pcpRef)-1] + string(c)
		if _, err := LegalText(ref); err == nil {
			t.Errorf("LegalText(%q) with the last character changed decodes", ref)
		}
	}
}

func TestDefaultProducts(t *testing.T) {
	resp, err := DefaultProducts(DefaultRequest{Vehicle: newCar}, today)
	if err != nil {
		t.Fatal(err)
	}
	if len(resp.Products) != 2 {
		t.Fatalf("products = %+v", resp.Products)
	}
	f := func(v float64) *float64 { return &v }
	pcp := resp.Products[0]
	// Deposit: 10 % of 30,000; at most min(15,000, 30,000 − 12,401 − 1,000).
	// Payment default 454.58 is the PCP new car quote above; the maximum is
	// the payment with no deposit, the minimum with the largest deposit.
	hi := Quote(request(newCar, Parameters{Term: 48, AnnualMileage: 10000, FinanceProductFamilyKeys: []string{FamilyPCP}}), today).Vehicles[0].FinanceQuotations[0].Finance.Quote.TotalRegularPayment
	lo := Quote(request(newCar, Parameters{Term: 48, CashDeposit: 15000, AnnualMileage: 10000, FinanceProductFamilyKeys: []string{FamilyPCP}}), today).Vehicles[0].FinanceQuotations[0].Finance.Quote.TotalRegularPayment
	want := Product{
		Name: "Personal Contract Purchase", FamilyKey: FamilyPCP,
		Term:          Parameter{Locale: ParameterLocale{"48 months"}, Default: 48, Values: []float64{24, 36, 48}},
		Deposit:       Parameter{Locale: ParameterLocale{"£3,000.00"}, Default: 3000, Minimum: f(0), Maximum: f(15000)},
		Payment:       Parameter{Locale: ParameterLocale{"£454.58"}, Default: 454.58, Minimum: f(lo), Maximum: f(hi)},
		AnnualMileage: &Parameter{Locale: ParameterLocale{"10,000 miles"}, Default: 10000, Minimum: f(5000), Maximum: f(30000)},
	}
	if d := cmp.Diff(want, pcp); d != "" {
		t.Errorf("PCP (-want +got):\n%s", d)
	}
	if hp := resp.Products[1]; hp.FamilyKey != FamilyHP || hp.AnnualMileage != nil || hp.Payment.Default != 677.04 ||
		!cmp.Equal(hp.Term.Values, []float64{12, 24, 36, 48, 60}) {
		t.Errorf("HP = %+v", hp)
	}

	// The JSON shape of a parameter: Values or Minimum/Maximum, never both.
	b, _ := json.Marshal(pcp.Term)
	if string(b) != `{"Locale":{"DisplayValue":"48 months"},"Default":48,"Values":[24,36,48]}` {
		t.Errorf("Term JSON = %s", b)
	}
	b, _ = json.Marshal(pcp.Deposit)
	if string(b) != `{"Locale":{"DisplayValue":"£3,000.00"},"Default":3000,"Minimum":0,"Maximum":15000}` {
		t.Errorf("Deposit JSON = %s", b)
	}

	// An old car gets HP over the terms it still qualifies for; 77 months
	// leaves 12–36 under HP's 10 years, nothing under PCP's 8 at 24 months+.
	resp, err = DefaultProducts(DefaultRequest{Vehicle: oldCar}, today)
	if err != nil {
		t.Fatal(err)
	}
	if len(resp.Products) != 1 || resp.Products[0].FamilyKey != FamilyHP || resp.Products[0].Term.Default != 36 ||
		!cmp.Equal(resp.Products[0].Term.Values, []float64{12, 24, 36}) {
		t.Errorf("old car products = %+v", resp.Products)
	}
	ancient := Vehicle{CashPrice: 3000, RegistrationDate: "2014-01-01"}
	if _, err := DefaultProducts(DefaultRequest{Vehicle: ancient}, today); !errs.Is(err, errs.NotFound) {
		t.Errorf("ancient car err = %v, want not found", err)
	}
}

func TestParseCFDRequest(t *testing.T) {
	vehicle := `"Vehicle":{"Make":"Volvo","Model":"XC40","CashPrice":20000,"RegistrationDate":"2022-06-15","CurrentMileage":30000,"RegistrationNumber":"AB22CDE"}`
	tests := []struct {
		name   string
		body   string
		fields map[string]string // nil: valid
	}{
		{"valid", `{"Organisation":{"Id":"group-uk"},"VehicleRequests":[{"Id":"1",` + vehicle + `,"Parameters":{"Term":36,"CashDeposit":2000,"AnnualMileage":10000,"FinanceProductFamilyKeys":["pcp","HP"],"CalculationType":"ToRegularPayment"}}]}`, nil},
		{"HP needs no mileage", `{"VehicleRequests":[{"Id":"1",` + vehicle + `,"Parameters":{"Term":60,"CashDeposit":0,"FinanceProductFamilyKeys":["HP"]}}]}`, nil},
		{"HP with a mileage (ignored)", `{"VehicleRequests":[{"Id":"1",` + vehicle + `,"Parameters":{"Term":48,"CashDeposit":0,"AnnualMileage":3000,"FinanceProductFamilyKeys":["HP"]}}]}`, nil},
		{"no family at 60 months is HP", `{"VehicleRequests":[{"Id":"1",` + vehicle + `,"Parameters":{"Term":60,"CashDeposit":0}}]}`, nil},
		{"no family and a term nobody offers", `{"VehicleRequests":[{"Id":"1",` + vehicle + `,"Parameters":{"Term":30,"CashDeposit":0}}]}`,
			map[string]string{"VehicleRequests[0].Parameters.Term": "No finance product is offered over 30 months; choose 12, 24, 36, 48 or 60 months."}},
		{"no vehicles", `{"VehicleRequests":[]}`, map[string]string{"VehicleRequests": "At least one vehicle is required."}},
		{"every parameter wrong", `{"VehicleRequests":[{"Id":"",` + vehicle + `,"Parameters":{"Term":60,"CashDeposit":-5,"RegularPayment":-1,"AnnualMileage":40000,"FinanceProductFamilyKeys":["PCP","LEASE"],"CalculationType":"Sideways"}}]}`,
			map[string]string{
				"VehicleRequests[0].Id":                                  "The vehicle request needs an Id.",
				"VehicleRequests[0].Parameters.Term":                     "PCP is not offered over 60 months; choose 24, 36 or 48 months.",
				"VehicleRequests[0].Parameters.CashDeposit":              "The deposit cannot be negative.",
				"VehicleRequests[0].Parameters.RegularPayment":           "The monthly payment cannot be negative.",
				"VehicleRequests[0].Parameters.AnnualMileage":            "The annual mileage must be between 5,000 and 30,000 miles.",
				"VehicleRequests[0].Parameters.FinanceProductFamilyKeys": `"LEASE" is not a finance product; use PCP or HP.`,
				"VehicleRequests[0].Parameters.CalculationType":          `"Sideways" is not a calculation type; use ToRegularPayment or ToCashDeposit.`,
			}},
		{"deposit above price, mileage too low", `{"VehicleRequests":[{"Id":"1",` + vehicle + `,"Parameters":{"Term":36,"CashDeposit":25000,"AnnualMileage":4000,"FinanceProductFamilyKeys":["PCP"]}}]}`,
			map[string]string{
				"VehicleRequests[0].Parameters.CashDeposit":   "The deposit cannot be more than the cash price of £20,000.00.",
				"VehicleRequests[0].Parameters.AnnualMileage": "The annual mileage must be between 5,000 and 30,000 miles.",
			}},
		{"to cash deposit without payment", `{"VehicleRequests":[{"Id":"1",` + vehicle + `,"Parameters":{"Term":36,"FinanceProductFamilyKeys":["HP"],"CalculationType":"ToCashDeposit"}}]}`,
			map[string]string{"VehicleRequests[0].Parameters.RegularPayment": "Enter the monthly payment to work out the deposit."}},
		{"bad vehicle", `{"VehicleRequests":[{"Id":"1","Vehicle":{"CashPrice":0,"RegistrationDate":"2030-01-01","CurrentMileage":-1},"Parameters":{"Term":36,"FinanceProductFamilyKeys":["HP"]}}]}`,
			map[string]string{
				"VehicleRequests[0].Vehicle.CashPrice":        "The cash price must be between £1,000.00 and £500,000.00.",
				"VehicleRequests[0].Vehicle.RegistrationDate": "The registration date cannot be in the future.",
				"VehicleRequests[0].Vehicle.CurrentMileage":   "The current mileage must be between 0 and 500,000 miles.",
			}},
		{"bad date", `{"VehicleRequests":[{"Id":"1","Vehicle":{"CashPrice":5000,"RegistrationDate":"15/06/2022"},"Parameters":{"Term":36,"FinanceProductFamilyKeys":["HP"]}}]}`,
			map[string]string{"VehicleRequests[0].Vehicle.RegistrationDate": "The registration date must be a date written YYYY-MM-DD."}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req, err := ParseCFDRequest([]byte(tt.body), today)
			if tt.fields == nil {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			var e *errs.Error
			if !asErr(err, &e) || e.Code != errs.Invalid {
				t.Fatalf("err = %v, want invalid; req %+v", err, req)
			}
			if d := cmp.Diff(tt.fields, e.Fields); d != "" {
				t.Errorf("fields (-want +got):\n%s", d)
			}
		})
	}

	req, err := ParseCFDRequest([]byte(tests[0].body), today)
	if err != nil {
		t.Fatal(err)
	}
	if got := req.VehicleRequests[0].Parameters.FinanceProductFamilyKeys; !cmp.Equal(got, []string{"PCP", "HP"}) {
		t.Errorf("family keys = %v, want normalised [PCP HP]", got)
	}
	req, err = ParseCFDRequest([]byte(`{"VehicleRequests":[{"Id":"1",`+vehicle+`,"Parameters":{"Term":60}}]}`), today)
	if err != nil {
		t.Fatal(err)
	}
	if got := req.VehicleRequests[0].Parameters.FinanceProductFamilyKeys; !cmp.Equal(got, []string{"HP"}) {
		t.Errorf("family keys at 60 months = %v, want [HP]", got)
	}
	if vq := Quote(req, today).Vehicles[0]; vq.HasError || len(vq.FinanceQuotations) != 1 || vq.FinanceQuotations[0].HasError {
		t.Errorf("no family at 60 months should quote HP: %+v", vq)
	}
	if _, err := ParseCFDRequest([]byte(`{"VehicleRequests":"x"}`), today); !errs.Is(err, errs.Invalid) {
		t.Errorf("non-JSON body err = %v", err)
	}
	req, err = ParseCFDRequest([]byte(`{"VehicleRequests":[{"Id":"1",`+vehicle+`,"Parameters":{"Term":36,"AnnualMileage":10000}}]}`), today)
	if err != nil || req.VehicleRequests[0].Parameters.CalculationType != ToRegularPayment || len(req.VehicleRequests[0].Parameters.FinanceProductFamilyKeys) != 2 {
		t.Errorf("defaults: %+v, %v", req, err)
	}
}

func TestParseDefaultRequest(t *testing.T) {
	req, err := ParseDefaultRequest([]byte(`{"Vehicle":{"Make":"Volvo","CashPrice":30000},"Organisation":{"Id":"group-uk","Name":"Group UK"}}`), today)
	if err != nil || req.Vehicle.CashPrice != 30000 || req.Organisation.Id != "group-uk" {
		t.Errorf("ParseDefaultRequest = %+v, %v", req, err)
	}
	_, err = ParseDefaultRequest([]byte(`{"Vehicle":{"CashPrice":999999}}`), today)
	var e *errs.Error
	if !asErr(err, &e) || e.Fields["Vehicle.CashPrice"] == "" {
		t.Errorf("err = %v, want a Vehicle.CashPrice field error", err)
	}
}

func benchmarkQuote(b *testing.B, family string) {
	req := request(newCar, Parameters{Term: 48, CashDeposit: 3000, AnnualMileage: 10000, FinanceProductFamilyKeys: []string{family}, CalculationType: ToRegularPayment})
	for b.Loop() {
		if resp := Quote(req, today); resp.Vehicles[0].HasError {
			b.Fatal(resp.Vehicles[0].Error.UserMessage)
		}
	}
}

func BenchmarkQuotePCP(b *testing.B) { benchmarkQuote(b, FamilyPCP) }
func BenchmarkQuoteHP(b *testing.B)  { benchmarkQuote(b, FamilyHP) }
