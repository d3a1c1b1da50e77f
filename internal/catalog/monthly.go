package catalog

// Kinds of Car.CarMonthlyCostType.
const (
	MonthlyLoan           = "loan"
	MonthlyPrivateLeasing = "privateleasing"
)

// FillMonthlyCost sets the figures the car list shops by: the loan's
// car_loan_monthly_cost becomes the loan calculator's starting figure
// (finance.LoanOption.StartingMonthlyCost, the one computation the detail
// page starts at), and car_monthly_cost the lowest of the monthly figures a
// private buyer is offered on the detail page — that loan figure and the
// private-leasing block's monthly cost — with car_monthly_cost_type saying
// which. Company leasing is left out: it is quoted without VAT and for
// businesses only. A car with neither figure gets none (it is outside every
// monthly-cost range and sorts last). A tie goes to the loan, which buys
// the car.
//
// A loan option that makes no quote (no periods, a price of 0) keeps the
// feed's car_loan_monthly_cost but adds no monthly figure: there is no
// calculator on its page to start at it.
func FillMonthlyCost(c *Car) {
	c.CarMonthlyCost, c.CarMonthlyCostType = 0, ""
	if c.CarLoanOption != nil && (c.CarLoanOption.DefaultContractDuration.Months > 0 || len(c.CarLoanOption.ContractDurations) > 0) {
		if m, err := c.CarLoanOption.StartingMonthlyCost(c.CarPrice); err == nil && m > 0 {
			c.CarLoanMonthlyCost = m
			c.CarMonthlyCost, c.CarMonthlyCostType = m, MonthlyLoan
		}
	}
	if !c.CarHasPrivateleasing {
		return
	}
	for _, o := range c.CarLeasingOptions {
		if o.LeasingType != LeasingPrivate {
			continue
		}
		if o.MonthlyCost > 0 && (c.CarMonthlyCost == 0 || o.MonthlyCost < c.CarMonthlyCost) {
			c.CarMonthlyCost, c.CarMonthlyCostType = o.MonthlyCost, MonthlyPrivateLeasing
		}
		return
	}
}
