package finance

import (
	"math"
	"testing"

	"forecourt/internal/errs"
)

// bisectAPR is an independent check of APR: plain bisection on the Annex I
// equation, with no derivative and no shared code.
func bisectAPR(drawdowns, payments []CashFlow) float64 {
	f := func(x float64) float64 {
		var v float64
		for _, p := range payments {
			v += p.Amount / math.Pow(1+x, p.Years)
		}
		for _, d := range drawdowns {
			v -= d.Amount / math.Pow(1+x, d.Years)
		}
		return v
	}
	lo, hi := -0.99, 100.0
	for i := 0; i < 300; i++ {
		mid := (lo + hi) / 2
		if (f(lo) > 0) == (f(mid) > 0) {
			lo = mid
		} else {
			hi = mid
		}
	}
	return (lo + hi) / 2
}

func TestAPR(t *testing.T) {
	credit := func(a float64) []CashFlow { return []CashFlow{{Amount: a}} }
	monthly := func(n int, amt, last float64) []CashFlow {
		var fs []CashFlow
		for m := 1; m <= n; m++ {
			fs = append(fs, MonthlyFlow(m, amt))
		}
		if last != 0 {
			fs = append(fs, MonthlyFlow(n, last))
		}
		return fs
	}
	tests := []struct {
		name      string
		drawdowns []CashFlow
		payments  []CashFlow
		want      float64 // fraction
	}{
		// Worked examples of Directive 98/7/EC Annex II (the method kept by
		// 2008/48/EC Annex I), solvable in closed form:
		// 1) 1000 lent, 1200 repaid after 1.5 years: X = 1.2^(1/1.5) − 1 = 12.92 %.
		{"EU example 1 single repayment", credit(1000), []CashFlow{{Years: 1.5, Amount: 1200}}, 0.129243235},
		// 2) as 1, but 50 kept back as a fee so 950 is drawn: (1200/950)^(2/3) − 1 = 16.85 %.
		{"EU example 2 fee withheld", credit(950), []CashFlow{{Years: 1.5, Amount: 1200}}, 0.168526127},
		// 3) 1000 lent, 600 after 1 and 2 years: v = (−1 + √(1 + 4·1000/600))/2
		//    = 0.884437, X = 1/v − 1 = 13.07 %.
		{"EU example 3 two instalments", credit(1000), []CashFlow{{Years: 1, Amount: 600}, {Years: 2, Amount: 600}}, 0.130662386},
		// Monthly annuity with no fees: APR = (1 + r/12)^12 − 1. 159 900 at
		// 4.95 % over 60 months: PMT = 159900·r/(1−(1+r)^−60) = 3013.85
		// (rounded), so the APR is a hair above (1+0.0495/12)^12−1 = 5.0639 %.
		{"monthly annuity", credit(159900), monthly(60, 3013.85, 0), 0.0506388},
		// Zero interest: payments equal the credit.
		{"interest free", credit(12000), monthly(12, 1000, 0), 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := APR(tt.drawdowns, tt.payments)
			if err != nil {
				t.Fatal(err)
			}
			if math.Abs(got-tt.want) > 5e-7 {
				t.Errorf("APR = %.9f, want %.9f", got, tt.want)
			}
			if b := bisectAPR(tt.drawdowns, tt.payments); math.Abs(got-b) > 1e-9 {
				t.Errorf("APR = %.12f, bisection %.12f", got, b)
			}
		})
	}
}

func TestAPRErrors(t *testing.T) {
	tests := []struct {
		name                string
		drawdowns, payments []CashFlow
	}{
		{"no payments", []CashFlow{{Amount: 1000}}, nil},
		{"no drawdown", nil, []CashFlow{{Years: 1, Amount: 1000}}},
		{"payments worthless", []CashFlow{{Amount: 1000}}, []CashFlow{{Years: 1, Amount: 1}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := APR(tt.drawdowns, tt.payments); !errs.Is(err, errs.Invalid) {
				t.Errorf("err = %v, want invalid", err)
			}
		})
	}
}
