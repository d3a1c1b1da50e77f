package finance

// LeasingOption is one item of a car's car_leasing_options.
type LeasingOption struct {
	LeasingType     string  `json:"leasing_type"` // LeasingPrivate or LeasingCompany
	Title           string  `json:"title"`
	MonthlyCost     float64 `json:"monthly_cost"`
	MonthlyCostText string  `json:"monthly_cost_text"`
	Description     string  `json:"description"`
	Duration        int     `json:"duration"` // months
	Mileage         int     `json:"mileage"`  // per year
	Asterix         string  `json:"asterix"`
}

// Leasing types of the spec.
const (
	LeasingPrivate = "Private"
	LeasingCompany = "Company"
)

// LeasingDiscount returns the ratio of the retail price over the campaign
// price (spec §9): multiplying a campaign leasing cost by it gives the cost
// without the campaign. ok is false, and the ratio 1, when there is no
// discount: a missing or non-positive price, or a campaign price not below
// the retail price.
func LeasingDiscount(retailPrice, campaignPrice float64) (ratio float64, ok bool) {
	if !(retailPrice > 0) || !(campaignPrice > 0) || campaignPrice >= retailPrice {
		return 1, false
	}
	return retailPrice / campaignPrice, true
}

// UndiscountedMonthlyCost returns what the leasing would cost a month
// without the campaign, rounded to whole currency units, given the ratio
// from LeasingDiscount.
func (o LeasingOption) UndiscountedMonthlyCost(ratio float64) float64 {
	return roundTo(o.MonthlyCost*ratio, 0)
}
