package finance

import (
	"encoding/json"
	"math"
	"testing"

	"forecourt/internal/errs"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// loanOptionJSON is a car_loan_option as the search index holds it.
const loanOptionJSON = `{
  "title": "Billån",
  "default_monthly_cost": 4310,
  "default_monthly_cost_text": "4 310 kr/mån",
  "default_contract_duration": {"months": 36, "cash_amount_min_percentage": 20, "residual_percentage": 40},
  "contract_durations": [
    {"months": 24, "residual_percentage": 50, "cash_amount_max_percentage": 50, "cash_amount_min_percentage": 20},
    {"months": 36, "residual_percentage": 40, "cash_amount_max_percentage": 50, "cash_amount_min_percentage": 20},
    {"months": 60, "residual_percentage": 20, "cash_amount_max_percentage": 50, "cash_amount_min_percentage": 20}
  ],
  "interest_rate": 5.95,
  "interest_rate_text": "5,95 %",
  "invoice_fee": 49,
  "invoice_fee_text": "49 kr",
  "start_fee": 595,
  "start_fee_text": "595 kr",
  "disclaimer": "Ränta {0}, effektiv ränta {1}, {2} mån, kontantinsats {3}, totalt att betala {4}, restvärde {5}, uppläggningsavgift {6}, aviavgift {7}/mån.",
  "description": "Finansiering via märkets bank."
}`

func MustLoanOption(tb testing.TB) LoanOption {
	tb.Helper()
	var o LoanOption
	if err := json.Unmarshal([]byte(loanOptionJSON), &o); err != nil {
		tb.Fatal(err)
	}
	return o
}

func TestLoanOptionJSONRoundTrip(t *testing.T) {
	o := MustLoanOption(t)
	b, err := json.Marshal(o)
	if err != nil {
		t.Fatal(err)
	}
	var back, orig map[string]any
	_ = json.Unmarshal(b, &back)
	_ = json.Unmarshal([]byte(loanOptionJSON), &orig)
	if d := cmp.Diff(orig, back); d != "" {
		t.Errorf("JSON round trip (-index +marshalled):\n%s", d)
	}
}

func TestSliders(t *testing.T) {
	o := MustLoanOption(t)
	single := LoanOption{
		DefaultContractDuration: ContractDuration{Months: 36, CashAmountMinPercentage: 20},
		ContractDurations:       []ContractDuration{{Months: 36, CashAmountMinPercentage: 20, CashAmountMaxPercentage: 20}},
	}
	tests := []struct {
		name string
		got  Slider
		want Slider
	}{
		{"period 24–60 step 12, starts at default", o.PeriodSlider(), Slider{Min: 24, Max: 60, Step: 12, Value: 36}},
		{"period with one duration is hidden", single.PeriodSlider(), Slider{Min: 36, Max: 36, Step: 12, Value: 36, Hidden: true}},
		{"period without durations uses default", LoanOption{DefaultContractDuration: ContractDuration{Months: 48}}.PeriodSlider(), Slider{Min: 48, Max: 48, Step: 12, Value: 48, Hidden: true}},
		// 20 % of 300 000 = 60 000; 50 % = 150 000.
		{"down payment round price", o.DownPaymentSlider(300000, 36), Slider{Min: 60000, Max: 150000, Step: 1000, Value: 60000}},
		// 20 % of 249 900 = 49 980 → up to 50 000; 50 % = 124 950 → down to 124 000.
		{"down payment rounds inwards", o.DownPaymentSlider(249900, 36), Slider{Min: 50000, Max: 124000, Step: 1000, Value: 50000}},
		// min == max cash percentage: nothing to choose.
		{"down payment fixed is hidden", single.DownPaymentSlider(300000, 36), Slider{Min: 60000, Max: 60000, Step: 1000, Value: 60000, Hidden: true}},
		// Cap rounds below the rounded-up minimum: pinned at the minimum.
		{"down payment cap below minimum", single.DownPaymentSlider(249900, 36), Slider{Min: 50000, Max: 50000, Step: 1000, Value: 50000, Hidden: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if d := cmp.Diff(tt.want, tt.got); d != "" {
				t.Errorf("slider (-want +got):\n%s", d)
			}
		})
	}
}

func TestDuration(t *testing.T) {
	o := MustLoanOption(t)
	for _, tt := range []struct{ months, residual int }{
		{24, 50}, {36, 40}, {48, 40}, {60, 20}, {72, 20}, {12, 50},
	} {
		d, ok := o.Duration(tt.months)
		if !ok || d.Months != tt.months || d.ResidualPercentage != float64(tt.residual) {
			t.Errorf("Duration(%d) = %+v, %v; want residual %d", tt.months, d, ok, tt.residual)
		}
	}
}

func TestLoanQuote(t *testing.T) {
	o := MustLoanOption(t)
	tests := []struct {
		name   string
		option LoanOption
		in     LoanInput
		want   LoanQuote
	}{
		{
			// Price 300 000, down 60 000, 36 months, 5.95 %, balloon 40 % = 120 000.
			// Principal P = 240 000 + start fee 595 = 240 595; r = 0.0595/12;
			// v = (1+r)^−36 = 0.83717…
			// PMT = (P − 120 000·v)·r/(1 − v) = 4261.00 (4261.0021 unrounded);
			// monthly = 4261.00 + 49 = 4310.00;
			// total payable = 36·4310 + 120 000 = 275 160; cost = 275 160 − 240 000 = 35 160.
			// APR: 240 000 = Σ 4310·(1+X)^−k/12 + 120 000·(1+X)^−3 → 6.57 %
			// (bisection in Python: 6.5745 %).
			name: "balloon with fees", option: o,
			in: LoanInput{Price: 300000, DownPayment: 60000, Months: 36},
			want: LoanQuote{
				Price: 300000, DownPayment: 60000, Months: 36, InterestRate: 5.95,
				Credit: 240000, Principal: 240595, Residual: 120000, Instalment: 4261,
				InvoiceFee: 49, StartFee: 595, MonthlyCost: 4310, TotalPayable: 275160,
				TotalCost: 35160, EffectiveRate: 6.57,
			},
		},
		{
			// No fees, no balloon: 159 900 at 4.95 % over 60 months,
			// PMT = 159 900·r/(1 − (1+r)^−60) = 3013.85 (3013.8488);
			// total 60·3013.85 = 180 831; APR = (1+r)^12 − 1 = 5.06 %.
			name: "plain annuity",
			option: LoanOption{
				InterestRate:            4.95,
				DefaultContractDuration: ContractDuration{Months: 60},
				ContractDurations:       []ContractDuration{{Months: 60, CashAmountMinPercentage: 20, CashAmountMaxPercentage: 50}},
			},
			in: LoanInput{Price: 199900, DownPayment: 40000, Months: 60},
			want: LoanQuote{
				Price: 199900, DownPayment: 40000, Months: 60, InterestRate: 4.95,
				Credit: 159900, Principal: 159900, Instalment: 3013.85, MonthlyCost: 3013.85,
				TotalPayable: 180831, TotalCost: 20931, EffectiveRate: 5.06,
			},
		},
		{
			// 0 %: 96 000 over 48 months with a 24 000 balloon → 72 000/48 = 1500.
			name: "interest free with balloon",
			option: LoanOption{
				DefaultContractDuration: ContractDuration{Months: 48},
				ContractDurations:       []ContractDuration{{Months: 48, ResidualPercentage: 20, CashAmountMinPercentage: 20, CashAmountMaxPercentage: 20}},
			},
			in: LoanInput{Price: 120000, DownPayment: 24000, Months: 48},
			want: LoanQuote{
				Price: 120000, DownPayment: 24000, Months: 48, Credit: 96000, Principal: 96000,
				Residual: 24000, Instalment: 1500, MonthlyCost: 1500, TotalPayable: 96000,
			},
		},
		{
			// Down 50 % and a 60 % balloon (180 000): capped at the principal
			// 150 595, so instalments are interest only: 150 595·0.0595/12 =
			// 746.70; monthly 795.70; total 24·795.70 + 150 595 = 169 691.80;
			// APR by bisection in Python 6.7521 %.
			name: "balloon capped at principal", option: LoanOption{
				InterestRate: 5.95, InvoiceFee: 49, StartFee: 595,
				DefaultContractDuration: ContractDuration{Months: 24},
				ContractDurations:       []ContractDuration{{Months: 24, ResidualPercentage: 60, CashAmountMinPercentage: 20, CashAmountMaxPercentage: 50}},
			},
			in: LoanInput{Price: 300000, DownPayment: 150000, Months: 24},
			want: LoanQuote{
				Price: 300000, DownPayment: 150000, Months: 24, InterestRate: 5.95,
				Credit: 150000, Principal: 150595, Residual: 150595, Instalment: 746.70,
				InvoiceFee: 49, StartFee: 595, MonthlyCost: 795.70,
				TotalPayable: 169691.8, TotalCost: 19691.8, EffectiveRate: 6.75,
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.option.Quote(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(tt.want, got, cmpopts.EquateApprox(0, 0.005)); d != "" {
				t.Errorf("Quote (-want +got):\n%s", d)
			}
		})
	}
}

// TestLoanQuoteAPRBisection checks the effective rate of many quotes against
// the independent bisection.
func TestLoanQuoteAPRBisection(t *testing.T) {
	o := MustLoanOption(t)
	for _, months := range []int{24, 36, 48, 60} {
		for _, down := range []float64{60000, 100000, 150000} {
			q, err := o.Quote(LoanInput{Price: 300000, DownPayment: down, Months: months})
			if err != nil {
				t.Fatal(err)
			}
			var pays []CashFlow
			for m := 1; m <= months; m++ {
				pays = append(pays, CashFlow{Years: float64(m) / 12, Amount: q.MonthlyCost})
			}
			pays = append(pays, CashFlow{Years: float64(months) / 12, Amount: q.Residual})
			want := bisectAPR([]CashFlow{{Amount: q.Credit}}, pays) * 100
			if math.Abs(q.EffectiveRate-want) > 0.005 {
				t.Errorf("%d months, down %v: effective rate %v, bisection %.4f", months, down, q.EffectiveRate, want)
			}
			if q.EffectiveRate <= q.InterestRate {
				t.Errorf("%d months, down %v: effective rate %v not above nominal %v despite fees", months, down, q.EffectiveRate, q.InterestRate)
			}
		}
	}
}

func TestLoanQuoteInvalid(t *testing.T) {
	o := MustLoanOption(t)
	tests := []struct {
		name  string
		in    LoanInput
		field string
	}{
		{"zero price", LoanInput{Price: 0, DownPayment: 0, Months: 36}, "price"},
		{"period too long", LoanInput{Price: 300000, DownPayment: 60000, Months: 72}, "months"},
		{"period too short", LoanInput{Price: 300000, DownPayment: 60000, Months: 12}, "months"},
		{"down payment below minimum", LoanInput{Price: 300000, DownPayment: 50000, Months: 36}, "down_payment"},
		{"down payment above cap", LoanInput{Price: 300000, DownPayment: 151000, Months: 36}, "down_payment"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := o.Quote(tt.in)
			var e *errs.Error
			if !errs.Is(err, errs.Invalid) || !asErr(err, &e) || e.Fields[tt.field] == "" {
				t.Errorf("err = %v, want invalid on %s", err, tt.field)
			}
		})
	}
}

func TestDefaultQuote(t *testing.T) {
	o := MustLoanOption(t)
	q, err := o.DefaultQuote(300000)
	if err != nil {
		t.Fatal(err)
	}
	// The index's default_monthly_cost for this option was made for 300 000.
	if q.Months != 36 || q.DownPayment != 60000 || q.MonthlyCost != o.DefaultMonthlyCost {
		t.Errorf("DefaultQuote = %d months, down %v, monthly %v; want 36, 60000, %v", q.Months, q.DownPayment, q.MonthlyCost, o.DefaultMonthlyCost)
	}
	// A fixed minimum that rounds up past the cap still quotes.
	single := LoanOption{
		DefaultContractDuration: ContractDuration{Months: 36, CashAmountMinPercentage: 20},
		ContractDurations:       []ContractDuration{{Months: 36, CashAmountMinPercentage: 20, CashAmountMaxPercentage: 20}},
	}
	if q, err := single.DefaultQuote(249900); err != nil || q.DownPayment != 50000 {
		t.Errorf("DefaultQuote(249900) = down %v, %v; want 50000", q.DownPayment, err)
	}
}

func TestDisclaimer(t *testing.T) {
	o := MustLoanOption(t)
	q, err := o.Quote(LoanInput{Price: 300000, DownPayment: 60000, Months: 36})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		tmpl   string
		locale Locale
		want   string
	}{
		{"sv-SE", o.Disclaimer, SvSE,
			"Ränta 5,95\u00a0%, effektiv ränta 6,57\u00a0%, 36 mån, kontantinsats 60\u00a0000\u00a0kr, totalt att betala 275\u00a0160\u00a0kr, restvärde 120\u00a0000\u00a0kr, uppläggningsavgift 595\u00a0kr, aviavgift 49\u00a0kr/mån."},
		{"en-GB all placeholders", "{8} {9} {10} {11}", EnGB, "£4,310 £240,000 £300,000 £35,160"},
		{"fi-FI", "{3} / {1}", FiFI, "60\u00a0000\u00a0€ / 6,57\u00a0%"},
		{"nb-NO", "{4}", NbNO, "275\u00a0160\u00a0kr"},
		{"unknown and broken placeholders kept", "{12} {x} {-1} {+1} {0", SvSE, "{12} {x} {-1} {+1} {0"},
		{"repeated", "{2}/{2}", SvSE, "36/36"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := q.Disclaimer(tt.tmpl, tt.locale); got != tt.want {
				t.Errorf("Disclaimer =\n%q\nwant\n%q", got, tt.want)
			}
		})
	}
}

func TestLeasingDiscount(t *testing.T) {
	tests := []struct {
		name             string
		retail, campaign float64
		ratio            float64
		ok               bool
	}{
		{"campaign 20 % off", 500000, 400000, 1.25, true},
		{"no campaign price", 500000, 0, 1, false},
		{"campaign not cheaper", 400000, 400000, 1, false},
		{"no retail price", 0, 400000, 1, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, ok := LeasingDiscount(tt.retail, tt.campaign)
			if r != tt.ratio || ok != tt.ok {
				t.Errorf("LeasingDiscount = %v, %v; want %v, %v", r, ok, tt.ratio, tt.ok)
			}
		})
	}
	lo := LeasingOption{LeasingType: LeasingPrivate, MonthlyCost: 3995}
	if got := lo.UndiscountedMonthlyCost(1.25); got != 4994 { // 4993.75
		t.Errorf("UndiscountedMonthlyCost = %v, want 4994", got)
	}
}

func asErr(err error, target **errs.Error) bool {
	e, ok := err.(*errs.Error)
	if ok {
		*target = e
	}
	return ok
}

func BenchmarkLoanMonthly(b *testing.B) {
	o := MustLoanOption(b)
	in := LoanInput{Price: 300000, DownPayment: 60000, Months: 36}
	for b.Loop() {
		if _, err := o.Quote(in); err != nil {
			b.Fatal(err)
		}
	}
}
