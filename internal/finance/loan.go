package finance

import (
	"math"
	"strconv"
	"strings"

	"forecourt/internal/errs"
)

// LoanOption is a car's car_loan_option: the lender's terms for a car loan
// with a residual value (balloon). Percentages are in percent (20 for 20 %),
// fees in the site's currency; InvoiceFee is charged every month and StartFee
// once.
type LoanOption struct {
	Title                   string             `json:"title"`
	DefaultMonthlyCost      float64            `json:"default_monthly_cost"`
	DefaultMonthlyCostText  string             `json:"default_monthly_cost_text"`
	DefaultContractDuration ContractDuration   `json:"default_contract_duration"`
	ContractDurations       []ContractDuration `json:"contract_durations"`
	InterestRate            float64            `json:"interest_rate"`
	InterestRateText        string             `json:"interest_rate_text"`
	InvoiceFee              float64            `json:"invoice_fee"`
	InvoiceFeeText          string             `json:"invoice_fee_text"`
	StartFee                float64            `json:"start_fee"`
	StartFeeText            string             `json:"start_fee_text"`
	// Disclaimer has numbered placeholders; see LoanQuote.Disclaimer.
	Disclaimer  string `json:"disclaimer"`
	Description string `json:"description"`
}

// ContractDuration is one loan period a lender offers, with the residual
// value and the allowed down payment as percentages of the car's price. The
// default_contract_duration carries no maximum down payment.
type ContractDuration struct {
	Months                  int     `json:"months"`
	ResidualPercentage      float64 `json:"residual_percentage"`
	CashAmountMaxPercentage float64 `json:"cash_amount_max_percentage,omitempty"`
	CashAmountMinPercentage float64 `json:"cash_amount_min_percentage"`
}

// LoanPeriodStep and DownPaymentStep are the slider steps of the spec (§5, §9).
const (
	LoanPeriodStep  = 12   // months
	DownPaymentStep = 1000 // currency units
)

// Slider is what a range input of the loan calculator needs. Value is the
// starting position. Hidden is true when Min == Max: there is nothing to choose.
type Slider struct {
	Min    int  `json:"min"`
	Max    int  `json:"max"`
	Step   int  `json:"step"`
	Value  int  `json:"value"`
	Hidden bool `json:"hidden"`
}

func newSlider(lo, hi, step, value int) Slider {
	hi = max(hi, lo)
	value = min(max(value, lo), hi)
	return Slider{Min: lo, Max: hi, Step: step, Value: value, Hidden: lo == hi}
}

// PeriodSlider returns the loan period slider: from the shortest to the
// longest contract duration in steps of 12 months, starting at the default
// duration. With no contract durations it offers only the default duration.
func (o LoanOption) PeriodSlider() Slider {
	def := o.DefaultContractDuration.Months
	if len(o.ContractDurations) == 0 {
		return newSlider(def, def, LoanPeriodStep, def)
	}
	lo, hi := o.ContractDurations[0].Months, o.ContractDurations[0].Months
	for _, d := range o.ContractDurations[1:] {
		lo, hi = min(lo, d.Months), max(hi, d.Months)
	}
	if def == 0 {
		def = lo
	}
	return newSlider(lo, hi, LoanPeriodStep, def)
}

// Duration returns the contract duration that applies to a period of months:
// the one with exactly that many months, or else the nearest one (the shorter
// on a tie), since a 12-month slider step can land between offered durations.
// Without contract durations it returns the default one; ok is false only
// when the option has no durations at all.
func (o LoanOption) Duration(months int) (d ContractDuration, ok bool) {
	if len(o.ContractDurations) == 0 {
		return o.DefaultContractDuration, o.DefaultContractDuration.Months > 0
	}
	best := -1
	for i, c := range o.ContractDurations {
		if best < 0 {
			best = i
			continue
		}
		b := o.ContractDurations[best]
		dc, db := abs(c.Months-months), abs(b.Months-months)
		if dc < db || (dc == db && c.Months < b.Months) {
			best = i
		}
	}
	d = o.ContractDurations[best]
	d.Months = months
	return d, true
}

// cashBounds returns the down payment allowed for price under d, unrounded.
func cashBounds(d ContractDuration, price float64) (lo, hi float64) {
	lo = d.CashAmountMinPercentage / 100 * price
	hi = d.CashAmountMaxPercentage / 100 * price
	if hi < lo {
		hi = lo // no maximum given: the minimum is the only choice
	}
	return lo, min(hi, price)
}

// DownPaymentSlider returns the down payment slider for a car of price over
// a period of months: from the minimum cash percentage of the price rounded
// up to 1000 (so the lender's minimum is met) to the maximum cash percentage
// rounded down to 1000 (so the cap is kept), in steps of 1000, starting at
// the minimum.
func (o LoanOption) DownPaymentSlider(price float64, months int) Slider {
	d, _ := o.Duration(months)
	lo, hi := cashBounds(d, price)
	first := int(math.Ceil(lo/DownPaymentStep-1e-9)) * DownPaymentStep
	last := int(math.Floor(hi/DownPaymentStep+1e-9)) * DownPaymentStep
	return newSlider(first, last, DownPaymentStep, first)
}

// LoanInput is what a visitor chose in the loan calculator.
type LoanInput struct {
	Price       float64 // the car's cash price
	DownPayment float64 // cash paid at the start (kontantinsats)
	Months      int     // loan period
}

// LoanQuote is a worked-out car loan. Amounts are in the site's currency,
// payments rounded to two decimals.
//
// The start fee is financed: it is added to the amount the annuity runs on,
// so the advertised monthly cost is the whole monthly outlay and the first
// invoice is no different from the others. The invoice fee is added to
// every monthly payment. The residual value (balloon) is due with the last
// payment.
type LoanQuote struct {
	Price         float64 `json:"price"`
	DownPayment   float64 `json:"down_payment"`
	Months        int     `json:"months"`
	InterestRate  float64 `json:"interest_rate"`  // nominal, percent a year
	Credit        float64 `json:"credit"`         // total amount of credit: price − down payment
	Principal     float64 `json:"principal"`      // credit + start fee: what the annuity repays
	Residual      float64 `json:"residual"`       // balloon due with the last payment
	Instalment    float64 `json:"instalment"`     // annuity part of a monthly payment
	InvoiceFee    float64 `json:"invoice_fee"`    // per monthly payment
	StartFee      float64 `json:"start_fee"`      // financed
	MonthlyCost   float64 `json:"monthly_cost"`   // instalment + invoice fee
	TotalPayable  float64 `json:"total_payable"`  // Σ monthly costs + residual (excludes the down payment)
	TotalCost     float64 `json:"total_cost"`     // total cost of credit: total payable − credit
	EffectiveRate float64 `json:"effective_rate"` // APR under Directive 2008/48/EC, percent
}

// Quote works out the loan for in. It returns an Invalid error when the
// price is not positive, the period is not between the shortest and the
// longest duration offered, or the down payment is outside what the
// duration allows (the unrounded percentages of the price, ±0.5 for rounding).
func (o LoanOption) Quote(in LoanInput) (LoanQuote, error) {
	fe := errs.FieldErrors{}
	if !(in.Price > 0) || math.IsInf(in.Price, 0) {
		fe.Add("price", "The price must be a positive amount.")
	}
	period := o.PeriodSlider()
	if in.Months <= 0 || in.Months < period.Min || in.Months > period.Max {
		fe.Add("months", "The loan period must be between "+strconv.Itoa(period.Min)+" and "+strconv.Itoa(period.Max)+" months.")
	}
	d, ok := o.Duration(in.Months)
	if !ok {
		fe.Add("months", "This car has no loan periods.")
	}
	if err := fe.Err("The loan cannot be calculated."); err != nil {
		return LoanQuote{}, err
	}
	lo, hi := cashBounds(d, in.Price)
	// The slider's start, the minimum rounded up to 1000, is always allowed,
	// even where that passes a cap set at the minimum itself.
	hi = max(hi, math.Ceil(lo/DownPaymentStep-1e-9)*DownPaymentStep)
	if in.DownPayment < lo-0.5 || in.DownPayment > hi+0.5 || in.DownPayment >= in.Price {
		fe.Add("down_payment", "The down payment must be between "+strconv.FormatFloat(math.Ceil(lo), 'f', 0, 64)+" and "+strconv.FormatFloat(math.Floor(hi), 'f', 0, 64)+".")
		return LoanQuote{}, fe.Err("The loan cannot be calculated.")
	}

	q := LoanQuote{
		Price: in.Price, DownPayment: in.DownPayment, Months: in.Months,
		InterestRate: o.InterestRate, InvoiceFee: o.InvoiceFee, StartFee: o.StartFee,
	}
	q.Credit = in.Price - in.DownPayment
	q.Principal = q.Credit + o.StartFee
	// The balloon cannot exceed what is borrowed; at that cap the instalments
	// pay interest only.
	q.Residual = round2(min(d.ResidualPercentage/100*in.Price, q.Principal))
	q.Instalment = round2(annuity(q.Principal, q.Residual, o.InterestRate/100/12, in.Months))
	q.MonthlyCost = round2(q.Instalment + o.InvoiceFee)
	q.TotalPayable = round2(q.MonthlyCost*float64(in.Months) + q.Residual)
	q.TotalCost = round2(q.TotalPayable - q.Credit)

	flows := make([]CashFlow, 0, in.Months+1)
	for m := 1; m <= in.Months; m++ {
		flows = append(flows, MonthlyFlow(m, q.MonthlyCost))
	}
	if q.Residual > 0 {
		flows = append(flows, MonthlyFlow(in.Months, q.Residual))
	}
	apr, err := APR([]CashFlow{{Amount: q.Credit}}, flows)
	if err != nil {
		return LoanQuote{}, err
	}
	q.EffectiveRate = roundTo(apr*100, 2)
	return q, nil
}

// DefaultQuote works out the loan a car card shows: the default contract
// duration with the smallest allowed down payment (the slider's start).
func (o LoanOption) DefaultQuote(price float64) (LoanQuote, error) {
	months := o.PeriodSlider().Value
	return o.Quote(LoanInput{Price: price, Months: months, DownPayment: float64(o.DownPaymentSlider(price, months).Value)})
}

// StartingMonthlyCost is the monthly cost the loan calculator starts at
// (DefaultQuote), in whole currency units as the calculator shows it. It is
// the one figure behind car_loan_monthly_cost, the card's "from" figure and
// the monthly-cost facet and sort; nothing else works a card's loan out.
func (o LoanOption) StartingMonthlyCost(price float64) (float64, error) {
	q, err := o.DefaultQuote(price)
	if err != nil {
		return 0, err
	}
	return roundTo(q.MonthlyCost, 0), nil
}

// annuity returns the payment at the end of each of n periods at rate r per
// period that repays principal except for balloon, which is paid with the
// last payment:
//
//	PMT = (P − B·(1+r)^−n) · r / (1 − (1+r)^−n),   PMT = (P − B)/n when r = 0.
func annuity(principal, balloon, r float64, n int) float64 {
	if r == 0 {
		return (principal - balloon) / float64(n)
	}
	v := math.Pow(1+r, -float64(n))
	return (principal - balloon*v) * r / (1 - v)
}

// Disclaimer placeholders of a loan option's disclaimer text. The lender's
// text refers to the figures of the quote by number: {0} is the nominal
// interest rate, {1} the effective rate, and so on.
const (
	PhInterestRate  = iota // {0} nominal interest rate, "5,95 %"
	PhEffectiveRate        // {1} effective annual rate (APR), "6,84 %"
	PhMonths               // {2} loan period in months, "36"
	PhDownPayment          // {3} down payment, "50 000 kr"
	PhTotalPayable         // {4} total amount payable (excluding the down payment)
	PhResidual             // {5} residual value (balloon)
	PhStartFee             // {6} start fee
	PhInvoiceFee           // {7} invoice fee per month
	PhMonthlyCost          // {8} monthly cost including the invoice fee
	PhCredit               // {9} total amount of credit
	PhPrice                // {10} cash price
	PhTotalCost            // {11} total cost of credit
)

// Disclaimer fills the numbered placeholders of tmpl ({0} … {11}, see the
// Ph… constants) with the quote's figures formatted for l: money in whole
// currency units, rates with up to two decimals. Placeholders with other
// numbers and unbalanced braces are left as written.
func (q LoanQuote) Disclaimer(tmpl string, l Locale) string {
	vals := [...]string{
		PhInterestRate:  l.Percent(q.InterestRate, 2),
		PhEffectiveRate: l.Percent(q.EffectiveRate, 2),
		PhMonths:        strconv.Itoa(q.Months),
		PhDownPayment:   l.Money(q.DownPayment, 0),
		PhTotalPayable:  l.Money(q.TotalPayable, 0),
		PhResidual:      l.Money(q.Residual, 0),
		PhStartFee:      l.Money(q.StartFee, 0),
		PhInvoiceFee:    l.Money(q.InvoiceFee, 0),
		PhMonthlyCost:   l.Money(q.MonthlyCost, 0),
		PhCredit:        l.Money(q.Credit, 0),
		PhPrice:         l.Money(q.Price, 0),
		PhTotalCost:     l.Money(q.TotalCost, 0),
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(tmpl, '{')
		if i < 0 {
			break
		}
		j := strings.IndexByte(tmpl[i:], '}')
		if j < 0 {
			break
		}
		b.WriteString(tmpl[:i])
		n, err := strconv.Atoi(tmpl[i+1 : i+j])
		if err == nil && n >= 0 && n < len(vals) && tmpl[i+1] != '+' {
			b.WriteString(vals[n])
		} else {
			b.WriteString(tmpl[i : i+j+1])
		}
		tmpl = tmpl[i+j+1:]
	}
	b.WriteString(tmpl)
	return b.String()
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
