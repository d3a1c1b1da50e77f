package finance

import (
	"fmt"
	"math"
	"strconv"
	"time"

	"forecourt/internal/errs"
)

// NoQuoteMessage is the spec's message when no quote can be given (§8).
const NoQuoteMessage = "Sorry, but it looks like we can't get a quote for you right now. Please contact our team for more information about finance offers on this vehicle."

// quoteFigures are the terms a quote reference encodes: everything needed to
// work the quote out again.
type quoteFigures struct {
	family        string
	term          int
	annualMileage int     // 0 for HP
	cashPrice     float64 // pounds, whole pence
	deposit       float64 // pounds, whole pence
	gfv           float64 // pounds, whole pounds; 0 for HP
	rateBps       int
	optionFee     float64
	excessPence   int
}

// workedQuote is a quote worked out from its figures.
type workedQuote struct {
	quoteFigures
	credit, payment, finalPayment, totalPayable, charge, apr float64
}

// work computes payments and totals: T monthly payments of the annuity on
// the credit that leaves the GFV (PCP) or nothing (HP) outstanding, then the
// final payment (GFV + option fee) with the last monthly payment. The APR is
// solved from those cash flows with the Annex I equation, as the FCA's
// CONC App 1.2 prescribes the same formula.
func (f quoteFigures) work() (workedQuote, error) {
	w := workedQuote{quoteFigures: f}
	w.credit = round2(f.cashPrice - f.deposit)
	r := float64(f.rateBps) / 10000 / 12
	w.payment = round2(annuity(w.credit, f.gfv, r, f.term))
	w.finalPayment = round2(f.gfv + f.optionFee)
	w.totalPayable = round2(f.deposit + w.payment*float64(f.term) + w.finalPayment)
	w.charge = round2(w.totalPayable - f.cashPrice)
	flows := make([]CashFlow, 0, f.term+1)
	for m := 1; m <= f.term; m++ {
		flows = append(flows, MonthlyFlow(m, w.payment))
	}
	flows = append(flows, MonthlyFlow(f.term, w.finalPayment))
	apr, err := APR([]CashFlow{{Amount: w.credit}}, flows)
	if err != nil {
		return w, err
	}
	w.apr = roundTo(apr*100, 1)
	return w, nil
}

// vehicleFacts are what a quote needs to know of the car.
type vehicleFacts struct {
	price     float64
	ageMonths int
	odometer  int
}

func factsOf(v Vehicle, today time.Time) vehicleFacts {
	reg, _ := time.Parse(time.DateOnly, v.RegistrationDate) // validated by the parsers
	return vehicleFacts{price: v.CashPrice, ageMonths: ageInMonths(reg, today), odometer: v.CurrentMileage}
}

// eligible returns a user message when p cannot finance the car over term
// months at annualMileage, or "".
func (p ukProduct) eligible(v vehicleFacts, term, annualMileage int) string {
	if v.ageMonths+term > p.maxAgeEnd {
		return fmt.Sprintf("%s is not available for this vehicle over %d months: it would be more than %d years old at the end of the agreement.", p.name, term, p.maxAgeEnd/12)
	}
	if p.maxMilesAtEnd > 0 && v.odometer+annualMileage*term/12 > p.maxMilesAtEnd {
		return fmt.Sprintf("%s is not available for this vehicle over %d months at %s miles a year: it would have covered more than %s miles at the end of the agreement.",
			p.name, term, EnGB.Number(float64(annualMileage), 0), EnGB.Number(float64(p.maxMilesAtEnd), 0))
	}
	return ""
}

// gfv returns the GFV of p for the car; 0 for products without a balloon.
func (p ukProduct) gfv(v vehicleFacts, term, annualMileage int) float64 {
	if p.key != FamilyPCP {
		return 0
	}
	return GuaranteedFutureValue(v.price, v.ageMonths, v.odometer, term, annualMileage)
}

// maxDeposit is the largest deposit p allows: half the price, and enough
// left to borrow that at least £1,000 is repaid by instalments beyond the GFV.
func maxDeposit(price, gfv float64) float64 {
	return math.Floor(min(price*maxDepositShare, price-gfv-minCredit))
}

func (p ukProduct) figures(v vehicleFacts, term, annualMileage int, deposit float64) quoteFigures {
	f := quoteFigures{
		family: p.key, term: term, cashPrice: round2(v.price), deposit: round2(deposit),
		rateBps: p.rateBps, optionFee: p.optionFee,
	}
	if p.key == FamilyPCP {
		f.annualMileage = annualMileage
		f.excessPence = p.excessPence
		f.gfv = p.gfv(v, term, annualMileage)
	}
	return f
}

// depositFor solves the deposit that makes the monthly payment equal
// payment: credit = PMT·(1 − v^T)/r + GFV·v^T, deposit = price − credit.
func depositFor(price, gfv, payment float64, rateBps, term int) float64 {
	r := float64(rateBps) / 10000 / 12
	var credit float64
	if r == 0 {
		credit = payment*float64(term) + gfv
	} else {
		v := math.Pow(1+r, -float64(term))
		credit = payment*(1-v)/r + gfv*v
	}
	return price - credit
}

// Quote answers a CFD request parsed by ParseCFDRequest, for quotes made on
// today (the vehicle's age is counted to it). Problems with one product's
// quote, such as a deposit or payment out of its range, come back as a
// quotation with HasError and a UserMessage; a vehicle with no quotation
// has HasError too.
func Quote(req CFDRequest, today time.Time) CFDResponse {
	resp := CFDResponse{Vehicles: make([]VehicleQuotes, 0, len(req.VehicleRequests))}
	for _, vr := range req.VehicleRequests {
		resp.Vehicles = append(resp.Vehicles, quoteVehicle(vr, today))
	}
	return resp
}

func quoteVehicle(vr VehicleRequest, today time.Time) VehicleQuotes {
	vq := VehicleQuotes{Id: vr.Id, FinanceQuotations: []FinanceQuotation{}}
	facts := factsOf(vr.Vehicle, today)
	keys := vr.Parameters.FinanceProductFamilyKeys
	if len(keys) == 0 {
		keys = []string{FamilyPCP, FamilyHP}
	}
	failed := 0
	for _, k := range keys {
		p, ok := productByKey(k)
		if !ok {
			continue // ParseCFDRequest rejects unknown keys
		}
		q := quoteProduct(p, facts, vr.Parameters)
		if q.HasError {
			failed++
		}
		vq.FinanceQuotations = append(vq.FinanceQuotations, q)
	}
	if failed == len(vq.FinanceQuotations) {
		vq.HasError = true
		msg := NoQuoteMessage
		if len(vq.FinanceQuotations) == 1 {
			msg = vq.FinanceQuotations[0].Error.UserMessage
		}
		vq.Error = &UserError{UserMessage: msg}
	}
	return vq
}

func quoteError(p ukProduct, format string, args ...any) FinanceQuotation {
	return FinanceQuotation{FamilyKey: p.key, HasError: true, Error: &UserError{UserMessage: fmt.Sprintf(format, args...)}}
}

func quoteProduct(p ukProduct, v vehicleFacts, par Parameters) FinanceQuotation {
	term, miles := par.Term, par.AnnualMileage
	if p.key != FamilyPCP {
		miles = 0
	}
	if !p.offers(term) {
		return quoteError(p, "%s is not offered over %d months.", p.name, term)
	}
	if msg := p.eligible(v, term, miles); msg != "" {
		return quoteError(p, "%s", msg)
	}
	gfv := p.gfv(v, term, miles)
	maxDep := maxDeposit(v.price, gfv)
	if maxDep < 0 {
		return quoteError(p, "%s is not available for a cash price of %s.", p.name, EnGB.Money(v.price, 2))
	}
	var notes []Notification
	deposit := par.CashDeposit
	if par.CalculationType == ToCashDeposit {
		// The payment at the two ends of the deposit range bounds what can
		// be asked for.
		hiPay := p.figures(v, term, miles, 0)
		loPay := p.figures(v, term, miles, maxDep)
		hw, _ := hiPay.work()
		lw, _ := loPay.work()
		switch {
		case par.RegularPayment > hw.payment+0.005:
			return quoteError(p, "A monthly payment of %s is more than this vehicle needs: the most over %d months is %s, with no deposit.",
				EnGB.Money(par.RegularPayment, 2), term, EnGB.Money(hw.payment, 2))
		case par.RegularPayment < lw.payment-0.005:
			return quoteError(p, "A monthly payment of %s is too low: the least over %d months is %s, with the largest deposit of %s.",
				EnGB.Money(par.RegularPayment, 2), term, EnGB.Money(lw.payment, 2), EnGB.Money(maxDep, 2))
		}
		deposit = min(max(round2(depositFor(v.price, gfv, par.RegularPayment, p.rateBps, term)), 0), maxDep)
	} else if deposit > maxDep {
		return quoteError(p, "The deposit for %s can be at most %s for this vehicle.", p.name, EnGB.Money(maxDep, 2))
	}
	w, err := p.figures(v, term, miles, deposit).work()
	if err != nil {
		return quoteError(p, "%s", NoQuoteMessage)
	}
	if par.CalculationType == ToCashDeposit && math.Abs(w.payment-par.RegularPayment) >= 0.005 {
		notes = append(notes, Notification{Type: "Info", Message: fmt.Sprintf(
			"The deposit is rounded to the penny, so the monthly payment is %s.", EnGB.Money(w.payment, 2))})
	}
	if p.key == FamilyPCP {
		notes = append(notes, Notification{Type: "Info", Message: fmt.Sprintf(
			"If you return the vehicle having driven more than %s miles during the agreement (%s miles a year), an excess mileage charge of %dp per mile applies to the miles above that.",
			EnGB.Number(float64(w.annualMileage*w.term/12), 0), EnGB.Number(float64(w.annualMileage), 0), w.excessPence)})
	}
	if notes == nil {
		notes = []Notification{}
	}
	ref := w.quoteFigures.reference()
	return FinanceQuotation{
		FamilyKey: p.key,
		Blocks:    w.blocks(p),
		Finance: &Finance{Notifications: notes, Quote: FinanceQuote{
			ProductName: p.name, FamilyKey: p.key, Term: w.term,
			TotalDeposit: w.deposit, TotalRegularPayment: w.payment, AnnualMileage: w.annualMileage,
			QuoteReference: ref, QuoteActions: QuoteActions{Apply: "/finance/apply?quoteRef=" + ref},
			CashPrice: w.cashPrice, AmountOfCredit: w.credit, FinalPayment: w.finalPayment,
			GuaranteedFutureValue: w.gfv, TotalAmountPayable: w.totalPayable,
			TotalChargeForCredit: w.charge, RateOfInterest: float64(w.rateBps) / 100, APR: w.apr,
			ExcessMileagePence: float64(w.excessPence),
		}},
	}
}

// blocks lays the quote out as the panel shows it: a summary and the
// representative example the Consumer Credit (Advertisements) Regulations
// ask for.
func (w workedQuote) blocks(p ukProduct) []Block {
	money := func(v float64) string { return EnGB.Money(v, 2) }
	monthly := Detail{Key: "RegularPayment", Label: strconv.Itoa(w.term) + " monthly payments of", DisplayValue: money(w.payment)}
	apr := Detail{Key: "APR", Label: "Representative APR", DisplayValue: EnGB.Percent(w.apr, 1) + " APR"}
	deposit := Detail{Key: "Deposit", Label: "Customer deposit", DisplayValue: money(w.deposit)}
	final := Detail{Key: "FinalPayment", Label: "Final payment", DisplayValue: money(w.finalPayment)}
	if p.key == FamilyPCP {
		final.Label = "Optional final payment"
	}
	summary := []Detail{monthly, deposit, final, apr}
	rep := []Detail{
		{Key: "CashPrice", Label: "Cash price", DisplayValue: money(w.cashPrice)},
		deposit,
		{Key: "AmountOfCredit", Label: "Total amount of credit", DisplayValue: money(w.credit)},
		{Key: "Term", Label: "Duration of agreement", DisplayValue: strconv.Itoa(w.term) + " months"},
		monthly,
		final,
		{Key: "OptionFee", Label: "Option to purchase fee (in the final payment)", DisplayValue: money(w.optionFee)},
		{Key: "TotalChargeForCredit", Label: "Total charge for credit", DisplayValue: money(w.charge)},
		{Key: "TotalAmountPayable", Label: "Total amount payable", DisplayValue: money(w.totalPayable)},
		{Key: "RateOfInterest", Label: "Fixed rate of interest (per annum)", DisplayValue: EnGB.Percent(float64(w.rateBps)/100, 2)},
		apr,
	}
	if p.key == FamilyPCP {
		rep = append(rep,
			Detail{Key: "AnnualMileage", Label: "Annual mileage", DisplayValue: EnGB.Number(float64(w.annualMileage), 0) + " miles"},
			Detail{Key: "ExcessMileage", Label: "Excess mileage charge", DisplayValue: strconv.Itoa(w.excessPence) + "p per mile"},
		)
	}
	return []Block{
		{Key: "Summary", Label: p.name, Details: summary},
		{Key: "RepresentativeExample", Label: "Representative example", Details: rep},
	}
}

// DefaultProducts answers a default request parsed by ParseDefaultRequest:
// the products that can finance the vehicle on today, each with its terms,
// deposit range (from £0 to the largest deposit at the default term),
// payment range (the payments at the two ends of that deposit range) and,
// for PCP, the annual mileage range. The default deposit is 10 % of the
// price rounded to £100. It returns a NotFound error when no product can
// finance the vehicle.
func DefaultProducts(req DefaultRequest, today time.Time) (DefaultResponse, error) {
	v := factsOf(req.Vehicle, today)
	resp := DefaultResponse{Products: []Product{}}
	for _, p := range ukProducts {
		miles := 0
		if p.key == FamilyPCP {
			miles = DefaultMileage
		}
		term := p.defaultTerm
		if p.eligible(v, term, miles) != "" {
			// Fall back to the longest term the car still qualifies for.
			term = 0
			for _, t := range p.terms {
				if p.eligible(v, t, miles) == "" {
					term = t
				}
			}
			if term == 0 {
				continue
			}
		}
		gfv := p.gfv(v, term, miles)
		maxDep := maxDeposit(v.price, gfv)
		if maxDep < 0 {
			continue
		}
		defDep := min(math.Round(v.price*0.10/100)*100, maxDep)
		hi, err1 := p.figures(v, term, miles, 0).work()
		lo, err2 := p.figures(v, term, miles, maxDep).work()
		def, err3 := p.figures(v, term, miles, defDep).work()
		if err1 != nil || err2 != nil || err3 != nil {
			continue
		}
		terms := make([]float64, 0, len(p.terms))
		for _, t := range p.terms {
			if p.eligible(v, t, miles) == "" {
				terms = append(terms, float64(t))
			}
		}
		prod := Product{
			Name: p.name, FamilyKey: p.key,
			Term:    Parameter{Locale: ParameterLocale{strconv.Itoa(term) + " months"}, Default: float64(term), Values: terms},
			Deposit: rangeParam(defDep, 0, maxDep, EnGB.Money(defDep, 2)),
			Payment: rangeParam(def.payment, lo.payment, hi.payment, EnGB.Money(def.payment, 2)),
		}
		if p.key == FamilyPCP {
			m := rangeParam(DefaultMileage, MinAnnualMileage, MaxAnnualMileage, EnGB.Number(DefaultMileage, 0)+" miles")
			prod.AnnualMileage = &m
		}
		resp.Products = append(resp.Products, prod)
	}
	if len(resp.Products) == 0 {
		return resp, errs.E(errs.NotFound, "%s", NoQuoteMessage)
	}
	return resp, nil
}

func rangeParam(def, lo, hi float64, display string) Parameter {
	return Parameter{Locale: ParameterLocale{display}, Default: def, Minimum: &lo, Maximum: &hi}
}
