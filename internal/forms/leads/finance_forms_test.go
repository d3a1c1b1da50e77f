package leads_test

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"forecourt/internal/errs"
	"forecourt/internal/forms/leads"
)

const testRef = "FQAEBDAJ3QAAC5MBAAAEIWAABIRMIA3HAPIAQA4U6EJA"

// financeBody is a valid body of formName with details merged over the
// form's good answers.
func financeBody(formName string, mod func(v, d map[string]any)) []byte {
	good := map[string]map[string]any{
		leads.FormFinanceApply:   {"quoteRef": testRef, "dateOfBirth": "1980-05-01", "postcode": "SW1A 1AA", "employmentStatus": "employed", "annualIncome": "42000"},
		leads.FormFinanceReserve: {"quoteRef": testRef, "collectionDate": "2026-11-26"},
		leads.FormPartExchange:   {"quoteRef": testRef, "registration": "AB12 CDE", "mileage": "42000", "condition": "good"},
	}[formName]
	return body(func(m map[string]any) {
		m["formName"] = formName
		v := values(m)
		v["phone"] = "07700 900123"
		v["message"] = ""
		v["details"] = good
		if mod != nil {
			mod(v, good)
		}
	})
}

func TestParseFinanceForms(t *testing.T) {
	today := time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC)
	inv := "invalidInput"
	tests := []struct {
		name string
		form string
		mod  func(v, d map[string]any)
		want map[string]string
	}{
		{"apply valid", leads.FormFinanceApply, nil, nil},
		{"apply +44 phone, lower-case postcode", leads.FormFinanceApply, func(v, d map[string]any) { v["phone"] = "+44 20 7946 0958"; d["postcode"] = "m1 1ae" }, nil},
		{"apply Swedish phone", leads.FormFinanceApply, func(v, d map[string]any) { v["phone"] = "+46 70 123 45 67" }, map[string]string{"values.phone": inv}},
		{"apply bad postcode", leads.FormFinanceApply, func(v, d map[string]any) { d["postcode"] = "12345" }, map[string]string{"values.details.postcode": inv}},
		{"apply under 18", leads.FormFinanceApply, func(v, d map[string]any) { d["dateOfBirth"] = "2008-11-27" }, map[string]string{"values.details.dateOfBirth": inv}},
		{"apply 18 today", leads.FormFinanceApply, func(v, d map[string]any) { d["dateOfBirth"] = "2008-11-26" }, nil},
		{"apply no date of birth", leads.FormFinanceApply, func(v, d map[string]any) { delete(d, "dateOfBirth") }, map[string]string{"values.details.dateOfBirth": inv}},
		{"apply unknown employment, negative income", leads.FormFinanceApply, func(v, d map[string]any) { d["employmentStatus"] = "pirate"; d["annualIncome"] = "-1" },
			map[string]string{"values.details.employmentStatus": inv, "values.details.annualIncome": inv}},
		{"apply no quote reference", leads.FormFinanceApply, func(v, d map[string]any) { d["quoteRef"] = " " }, map[string]string{"values.details.quoteRef": inv}},
		{"apply unknown detail", leads.FormFinanceApply, func(v, d map[string]any) { d["shoeSize"] = "42" }, map[string]string{"values.details.shoeSize": inv}},
		{"reserve valid", leads.FormFinanceReserve, nil, nil},
		{"reserve yesterday", leads.FormFinanceReserve, func(v, d map[string]any) { d["collectionDate"] = "2026-11-25" }, map[string]string{"values.details.collectionDate": inv}},
		{"reserve not a date", leads.FormFinanceReserve, func(v, d map[string]any) { d["collectionDate"] = "tomorrow" }, map[string]string{"values.details.collectionDate": inv}},
		{"reserve bad phone", leads.FormFinanceReserve, func(v, d map[string]any) { v["phone"] = "07-ABC" }, map[string]string{"values.phone": inv}},
		{"part-exchange valid", leads.FormPartExchange, nil, nil},
		{"part-exchange prefix plate, zero miles", leads.FormPartExchange, func(v, d map[string]any) { d["registration"] = "a123 bcd"; d["mileage"] = "0" }, nil},
		{"part-exchange bad plate, fractional mileage, no condition", leads.FormPartExchange, func(v, d map[string]any) {
			d["registration"] = "ABCDEFGH"
			d["mileage"] = "1.5"
			d["condition"] = ""
		}, map[string]string{"values.details.registration": inv, "values.details.mileage": inv, "values.details.condition": inv}},
		{"part-exchange negative mileage", leads.FormPartExchange, func(v, d map[string]any) { d["mileage"] = "-5" }, map[string]string{"values.details.mileage": inv}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sub, err := leads.ParseSubmissionOn(financeBody(tt.form, tt.mod), today, "GB")
			if tt.want == nil {
				if err != nil {
					t.Fatal(err)
				}
				if sub.Values.Details["quoteRef"] != testRef {
					t.Errorf("details %v", sub.Values.Details)
				}
				return
			}
			var e *errs.Error
			if !asErr(err, &e) {
				t.Fatalf("err = %v, want invalid", err)
			}
			if d := cmp.Diff(tt.want, map[string]string(e.Fields)); d != "" {
				t.Errorf("fields (-want +got):\n%s", d)
			}
		})
	}
}

func TestContactFormTakesNoDetails(t *testing.T) {
	_, err := leads.ParseSubmission(body(func(m map[string]any) { values(m)["details"] = map[string]any{"quoteRef": testRef} }))
	var e *errs.Error
	if !asErr(err, &e) || e.Fields["values.details"] == "" {
		t.Fatalf("err = %v, want values.details invalid", err)
	}
}

func TestFinanceDealerMessage(t *testing.T) {
	sub, err := leads.ParseSubmissionOn(financeBody(leads.FormFinanceReserve, nil), time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC), "GB")
	if err != nil {
		t.Fatal(err)
	}
	msg := leads.DealerMessage(sub, "Volvo XC40 2024", "en")
	if msg.Subject != "Reservation: Volvo XC40 2024 – Anna Andersson" {
		t.Errorf("subject %q", msg.Subject)
	}
	for _, want := range []string{"Request: Reservation", "Quote reference: " + testRef, "Preferred collection date: 2026-11-26", "Phone: +447700900123"} {
		if !strings.Contains(msg.Body, want) {
			t.Errorf("body lacks %q:\n%s", want, msg.Body)
		}
	}
	if strings.Contains(msg.Body, "Wants a test drive") {
		t.Errorf("finance mail has contact-form lines:\n%s", msg.Body)
	}
}
