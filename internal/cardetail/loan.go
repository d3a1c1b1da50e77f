package cardetail

import (
	"encoding/json"
	"math"
	"strconv"

	"forecourt/internal/catalog"
	"forecourt/internal/errs"
	"forecourt/internal/finance"
)

// LoanAnswer is a worked-out loan as the calculator shows it: the figures
// and their texts in the site's locale, and the filled disclaimer.
type LoanAnswer struct {
	finance.LoanQuote
	DownPaymentSlider finance.Slider `json:"down_payment_slider"`
	MonthlyCostText   string         `json:"monthly_cost_text"`
	EffectiveRateText string         `json:"effective_rate_text"`
	InterestRateText  string         `json:"interest_rate_text"`
	TotalPayableText  string         `json:"total_payable_text"`
	DownPaymentText   string         `json:"down_payment_text"`
	Disclaimer        string         `json:"disclaimer"`
}

func answerOf(opt finance.LoanOption, q finance.LoanQuote, l finance.Locale) LoanAnswer {
	return LoanAnswer{
		LoanQuote:         q,
		DownPaymentSlider: opt.DownPaymentSlider(q.Price, q.Months),
		MonthlyCostText:   l.Money(q.MonthlyCost, 0),
		EffectiveRateText: l.Percent(q.EffectiveRate, 2),
		InterestRateText:  l.Percent(q.InterestRate, 2),
		TotalPayableText:  l.Money(q.TotalPayable, 0),
		DownPaymentText:   l.Money(q.DownPayment, 0),
		Disclaimer:        q.Disclaimer(opt.Disclaimer, l),
	}
}

// LoanRequest is the body of "POST /api/finance/loan".
type LoanRequest struct {
	CarID       int64
	DownPayment float64
	Months      int
}

// ParseLoanRequest reads {car_id, down_payment, months}, collecting field
// errors into one errs.Invalid.
func ParseLoanRequest(data []byte) (LoanRequest, error) {
	var w struct {
		CarID       json.Number `json:"car_id"`
		DownPayment *float64    `json:"down_payment"`
		Months      *int        `json:"months"`
	}
	if err := json.Unmarshal(data, &w); err != nil {
		return LoanRequest{}, errs.E(errs.Invalid, "The request body is not valid JSON: %s.", errs.JSONProblem(err))
	}
	fe := errs.FieldErrors{}
	var r LoanRequest
	id, err := strconv.ParseInt(string(w.CarID), 10, 64)
	if err != nil || id <= 0 {
		fe.Add("car_id", "car_id must be a positive whole number.")
	}
	r.CarID = id
	switch {
	case w.DownPayment == nil || *w.DownPayment < 0:
		fe.Add("down_payment", "down_payment must be zero or more.")
	case *w.DownPayment != math.Trunc(*w.DownPayment):
		fe.Add("down_payment", "down_payment must be a whole amount (no fractions of the currency unit).")
	default:
		r.DownPayment = *w.DownPayment
	}
	switch {
	case w.Months == nil || *w.Months <= 0:
		fe.Add("months", "months must be a positive whole number.")
	case *w.Months%12 != 0:
		fe.Add("months", "months must be a whole number of years (12, 24, 36, …), as the period slider steps.")
	default:
		r.Months = *w.Months
	}
	return r, fe.Err("The loan request is not valid.")
}

// QuoteLoan works out the loan of a car record for the visitor's choice.
// The down payment is clamped into the slider of the chosen period (the
// slider's range moves with the period).
func QuoteLoan(car *catalog.Car, req LoanRequest, l finance.Locale) (LoanAnswer, error) {
	opt, err := LoanOptionOf(car)
	if err != nil {
		return LoanAnswer{}, err
	}
	price := car.CarPrice
	if p := opt.PeriodSlider(); req.Months >= p.Min && req.Months <= p.Max {
		s := opt.DownPaymentSlider(price, req.Months)
		req.DownPayment = min(max(req.DownPayment, float64(s.Min)), float64(s.Max))
	}
	q, err := opt.Quote(finance.LoanInput{Price: price, DownPayment: req.DownPayment, Months: req.Months})
	if err != nil {
		return LoanAnswer{}, err
	}
	return answerOf(opt, q, l), nil
}
