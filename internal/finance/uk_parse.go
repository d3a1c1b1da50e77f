package finance

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"forecourt/internal/errs"
)

// MaxVehicleRequests bounds the vehicles one CFD request may ask about.
const MaxVehicleRequests = 20

func decodeBody(data []byte, v any) error {
	if err := json.Unmarshal(data, v); err != nil {
		return errs.E(errs.Invalid, "The request body is not valid JSON for this call.")
	}
	return nil
}

// ParseDefaultRequest reads the body of "POST /api/codeweaver/default". It
// returns an Invalid error whose Fields name every bad field (for example
// "Vehicle.CashPrice"). today is the date registration dates are checked
// against.
func ParseDefaultRequest(data []byte, today time.Time) (DefaultRequest, error) {
	var req DefaultRequest
	if err := decodeBody(data, &req); err != nil {
		return DefaultRequest{}, err
	}
	fe := errs.FieldErrors{}
	checkVehicle(fe, "Vehicle", &req.Vehicle, today)
	if err := fe.Err("The vehicle details are not valid."); err != nil {
		return DefaultRequest{}, err
	}
	return req, nil
}

// ParseCFDRequest reads the body of "POST /api/codeweaver/cfd" into a
// request Quote can answer. Family keys are upper-cased and default to all
// products; CalculationType defaults to ToRegularPayment. It returns an
// Invalid error whose Fields name every bad field, e.g.
// "VehicleRequests[0].Parameters.Term": "PCP is not offered over 60 months;
// choose 24, 36 or 48 months.". Limits that depend on the product's
// working-out (largest deposit, payment range) are reported per quotation
// by Quote instead.
func ParseCFDRequest(data []byte, today time.Time) (CFDRequest, error) {
	var req CFDRequest
	if err := decodeBody(data, &req); err != nil {
		return CFDRequest{}, err
	}
	fe := errs.FieldErrors{}
	switch n := len(req.VehicleRequests); {
	case n == 0:
		fe.Add("VehicleRequests", "At least one vehicle is required.")
	case n > MaxVehicleRequests:
		fe.Add("VehicleRequests", fmt.Sprintf("At most %d vehicles can be quoted at once.", MaxVehicleRequests))
	}
	for i := range req.VehicleRequests {
		vr := &req.VehicleRequests[i]
		at := fmt.Sprintf("VehicleRequests[%d]", i)
		if strings.TrimSpace(vr.Id) == "" {
			fe.Add(at+".Id", "The vehicle request needs an Id.")
		}
		checkVehicle(fe, at+".Vehicle", &vr.Vehicle, today)
		checkParameters(fe, at+".Parameters", &vr.Parameters, vr.Vehicle.CashPrice)
	}
	if err := fe.Err("The quote request is not valid."); err != nil {
		return CFDRequest{}, err
	}
	return req, nil
}

func checkVehicle(fe errs.FieldErrors, at string, v *Vehicle, today time.Time) {
	if v.CashPrice < MinCashPrice || v.CashPrice > MaxCashPrice {
		fe.Add(at+".CashPrice", fmt.Sprintf("The cash price must be between %s and %s.", EnGB.Money(MinCashPrice, 2), EnGB.Money(MaxCashPrice, 2)))
	}
	v.CashPrice = round2(v.CashPrice)
	if v.RegistrationDate != "" {
		d, err := time.Parse(time.DateOnly, v.RegistrationDate)
		switch {
		case err != nil:
			fe.Add(at+".RegistrationDate", "The registration date must be a date written YYYY-MM-DD.")
		case d.After(today):
			fe.Add(at+".RegistrationDate", "The registration date cannot be in the future.")
		case d.Year() < 1990:
			fe.Add(at+".RegistrationDate", "Vehicles registered before 1990 cannot be financed.")
		}
	}
	if v.CurrentMileage < 0 || v.CurrentMileage > 500000 {
		fe.Add(at+".CurrentMileage", "The current mileage must be between 0 and 500,000 miles.")
	}
}

func checkParameters(fe errs.FieldErrors, at string, p *Parameters, price float64) {
	keys := make([]string, 0, len(p.FinanceProductFamilyKeys))
	var products []ukProduct
	for _, k := range p.FinanceProductFamilyKeys {
		k = strings.ToUpper(strings.TrimSpace(k))
		prod, ok := productByKey(k)
		if !ok {
			fe.Add(at+".FinanceProductFamilyKeys", fmt.Sprintf("%q is not a finance product; use PCP or HP.", k))
			continue
		}
		if !slices.Contains(keys, k) {
			keys = append(keys, k)
			products = append(products, prod)
		}
	}
	if len(p.FinanceProductFamilyKeys) == 0 {
		// No family asked for: every product offered over the term (HP alone
		// at 12 or 60 months); a term no product offers is an error.
		var all []int
		for _, prod := range ukProducts {
			if prod.offers(p.Term) {
				keys, products = append(keys, prod.key), append(products, prod)
			}
			for _, t := range prod.terms {
				if !slices.Contains(all, t) {
					all = append(all, t)
				}
			}
		}
		if len(products) == 0 {
			slices.Sort(all)
			fe.Add(at+".Term", fmt.Sprintf("No finance product is offered over %d months; choose %s months.", p.Term, orList(all)))
		}
	}
	p.FinanceProductFamilyKeys = keys

	for _, prod := range products {
		if !prod.offers(p.Term) {
			fe.Add(at+".Term", fmt.Sprintf("%s is not offered over %d months; choose %s months.", prod.key, p.Term, orList(prod.terms)))
		}
	}
	switch {
	case p.CashDeposit < 0:
		fe.Add(at+".CashDeposit", "The deposit cannot be negative.")
	case price > 0 && p.CashDeposit > price:
		fe.Add(at+".CashDeposit", fmt.Sprintf("The deposit cannot be more than the cash price of %s.", EnGB.Money(price, 2)))
	}
	p.CashDeposit = round2(p.CashDeposit)

	switch p.CalculationType {
	case "":
		p.CalculationType = ToRegularPayment
	case ToRegularPayment, ToCashDeposit:
	default:
		fe.Add(at+".CalculationType", fmt.Sprintf("%q is not a calculation type; use %s or %s.", p.CalculationType, ToRegularPayment, ToCashDeposit))
	}
	switch {
	case p.RegularPayment < 0:
		fe.Add(at+".RegularPayment", "The monthly payment cannot be negative.")
	case p.CalculationType == ToCashDeposit && p.RegularPayment == 0:
		fe.Add(at+".RegularPayment", "Enter the monthly payment to work out the deposit.")
	}
	p.RegularPayment = round2(p.RegularPayment)

	// Only PCP depends on the mileage; an HP request may carry one (a form
	// that keeps its mileage field when the visitor switches to HP), and
	// HP ignores it.
	if slices.Contains(keys, FamilyPCP) {
		if p.AnnualMileage < MinAnnualMileage || p.AnnualMileage > MaxAnnualMileage {
			fe.Add(at+".AnnualMileage", fmt.Sprintf("The annual mileage must be between %s and %s miles.",
				EnGB.Number(MinAnnualMileage, 0), EnGB.Number(MaxAnnualMileage, 0)))
		}
	}
}

// orList writes 24, 36 or 48.
func orList(ns []int) string {
	parts := make([]string, len(ns))
	for i, n := range ns {
		parts[i] = fmt.Sprint(n)
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " or " + parts[len(parts)-1]
}
