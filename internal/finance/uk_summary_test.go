package finance

import (
	"strings"
	"testing"

	"forecourt/internal/errs"

	"github.com/google/go-cmp/cmp"
)

func TestDecodeQuoteRef(t *testing.T) {
	p := Parameters{Term: 48, CashDeposit: 3000, AnnualMileage: 10000, FinanceProductFamilyKeys: []string{FamilyPCP, FamilyHP}}
	qs := Quote(request(newCar, p), today).Vehicles[0].FinanceQuotations
	pcpRef, hpRef := qs[0].Finance.Quote.QuoteReference, qs[1].Finance.Quote.QuoteReference
	tampered := []byte(pcpRef)
	if tampered[10] == 'A' {
		tampered[10] = 'B'
	} else {
		tampered[10] = 'A'
	}
	// Figures as in TestQuoteReferenceAndLegalText (worked out in Python):
	// GFV £12,401, credit £27,000, charge = total payable − cash price.
	tests := []struct {
		name string
		ref  string
		want QuoteSummary
		code errs.Code
	}{
		{name: "PCP", ref: pcpRef, want: QuoteSummary{
			Reference: pcpRef, Product: "Personal Contract Purchase", FamilyKey: FamilyPCP, Term: 48, AnnualMileage: 10000,
			CashPrice: 30000, Deposit: 3000, Credit: 27000, MonthlyPayment: 454.58, FinalPayment: 12411, GFV: 12401,
			OptionFee: 10, ChargeForCredit: 7230.84, TotalPayable: 37230.84, Rate: 8.9, APR: 9.3, ExcessPence: 8,
		}},
		{name: "HP, lower case and spaces", ref: "  " + strings.ToLower(hpRef) + " ", want: QuoteSummary{
			Reference: hpRef, Product: "Hire Purchase", FamilyKey: FamilyHP, Term: 48,
			CashPrice: 30000, Deposit: 3000, Credit: 27000, MonthlyPayment: 677.04, FinalPayment: 10,
			OptionFee: 10, ChargeForCredit: 5507.92, TotalPayable: 35507.92, Rate: 9.4, APR: 9.8,
		}},
		{name: "empty", ref: "", code: errs.Invalid},
		{name: "not a reference", ref: "hello", code: errs.Invalid},
		{name: "bad base32", ref: "FQ!!!!", code: errs.Invalid},
		{name: "truncated", ref: pcpRef[:len(pcpRef)-4], code: errs.Invalid},
		{name: "tampered", ref: string(tampered), code: errs.NotFound},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := DecodeQuoteRef(tt.ref)
			if tt.code != "" {
				if !errs.Is(err, tt.code) {
					t.Fatalf("err = %v, want %s", err, tt.code)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("summary (-want +got):\n%s", diff)
			}
		})
	}
}

func TestQuoteSummaryRows(t *testing.T) {
	p := Parameters{Term: 48, CashDeposit: 3000, AnnualMileage: 10000, FinanceProductFamilyKeys: []string{FamilyPCP}}
	ref := Quote(request(newCar, p), today).Vehicles[0].FinanceQuotations[0].Finance.Quote.QuoteReference
	q, err := DecodeQuoteRef(ref)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, r := range q.Rows() {
		got[r.Key] = r.DisplayValue
	}
	want := map[string]string{
		"Product": "Personal Contract Purchase", "CashPrice": "£30,000.00", "Deposit": "£3,000.00",
		"AmountOfCredit": "£27,000.00", "Term": "48 months", "RegularPayment": "£454.58", "GFV": "£12,401.00",
		"FinalPayment": "£12,411.00", "TotalChargeForCredit": "£7,230.84", "TotalAmountPayable": "£37,230.84",
		"RateOfInterest": "8.9%", "APR": "9.3% APR", "AnnualMileage": "10,000 miles",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("rows (-want +got):\n%s", diff)
	}
}
