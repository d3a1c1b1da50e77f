// Package leads owns the contact-form leads of the car detail page: parsing
// a submission, storing it once per formSubmissionId, and delivering it to
// the dealer by e-mail through a persistent outbox with retries.
package leads

import (
	"encoding/json"
	"fmt"
	"net/mail"
	"regexp"
	"strconv"
	"strings"
	"time"

	"forecourt/internal/errs"
)

// Values are the contact form values of the spec (§3 "Contact form values").
type Values struct {
	Car       string `json:"car"` // the car id
	Name      string `json:"name"`
	Phone     string `json:"phone"`
	Email     string `json:"email"`
	Message   string `json:"message"`
	Quote     bool   `json:"quote"`
	TestDrive bool   `json:"testDrive"`
	ToName    string `json:"toName"`
	ToEmail   string `json:"toEmail"`
	Source    string `json:"source"` // the page URL the form was sent from
	// Details are the answers of the finance forms (see IsFinanceForm),
	// such as details.quoteRef; other forms have none.
	Details map[string]string `json:"details,omitempty"`
}

// Submission is a parsed "POST /api/forms/comhub" body.
type Submission struct {
	FormName     string `json:"formName"`
	SubmissionID string `json:"formSubmissionId"`
	Values       Values `json:"values"`
	CarID        int64  `json:"-"`
}

// Lead is a stored submission.
type Lead struct {
	ID        int64
	SiteName  string
	Sub       Submission
	CreatedAt time.Time
}

// PhonePattern is the contact form's phone rule (spec §5): an optional
// plus sign, then 6 to 20 digits or spaces. The front end uses the same.
var PhonePattern = regexp.MustCompile(`^\+?[0-9 ]{6,20}$`)

var submissionIDPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{8,64}$`)

// Field limits.
const (
	maxName    = 200
	maxMessage = 4000
)

// InvalidInput is the message of every bad field; the front end shows the
// dictionary's invalidInput next to the field.
const InvalidInput = "invalidInput"

// ParseSubmission is ParseSubmissionOn with today's date in UTC.
func ParseSubmission(data []byte) (Submission, error) {
	return ParseSubmissionOn(data, time.Now().UTC())
}

// ParseSubmissionOn reads a lead form body and checks it (spec §5): name
// required, phone matching PhonePattern, a valid e-mail, a numeric car id,
// the recipient's address and a formSubmissionId. The finance forms
// (IsFinanceForm) also need a UK phone number and their details (dates
// are checked against today, the site's date). Bad fields are collected
// into one errs.Invalid whose Fields map the field name (values.phone,
// values.details.postcode) to InvalidInput.
func ParseSubmissionOn(data []byte, today time.Time) (Submission, error) {
	var s Submission
	dec := json.NewDecoder(strings.NewReader(string(data)))
	if err := dec.Decode(&s); err != nil {
		return Submission{}, errs.E(errs.Invalid, "The form body is not valid JSON: %s.", errs.JSONProblem(err))
	}
	v := &s.Values
	for _, p := range []*string{&s.FormName, &s.SubmissionID, &v.Car, &v.Name, &v.Phone, &v.Email, &v.Message, &v.ToName, &v.ToEmail, &v.Source} {
		*p = strings.TrimSpace(*p)
	}
	fe := errs.FieldErrors{}
	if s.FormName == "" || len(s.FormName) > 100 {
		fe.Add("formName", InvalidInput)
	}
	if !submissionIDPattern.MatchString(s.SubmissionID) {
		fe.Add("formSubmissionId", InvalidInput)
	}
	if id, err := strconv.ParseInt(v.Car, 10, 64); err != nil || id <= 0 {
		fe.Add("values.car", InvalidInput)
	} else {
		s.CarID = id
	}
	if v.Name == "" || len(v.Name) > maxName {
		fe.Add("values.name", InvalidInput)
	}
	if !PhonePattern.MatchString(v.Phone) {
		fe.Add("values.phone", InvalidInput)
	}
	if !validEmail(v.Email) {
		fe.Add("values.email", InvalidInput)
	}
	if len(v.Message) > maxMessage {
		fe.Add("values.message", InvalidInput)
	}
	if !validEmail(v.ToEmail) {
		fe.Add("values.toEmail", InvalidInput)
	}
	if len(v.Source) > 2000 {
		fe.Add("values.source", InvalidInput)
	}
	checkDetails(&s, today, fe)
	if err := fe.Err("Some fields are not filled in correctly."); err != nil {
		return Submission{}, err
	}
	return s, nil
}

// validEmail accepts a plain address (no display name) with a dotted domain.
func validEmail(s string) bool {
	if s == "" || len(s) > 254 || strings.ContainsAny(s, " <>\r\n") {
		return false
	}
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s {
		return false
	}
	at := strings.LastIndexByte(s, '@')
	return at > 0 && strings.Contains(s[at+1:], ".")
}

// Message is an e-mail of the outbox.
type Message struct {
	To      string
	Subject string
	Body    string
}

// DealerMessage is the e-mail that delivers a lead to the dealer. carTitle
// names the car ("Volvo XC60 2021"); the reply goes to the visitor.
func DealerMessage(s Submission, carTitle string) Message {
	v := s.Values
	var b strings.Builder
	fmt.Fprintf(&b, "A new lead from the website for %s (car %s).\r\n\r\n", carTitle, v.Car)
	fmt.Fprintf(&b, "Name: %s\r\nPhone: %s\r\nE-mail: %s\r\n", v.Name, v.Phone, v.Email)
	if subject, ok := formSubjects[s.FormName]; ok {
		fmt.Fprintf(&b, "Request: %s\r\n", subject)
		for _, d := range detailLabels {
			if x := v.Details[d.key]; x != "" {
				fmt.Fprintf(&b, "%s: %s\r\n", d.label, x)
			}
		}
	} else {
		fmt.Fprintf(&b, "Wants a quote: %s\r\nWants a test drive: %s\r\n", yesNo(v.Quote), yesNo(v.TestDrive))
	}
	if v.Message != "" {
		fmt.Fprintf(&b, "\r\nMessage:\r\n%s\r\n", strings.ReplaceAll(strings.ReplaceAll(v.Message, "\r\n", "\n"), "\n", "\r\n"))
	}
	if v.Source != "" {
		fmt.Fprintf(&b, "\r\nSent from: %s\r\n", v.Source)
	}
	fmt.Fprintf(&b, "Reference: %s\r\n", s.SubmissionID)
	kind := "Lead"
	if subject, ok := formSubjects[s.FormName]; ok {
		kind = subject
	}
	return Message{To: v.ToEmail, Subject: kind + ": " + carTitle + " – " + v.Name, Body: b.String()}
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
