// Package leads owns every lead form of the sites (the car detail contact
// form, the UK finance forms, the sell / trade-in form and the Norwegian
// service request): parsing and checking a submission (the honeypot among
// its fields; tickets and rate limits are internal/forms'), storing it once
// per formSubmissionId and queueing the dealer's e-mail in the shared outbox
// (internal/mail) in the same transaction.
package leads

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"forecourt/internal/errs"
	"forecourt/internal/mail"
	"forecourt/internal/phone"
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
	// ToName and ToEmail are what older clients send as the recipient.
	// The server never mails to them: the recipient comes from the car's
	// own data. A ToEmail equal to one of a sample car's seller sites only
	// selects that site (like SiteID).
	ToName  string `json:"toName"`
	ToEmail string `json:"toEmail"`
	// SiteID is the dealer site a visitor picked for a sample car.
	SiteID string `json:"siteId,omitempty"`
	Source string `json:"source"` // the page URL the form was sent from
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

// PhonePattern is the contact form's phone rule (spec §5): an optional
// plus sign, then 6 to 20 digits or spaces. The front end uses the same.
var PhonePattern = regexp.MustCompile(`^\+?[0-9 ]{6,20}$`)

var submissionIDPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{8,64}$`)

// InvalidInput is the message of every bad field; the front end shows the
// dictionary's invalidInput next to the field.
const InvalidInput = "invalidInput"

// ParseSubmission is ParseSubmissionOn with today's date in UTC on a
// Swedish site.
func ParseSubmission(data []byte) (Submission, error) {
	return ParseSubmissionOn(data, time.Now().UTC(), "SE")
}

// ParseSubmissionOn reads a car form body and checks it (spec §5): name
// required, a phone number (stored in E.164; country is the site's, for
// national numbers), a valid e-mail, a numeric car id
// and a formSubmissionId. The finance forms
// (IsFinanceForm) also need a UK phone number and their details (dates
// are checked against today, the site's date). Bad fields are collected
// into one errs.Invalid whose Fields map the field name (values.phone,
// values.details.postcode) to InvalidInput.
func ParseSubmissionOn(data []byte, today time.Time, country string) (Submission, error) {
	var s Submission
	dec := json.NewDecoder(strings.NewReader(string(data)))
	if err := dec.Decode(&s); err != nil {
		return Submission{}, errs.E(errs.Invalid, "The form body is not valid JSON: %s.", errs.JSONProblem(err))
	}
	v := &s.Values
	for _, p := range []*string{&s.FormName, &s.SubmissionID, &v.Car, &v.Name, &v.Phone, &v.Email, &v.ToName, &v.ToEmail, &v.SiteID, &v.Source} {
		*p = strings.TrimSpace(*p)
	}
	v.Message = CleanMultiline(v.Message)
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
	if !validName(v.Name) {
		fe.Add("values.name", InvalidInput)
	}
	if e164, err := phone.Normalize(v.Phone, country); err != nil {
		fe.Add("values.phone", InvalidInput)
	} else {
		v.Phone = e164
	}
	if !validEmail(v.Email) {
		fe.Add("values.email", InvalidInput)
	}
	if !validLong(v.Message) {
		fe.Add("values.message", InvalidInput)
	}
	if len(v.ToName) > MaxName || len(v.ToEmail) > maxEmailSize {
		fe.Add("values.toEmail", InvalidInput)
	}
	if len(v.SiteID) > 64 || !mail.IsOneLine(v.SiteID) {
		fe.Add("values.siteId", InvalidInput)
	}
	checkSource(v.Source, fe)
	checkDetails(&s, today, fe)
	if err := fe.Err("Some fields are not filled in correctly."); err != nil {
		return Submission{}, err
	}
	return s, nil
}

// DealerMessage is the e-mail that delivers a lead to the dealer in lang
// (the site's language). carTitle names the car ("Volvo XC60 2021"); the
// reply goes to the visitor.
func DealerMessage(s Submission, carTitle, lang string) MailText {
	v := s.Values
	w := MailWordsOf(lang)
	var l lines
	l.text(fmt.Sprintf(w.LeadIntro, Flatten(carTitle), Flatten(v.Car)))
	l.text("")
	l.field(w.Name, v.Name)
	l.field(w.Phone, v.Phone)
	l.field(w.Email, v.Email)
	// The finance forms are the UK site's alone: their details stay English.
	if subject, ok := formSubjects[s.FormName]; ok {
		l.field(w.Request, subject)
		for _, d := range detailLabels {
			if x := v.Details[d.key]; x != "" {
				l.field(d.label, x)
			}
		}
	} else {
		l.field(w.WantsQuote, w.yesNo(v.Quote))
		l.field(w.WantsTestDrv, w.yesNo(v.TestDrive))
	}
	l.long(w.Message, v.Message)
	if v.Source != "" {
		l.text("")
		l.field(w.SentFrom, v.Source)
	}
	l.field(w.Reference, s.SubmissionID)
	kind := w.Lead
	if subject, ok := formSubjects[s.FormName]; ok {
		kind = subject
	}
	return MailText{Subject: Flatten(kind + ": " + carTitle + " – " + v.Name), Body: l.b.String()}
}

func (w MailWords) yesNo(b bool) string {
	if b {
		return w.Yes
	}
	return w.No
}
