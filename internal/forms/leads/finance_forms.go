package leads

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"forecourt/internal/errs"
	"forecourt/internal/mail"
)

// Form names of the UK finance action pages (/finance/apply, /finance/reserve,
// /finance/part-exchange). Their form-specific answers travel in
// Values.Details; every one carries the quote reference as details.quoteRef.
const (
	FormFinanceApply   = "finance-apply"
	FormFinanceReserve = "finance-reserve"
	FormPartExchange   = "part-exchange"
)

// IsFinanceForm reports whether formName is one of the finance action forms.
func IsFinanceForm(formName string) bool {
	return formName == FormFinanceApply || formName == FormFinanceReserve || formName == FormPartExchange
}

// The UK patterns of the finance forms; web/src/features/finance-actions
// uses the same. Phone and registration are checked with spaces removed.
var (
	// UKPhonePattern: +44 or 0, then a national number of 9 or 10 digits
	// not starting with 0 ("07700 900123", "+44 20 7946 0958").
	UKPhonePattern = regexp.MustCompile(`^(?:\+44|0)[1-9][0-9]{8,9}$`)
	// UKPostcodePattern: outward code, space optional, inward code ("SW1A 1AA").
	UKPostcodePattern = regexp.MustCompile(`^(?i)(?:GIR ?0AA|[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2})$`)
	// UKRegistrationPattern: current (AB12CDE), prefix (A123BCD), suffix
	// (ABC123D) and dateless (ABC1234, 1234ABC) plates.
	UKRegistrationPattern = regexp.MustCompile(`^(?i)(?:[A-Z]{2}[0-9]{2}[A-Z]{3}|[A-Z][0-9]{1,3}[A-Z]{3}|[A-Z]{3}[0-9]{1,3}[A-Z]|[A-Z]{1,3}[0-9]{1,4}|[0-9]{1,4}[A-Z]{1,3})$`)
)

// Choices of the select fields.
var (
	EmploymentStatuses = []string{"employed", "self-employed", "retired", "student", "unemployed", "other"}
	VehicleConditions  = []string{"excellent", "good", "fair", "poor"}
)

// Limits of the numeric answers.
const (
	maxAnnualIncome = 10_000_000
	maxMileage      = 1_000_000
	minApplicantAge = 18
	maxApplicantAge = 100
	maxBookingDays  = 365
)

// detailFields are the details each finance form takes.
var detailFields = map[string][]string{
	FormFinanceApply:   {"quoteRef", "dateOfBirth", "postcode", "employmentStatus", "annualIncome"},
	FormFinanceReserve: {"quoteRef", "collectionDate"},
	FormPartExchange:   {"quoteRef", "registration", "mileage", "condition"},
}

// checkDetails adds the field errors of the details of s (for a finance
// form, today being the site's date) to fe. Other forms take no details.
func checkDetails(s *Submission, today time.Time, fe errs.FieldErrors) {
	d := s.Values.Details
	fields, finance := detailFields[s.FormName]
	if !finance {
		if len(d) > 0 {
			fe.Add("values.details", InvalidInput)
		}
		return
	}
	for k, v := range d {
		if !slices.Contains(fields, k) {
			fe.Add("values.details."+k, InvalidInput)
		}
		d[k] = strings.TrimSpace(v)
		if !mail.IsOneLine(v) || len(v) > 200 {
			fe.Add("values.details."+k, InvalidInput)
		}
	}
	if d == nil {
		d = map[string]string{}
	}
	bad := func(k string) { fe.Add("values.details."+k, InvalidInput) }
	if !UKPhonePattern.MatchString(compact(s.Values.Phone)) {
		fe.Add("values.phone", InvalidInput)
	}
	if ref := d["quoteRef"]; ref == "" || len(ref) > 100 {
		bad("quoteRef")
	}
	day := func(k string) (time.Time, bool) {
		t, err := time.Parse(time.DateOnly, d[k])
		return t, err == nil
	}
	today = time.Date(today.Year(), today.Month(), today.Day(), 0, 0, 0, 0, time.UTC)
	switch s.FormName {
	case FormFinanceApply:
		if dob, ok := day("dateOfBirth"); !ok || dob.After(today.AddDate(-minApplicantAge, 0, 0)) || dob.Before(today.AddDate(-maxApplicantAge, 0, 0)) {
			bad("dateOfBirth")
		}
		if !UKPostcodePattern.MatchString(d["postcode"]) {
			bad("postcode")
		}
		if !slices.Contains(EmploymentStatuses, d["employmentStatus"]) {
			bad("employmentStatus")
		}
		if n, err := strconv.Atoi(d["annualIncome"]); err != nil || n < 0 || n > maxAnnualIncome {
			bad("annualIncome")
		}
	case FormFinanceReserve:
		if c, ok := day("collectionDate"); !ok || c.Before(today) || c.After(today.AddDate(0, 0, maxBookingDays)) {
			bad("collectionDate")
		}
	case FormPartExchange:
		if !UKRegistrationPattern.MatchString(compact(d["registration"])) {
			bad("registration")
		}
		if n, err := strconv.Atoi(d["mileage"]); err != nil || n < 0 || n > maxMileage {
			bad("mileage")
		}
		if !slices.Contains(VehicleConditions, d["condition"]) {
			bad("condition")
		}
	}
	s.Values.Details = d
}

func compact(s string) string { return strings.ReplaceAll(s, " ", "") }

// detailLabels name the details in the dealer's e-mail, in this order.
var detailLabels = []struct{ key, label string }{
	{"quoteRef", "Quote reference"},
	{"dateOfBirth", "Date of birth"},
	{"postcode", "Postcode"},
	{"employmentStatus", "Employment status"},
	{"annualIncome", "Annual income (£)"},
	{"collectionDate", "Preferred collection date"},
	{"registration", "Part-exchange registration"},
	{"mileage", "Part-exchange mileage"},
	{"condition", "Part-exchange condition"},
}

var formSubjects = map[string]string{
	FormFinanceApply:   "Finance application",
	FormFinanceReserve: "Reservation",
	FormPartExchange:   "Part-exchange valuation",
}
