package catalog_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"forecourt/internal/catalog"
	"forecourt/internal/demo/stock"
)

func loanOption() *catalog.LoanOption {
	return &catalog.LoanOption{
		InterestRate: 4.95, InvoiceFee: 49, StartFee: 595,
		DefaultContractDuration: catalog.ContractDuration{Months: 36, CashAmountMinPercentage: 20, ResidualPercentage: 50},
		ContractDurations: []catalog.ContractDuration{
			{Months: 24, ResidualPercentage: 60, CashAmountMinPercentage: 20, CashAmountMaxPercentage: 50},
			{Months: 36, ResidualPercentage: 50, CashAmountMinPercentage: 20, CashAmountMaxPercentage: 50},
		},
	}
}

func TestFillMonthlyCost(t *testing.T) {
	start, err := loanOption().StartingMonthlyCost(300000)
	if err != nil {
		t.Fatal(err)
	}
	private := func(cost float64) []catalog.LeasingOption {
		return []catalog.LeasingOption{{LeasingType: catalog.LeasingCompany, MonthlyCost: 1}, {LeasingType: catalog.LeasingPrivate, MonthlyCost: cost}}
	}
	type want struct {
		Cost float64
		Type string
		Loan float64
	}
	tests := []struct {
		name string
		car  catalog.Car
		want want
	}{
		{"loan only: the calculator's starting figure, replacing the feed's", catalog.Car{CarPrice: 300000, CarLoanOption: loanOption(), CarLoanMonthlyCost: 1234},
			want{start, catalog.MonthlyLoan, start}},
		{"private leasing below the loan wins", catalog.Car{CarPrice: 300000, CarLoanOption: loanOption(), CarHasPrivateleasing: true, CarLeasingOptions: private(start - 100)},
			want{start - 100, catalog.MonthlyPrivateLeasing, start}},
		{"loan below private leasing wins", catalog.Car{CarPrice: 300000, CarLoanOption: loanOption(), CarHasPrivateleasing: true, CarLeasingOptions: private(start + 100)},
			want{start, catalog.MonthlyLoan, start}},
		{"a tie goes to the loan", catalog.Car{CarPrice: 300000, CarLoanOption: loanOption(), CarHasPrivateleasing: true, CarLeasingOptions: private(start)},
			want{start, catalog.MonthlyLoan, start}},
		{"private leasing only", catalog.Car{CarPrice: 300000, CarHasPrivateleasing: true, CarLeasingOptions: private(2995)},
			want{2995, catalog.MonthlyPrivateLeasing, 0}},
		{"private leasing option without the flag is not offered", catalog.Car{CarPrice: 300000, CarLeasingOptions: private(2995)},
			want{}},
		{"company leasing is never the figure", catalog.Car{CarPrice: 300000, CarHasCompanyleasing: true, CarLeasingOptions: []catalog.LeasingOption{{LeasingType: catalog.LeasingCompany, MonthlyCost: 999}}},
			want{}},
		{"a loan option without periods keeps the feed's figure and adds none", catalog.Car{CarPrice: 300000, CarLoanOption: &catalog.LoanOption{InterestRate: 5}, CarLoanMonthlyCost: 1234},
			want{0, "", 1234}},
		{"no finance: no figure; a feed's own figure is dropped", catalog.Car{CarPrice: 300000, CarMonthlyCost: 5, CarMonthlyCostType: "loan"},
			want{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := tt.car
			catalog.FillMonthlyCost(&c)
			if d := cmp.Diff(tt.want, want{c.CarMonthlyCost, c.CarMonthlyCostType, c.CarLoanMonthlyCost}); d != "" {
				t.Errorf("(-want +got):\n%s", d)
			}
		})
	}
}

// TestDemoMonthlyCost: every demo car with a loan or private leasing gets a
// figure, and it is the lower of the two.
func TestDemoMonthlyCost(t *testing.T) {
	st, err := stock.DemoStock("group-se", stock.SeedOptions{})
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]int{}
	for i := range st.Cars {
		c := st.Cars[i]
		loan := c.CarLoanMonthlyCost
		catalog.FillMonthlyCost(&c)
		if c.CarLoanMonthlyCost != loan {
			t.Fatalf("car %d: the seed's car_loan_monthly_cost %v is not the calculator's %v", c.CarID, loan, c.CarLoanMonthlyCost)
		}
		want := loan
		if c.CarHasPrivateleasing && c.CarPrivateleasingMonthlyCost > 0 && (want == 0 || c.CarPrivateleasingMonthlyCost < want) {
			want = c.CarPrivateleasingMonthlyCost
		}
		if c.CarMonthlyCost != want {
			t.Fatalf("car %d: car_monthly_cost %v (%s), want %v", c.CarID, c.CarMonthlyCost, c.CarMonthlyCostType, want)
		}
		kinds[c.CarMonthlyCostType]++
	}
	if kinds[catalog.MonthlyLoan] == 0 || kinds[catalog.MonthlyPrivateLeasing] == 0 {
		t.Errorf("demo stock should have both kinds of figure: %v", kinds)
	}
	t.Logf("group-se monthly figures: %v", kinds)
}
