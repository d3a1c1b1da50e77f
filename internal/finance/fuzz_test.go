package finance

import (
	"testing"
	"time"
)

// FuzzDecodeQuoteRef: any text is a quote this engine made, or an error.
func FuzzDecodeQuoteRef(f *testing.F) {
	p := Parameters{Term: 48, CashDeposit: 3000, AnnualMileage: 10000, FinanceProductFamilyKeys: []string{FamilyPCP, FamilyHP}}
	for _, q := range Quote(request(newCar, p), today).Vehicles[0].FinanceQuotations {
		f.Add(q.Finance.Quote.QuoteReference)
	}
	f.Add("")
	f.Add("FCQ-")
	f.Add("not a reference")
	f.Fuzz(func(t *testing.T, ref string) {
		if _, err := DecodeQuoteRef(ref); err == nil {
			if _, err := LegalText(ref); err != nil {
				t.Fatalf("%q decodes but has no legal text: %v", ref, err)
			}
		}
	})
}

// FuzzParseFinanceRequests: the Codeweaver request bodies parse or fail.
func FuzzParseFinanceRequests(f *testing.F) {
	f.Add([]byte(`{"Vehicle":{"CashPrice":20000,"RegistrationDate":"2024-01-01"}}`))
	f.Add([]byte(`{"Vehicles":[{"Id":"1","CashPrice":20000}],"Parameters":{"Term":48}}`))
	f.Add([]byte(`{}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		ParseDefaultRequest(data, time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC))
		ParseCFDRequest(data, time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC))
	})
}
