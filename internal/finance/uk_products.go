package finance

import (
	"math"
	"slices"
	"time"
)

// UK finance product family keys.
const (
	FamilyPCP = "PCP" // Personal Contract Purchase: the family with annual mileage
	FamilyHP  = "HP"  // Hire Purchase
)

// Limits of the UK quote engine.
const (
	MinAnnualMileage = 5000
	MaxAnnualMileage = 30000
	DefaultMileage   = 10000
	MinCashPrice     = 1000
	MaxCashPrice     = 500000
	minCredit        = 1000 // smallest amount repaid by instalments
	maxDepositShare  = 0.5  // a deposit may be at most half the cash price
)

// ukProduct is a lender's terms for one product family.
type ukProduct struct {
	key, name     string
	terms         []int   // numbers of monthly payments offered
	defaultTerm   int     //
	rateBps       int     // fixed nominal annual rate, basis points, compounded monthly
	optionFee     float64 // option-to-purchase fee, pounds, paid with the final payment
	excessPence   int     // PCP excess mileage charge, pence a mile
	maxAgeEnd     int     // the car may be at most this many months old at the end
	maxMilesAtEnd int     // PCP: odometer limit at the end (0: none)
}

var ukProducts = []ukProduct{
	{key: FamilyPCP, name: "Personal Contract Purchase", terms: []int{24, 36, 48}, defaultTerm: 48,
		rateBps: 890, optionFee: 10, excessPence: 8, maxAgeEnd: 96, maxMilesAtEnd: 100000},
	{key: FamilyHP, name: "Hire Purchase", terms: []int{12, 24, 36, 48, 60}, defaultTerm: 48,
		rateBps: 940, optionFee: 10, maxAgeEnd: 120},
}

func productByKey(key string) (ukProduct, bool) {
	for _, p := range ukProducts {
		if p.key == key {
			return p, true
		}
	}
	return ukProduct{}, false
}

func (p ukProduct) offers(term int) bool { return slices.Contains(p.terms, term) }

// Depreciation model behind the PCP guaranteed future value (GFV); see
// docs/finance.md. A car keeps exp(−λ(age) − μ·miles) of its new value,
// where λ piles up 22 % a year in the first year, 15 % a year in years two
// and three and 12 % a year after, and μ takes 0.4 % per 1,000 miles. The
// GFV is the cash price scaled by the retention at the end of the agreement
// over the retention today, less the lender's 8 % margin, rounded down to
// whole pounds.
const (
	gfvMilePenalty = 0.000004 // μ per mile
	gfvMargin      = 0.92
)

func ageDecay(years float64) float64 {
	d := 0.22 * min(years, 1)
	d += 0.15 * min(max(years-1, 0), 2)
	d += 0.12 * max(years-3, 0)
	return d
}

func retention(ageMonths int, miles float64) float64 {
	return math.Exp(-ageDecay(float64(ageMonths)/12) - gfvMilePenalty*miles)
}

// GuaranteedFutureValue returns the PCP GFV in whole pounds of a car priced
// cashPrice that is ageMonths old with odometer miles on it, for term months
// at annualMileage a year.
func GuaranteedFutureValue(cashPrice float64, ageMonths, odometer, term, annualMileage int) float64 {
	endMiles := float64(odometer) + float64(annualMileage)*float64(term)/12
	r := retention(ageMonths+term, endMiles) / retention(ageMonths, float64(odometer))
	return math.Floor(cashPrice * r * gfvMargin)
}

// ageInMonths returns the whole months from registered to today; 0 for an
// unregistered car.
func ageInMonths(registered, today time.Time) int {
	if registered.IsZero() {
		return 0
	}
	m := (today.Year()-registered.Year())*12 + int(today.Month()-registered.Month())
	if today.Day() < registered.Day() {
		m--
	}
	return max(m, 0)
}
