package finance

import (
	"math"

	"forecourt/internal/errs"
)

// CashFlow is an amount of money that changes hands Years after the credit
// is drawn down. A month is 1/12 of a year (Directive 2008/48/EC Annex I,
// remark (d): equal months are assumed).
type CashFlow struct {
	Years  float64
	Amount float64
}

// MonthlyFlow returns the cash flow of amount paid month months after drawdown.
func MonthlyFlow(month int, amount float64) CashFlow {
	return CashFlow{Years: float64(month) / 12, Amount: amount}
}

// APR solves the basic equation of Directive 2008/48/EC Annex I,
//
//	Σ drawdowns_k (1+X)^-t_k = Σ payments_l (1+X)^-s_l,
//
// for the annual percentage rate X, returned as a fraction (0.0684 for
// 6.84 %). Times are in years from the first drawdown. It returns an Invalid
// error when there is nothing to solve (no drawdown or no payment) and when
// the flows have no rate between -99 % and 10,000 % (payments far below or
// above the credit).
func APR(drawdowns, payments []CashFlow) (float64, error) {
	if len(drawdowns) == 0 || len(payments) == 0 {
		return 0, errs.E(errs.Invalid, "APR needs at least one drawdown and one payment.")
	}
	// f(X) = Σ payments discounted − Σ drawdowns discounted. With drawdowns
	// before payments f falls as X rises, so the root is bracketed by a rate
	// where f > 0 and one where f < 0.
	f := func(x float64) (v, dv float64) {
		ln := math.Log1p(x)
		for _, p := range payments {
			d := p.Amount * math.Exp(-p.Years*ln)
			v += d
			dv -= p.Years * d / (1 + x)
		}
		for _, c := range drawdowns {
			d := c.Amount * math.Exp(-c.Years*ln)
			v -= d
			dv += c.Years * d / (1 + x)
		}
		return v, dv
	}
	lo, hi := -0.99, 100.0
	flo, _ := f(lo)
	fhi, _ := f(hi)
	if flo*fhi > 0 {
		return 0, errs.E(errs.Invalid, "The payments do not match the credit at any sensible rate.")
	}
	// Newton from a 10 % guess, kept inside the bracket; bisection steps
	// take over whenever Newton would leave it.
	x := 0.1
	for i := 0; i < 200; i++ {
		v, dv := f(x)
		if v == 0 {
			return x, nil
		}
		if (v > 0) == (flo > 0) {
			lo, flo = x, v
		} else {
			hi = x
		}
		next := x - v/dv
		if dv == 0 || math.IsNaN(next) || next <= lo || next >= hi {
			next = (lo + hi) / 2
		}
		if math.Abs(next-x) < 1e-13 {
			return next, nil
		}
		x = next
	}
	return x, nil
}
