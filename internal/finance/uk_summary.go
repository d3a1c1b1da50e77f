package finance

import (
	"strconv"
	"strings"

	"forecourt/internal/errs"
)

// QuoteSummary is a quote worked out again from its reference alone. The
// reference does not name the vehicle: pages that act on a quote carry the
// car id beside it. Amounts are pounds, rates percent.
type QuoteSummary struct {
	Reference       string  // upper case, trimmed
	Product         string  // "Personal Contract Purchase"
	FamilyKey       string  // FamilyPCP or FamilyHP
	Term            int     // number of monthly payments
	AnnualMileage   int     // PCP only; 0 for HP
	CashPrice       float64 //
	Deposit         float64 // customer cash deposit
	Credit          float64 // total amount of credit
	MonthlyPayment  float64 //
	FinalPayment    float64 // PCP: GFV + option fee; HP: option fee
	GFV             float64 // guaranteed future value; 0 for HP
	OptionFee       float64 //
	ChargeForCredit float64 //
	TotalPayable    float64 //
	Rate            float64 // fixed nominal rate, percent a year
	APR             float64 // representative APR, percent, one decimal
	ExcessPence     int     // PCP excess mileage charge, pence a mile
}

// DecodeQuoteRef decodes a QuoteReference made by Quote and works its
// figures out again. It returns an Invalid error for a malformed reference
// and a NotFound error for one this engine did not make (bad check digits
// or impossible figures).
func DecodeQuoteRef(ref string) (QuoteSummary, error) {
	f, err := parseReference(ref)
	if err != nil {
		return QuoteSummary{}, err
	}
	w, err := f.work()
	if err != nil {
		return QuoteSummary{}, errs.E(errs.NotFound, "There is no quote with reference %s.", ref)
	}
	p, _ := productByKey(f.family)
	return QuoteSummary{
		Reference: strings.ToUpper(strings.TrimSpace(ref)), Product: p.name, FamilyKey: f.family,
		Term: w.term, AnnualMileage: w.annualMileage, CashPrice: w.cashPrice, Deposit: w.deposit,
		Credit: w.credit, MonthlyPayment: w.payment, FinalPayment: w.finalPayment, GFV: w.gfv,
		OptionFee: w.optionFee, ChargeForCredit: w.charge, TotalPayable: w.totalPayable,
		Rate: float64(w.rateBps) / 100, APR: w.apr, ExcessPence: w.excessPence,
	}, nil
}

// Rows lays the summary out for a table, values formatted for en-GB
// ("£1,234.00", "8.9% APR"): the same labels as the quote panel's
// representative example.
func (q QuoteSummary) Rows() []Detail {
	m := func(v float64) string { return EnGB.Money(v, 2) }
	final := "Final payment"
	if q.FamilyKey == FamilyPCP {
		final = "Optional final payment"
	}
	rows := []Detail{
		{Key: "Product", Label: "Finance product", DisplayValue: q.Product},
		{Key: "CashPrice", Label: "Cash price", DisplayValue: m(q.CashPrice)},
		{Key: "Deposit", Label: "Customer deposit", DisplayValue: m(q.Deposit)},
		{Key: "AmountOfCredit", Label: "Total amount of credit", DisplayValue: m(q.Credit)},
		{Key: "Term", Label: "Duration of agreement", DisplayValue: strconv.Itoa(q.Term) + " months"},
		{Key: "RegularPayment", Label: strconv.Itoa(q.Term) + " monthly payments of", DisplayValue: m(q.MonthlyPayment)},
	}
	if q.FamilyKey == FamilyPCP {
		rows = append(rows, Detail{Key: "GFV", Label: "Guaranteed future value", DisplayValue: m(q.GFV)})
	}
	rows = append(rows,
		Detail{Key: "FinalPayment", Label: final, DisplayValue: m(q.FinalPayment)},
		Detail{Key: "TotalChargeForCredit", Label: "Total charge for credit", DisplayValue: m(q.ChargeForCredit)},
		Detail{Key: "TotalAmountPayable", Label: "Total amount payable", DisplayValue: m(q.TotalPayable)},
		Detail{Key: "RateOfInterest", Label: "Fixed rate of interest (per annum)", DisplayValue: EnGB.Percent(q.Rate, 2)},
		Detail{Key: "APR", Label: "Representative APR", DisplayValue: EnGB.Percent(q.APR, 1) + " APR"},
	)
	if q.FamilyKey == FamilyPCP {
		rows = append(rows, Detail{Key: "AnnualMileage", Label: "Annual mileage", DisplayValue: EnGB.Number(float64(q.AnnualMileage), 0) + " miles"})
	}
	return rows
}
