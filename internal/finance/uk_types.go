package finance

// Wire types of the UK finance calls (spec §7 "Finance calls (UK)"). Field
// names are the PascalCase names the quote service uses; the web layer
// marshals these as they are.

// Organisation is the dealer a quote is made for.
type Organisation struct {
	Id   string `json:"Id"`
	Name string `json:"Name"`
}

// Vehicle holds the physical details of a car that a quote depends on.
type Vehicle struct {
	Make               string  `json:"Make"`
	Model              string  `json:"Model"`
	RegistrationNumber string  `json:"RegistrationNumber"`
	CashPrice          float64 `json:"CashPrice"`        // pounds
	RegistrationDate   string  `json:"RegistrationDate"` // YYYY-MM-DD; empty for a new, unregistered car
	CurrentMileage     int     `json:"CurrentMileage"`   // miles on the odometer
}

// DefaultRequest is the body of "POST /api/codeweaver/default".
type DefaultRequest struct {
	Vehicle      Vehicle      `json:"Vehicle"`
	Organisation Organisation `json:"Organisation"`
}

// DefaultResponse lists the finance products offered for a vehicle with the
// range and starting value of each quote parameter.
type DefaultResponse struct {
	Products []Product `json:"Products"`
}

// Product is a finance product family and its quote parameters.
// AnnualMileage is present for PCP only.
type Product struct {
	Name          string     `json:"Name"`
	FamilyKey     string     `json:"FamilyKey"`
	Term          Parameter  `json:"Term"`
	Deposit       Parameter  `json:"Deposit"`
	Payment       Parameter  `json:"Payment"`
	AnnualMileage *Parameter `json:"AnnualMileage,omitempty"`
}

// Parameter is one quote input: either a list of Values or a Minimum and a
// Maximum, with the Default and its text in Locale.DisplayValue.
type Parameter struct {
	Locale  ParameterLocale `json:"Locale"`
	Default float64         `json:"Default"`
	Values  []float64       `json:"Values,omitempty"`
	Minimum *float64        `json:"Minimum,omitempty"`
	Maximum *float64        `json:"Maximum,omitempty"`
}

// ParameterLocale carries the default value formatted for en-GB, e.g.
// "48 months", "£2,500.00", "10,000 miles".
type ParameterLocale struct {
	DisplayValue string `json:"DisplayValue"`
}

// CFDRequest is the body of "POST /api/codeweaver/cfd": quotes for one or
// more vehicles.
type CFDRequest struct {
	Organisation    Organisation     `json:"Organisation"`
	VehicleRequests []VehicleRequest `json:"VehicleRequests"`
}

// VehicleRequest asks for quotes on one vehicle.
type VehicleRequest struct {
	Id         string     `json:"Id"`
	Vehicle    Vehicle    `json:"Vehicle"`
	Parameters Parameters `json:"Parameters"`
}

// Calculation types: which of deposit and payment the visitor set.
const (
	ToRegularPayment = "ToRegularPayment" // deposit given, work out the payment
	ToCashDeposit    = "ToCashDeposit"    // payment given, work out the deposit
)

// Parameters are the visitor's choices for a quote.
type Parameters struct {
	Term                     int      `json:"Term"`           // number of monthly payments
	CashDeposit              float64  `json:"CashDeposit"`    // pounds
	RegularPayment           float64  `json:"RegularPayment"` // pounds a month; used by ToCashDeposit
	AnnualMileage            int      `json:"AnnualMileage"`  // PCP only
	FinanceProductFamilyKeys []string `json:"FinanceProductFamilyKeys"`
	CalculationType          string   `json:"CalculationType"`
}

// CFDResponse answers a CFDRequest, one entry per vehicle in request order.
type CFDResponse struct {
	Vehicles []VehicleQuotes `json:"Vehicles"`
}

// VehicleQuotes holds the quotations for one vehicle. HasError is set when
// no product could be quoted; Error.UserMessage then says why.
type VehicleQuotes struct {
	Id                string             `json:"Id"`
	HasError          bool               `json:"HasError"`
	Error             *UserError         `json:"Error,omitempty"`
	FinanceQuotations []FinanceQuotation `json:"FinanceQuotations"`
}

// UserError is a message fit to show to the visitor.
type UserError struct {
	UserMessage string `json:"UserMessage"`
}

// FinanceQuotation is the quote of one product, or why there is none.
type FinanceQuotation struct {
	FamilyKey string     `json:"FamilyKey"`
	HasError  bool       `json:"HasError"`
	Error     *UserError `json:"Error,omitempty"`
	Blocks    []Block    `json:"Blocks,omitempty"`
	Finance   *Finance   `json:"Finance,omitempty"`
}

// Block is a group of labelled figures the quote panel shows as a table.
type Block struct {
	Key     string   `json:"Key"`
	Label   string   `json:"Label"`
	Details []Detail `json:"Details"`
}

// Detail is one labelled figure, its value already formatted for en-GB.
type Detail struct {
	Key          string `json:"Key"`
	Label        string `json:"Label"`
	DisplayValue string `json:"DisplayValue"`
}

// Finance is a quote with the notices that go with it.
type Finance struct {
	Notifications []Notification `json:"Notifications"`
	Quote         FinanceQuote   `json:"Quote"`
}

// Notification is a notice shown with a quote; Type is "Info" or "Warning".
type Notification struct {
	Type    string `json:"Type"`
	Message string `json:"Message"`
}

// FinanceQuote holds the figures of a quote. TotalRegularPayment is the
// monthly payment including any fees charged with it; TotalDeposit the
// customer's cash deposit (the engine knows no part-exchange or deposit
// contribution). Amounts are pounds, rates percent.
type FinanceQuote struct {
	ProductName           string       `json:"ProductName"`
	FamilyKey             string       `json:"FamilyKey"`
	Term                  int          `json:"Term"`
	TotalDeposit          float64      `json:"TotalDeposit"`
	TotalRegularPayment   float64      `json:"TotalRegularPayment"`
	AnnualMileage         int          `json:"AnnualMileage,omitempty"`
	QuoteReference        string       `json:"QuoteReference"`
	QuoteActions          QuoteActions `json:"QuoteActions"`
	CashPrice             float64      `json:"CashPrice"`
	AmountOfCredit        float64      `json:"AmountOfCredit"`
	FinalPayment          float64      `json:"FinalPayment"` // PCP: GFV + option fee; HP: option fee
	GuaranteedFutureValue float64      `json:"GuaranteedFutureValue,omitempty"`
	TotalAmountPayable    float64      `json:"TotalAmountPayable"`
	TotalChargeForCredit  float64      `json:"TotalChargeForCredit"`
	RateOfInterest        float64      `json:"RateOfInterest"` // fixed nominal, percent a year
	APR                   float64      `json:"APR"`            // representative APR, percent, one decimal
	ExcessMileagePence    float64      `json:"ExcessMileagePence,omitempty"`
}

// QuoteActions are links the quote panel offers. Apply is the path of the
// finance application for the quote, carrying its reference.
type QuoteActions struct {
	Apply string `json:"Apply"`
}

// LegalResponse answers "GET /api/codeweaver/legal?quoteRef=".
type LegalResponse struct {
	TermsAndConditions string `json:"TermsAndConditions"`
}
