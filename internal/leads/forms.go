package leads

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"forecourt/internal/errs"
	"forecourt/internal/mail"
	"forecourt/internal/phone"
)

// Form names of POST /api/forms/comhub (docs/forms.md §1).
const (
	FormCarDetail      = "carDetailContact"
	FormSellCar        = "sellCar"
	FormServiceRequest = "serviceRequestNo"
)

// KnownForm reports whether formName is a form of the comhub endpoint.
func KnownForm(formName string) bool {
	return formName == FormCarDetail || formName == FormSellCar || formName == FormServiceRequest || IsFinanceForm(formName)
}

// IsCarForm reports whether formName is about one car (the car detail
// contact form and the UK finance forms): its recipient is the car's dealer.
func IsCarForm(formName string) bool { return formName == FormCarDetail || IsFinanceForm(formName) }

// Envelope is the outer shape of every form body: the form's own fields
// plus the spam-defence fields (the ticket and the honeypot "website").
type Envelope struct {
	FormName     string          `json:"formName"`
	SubmissionID string          `json:"formSubmissionId"`
	Values       json.RawMessage `json:"values"`
	Ticket       string          `json:"ticket"`
	Website      string          `json:"website"`
}

// ErrMalformed is the message of a body that is not a JSON object.
const ErrMalformed = "The form body is not valid JSON."

// DecodeJSON decodes a request body into v: one JSON value and nothing
// after it. A syntax or type error of the outer shape is errs.Invalid
// without fields (400 "malformed").
func DecodeJSON(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(v); err != nil {
		return errs.E(errs.Invalid, ErrMalformed)
	}
	if dec.More() {
		return errs.E(errs.Invalid, ErrMalformed)
	}
	return nil
}

// ParseEnvelope reads the outer shape of a comhub body and checks the
// form name and the submission id.
func ParseEnvelope(data []byte) (Envelope, error) {
	var e Envelope
	if err := DecodeJSON(data, &e); err != nil {
		return Envelope{}, err
	}
	e.FormName = strings.TrimSpace(e.FormName)
	e.SubmissionID = strings.TrimSpace(e.SubmissionID)
	return e, nil
}

// checkEnvelope adds the errors of the envelope's own fields to fe.
func checkEnvelope(e Envelope, fe errs.FieldErrors) {
	if !KnownForm(e.FormName) {
		fe.Add("formName", InvalidInput)
	}
	if !submissionIDPattern.MatchString(e.SubmissionID) {
		fe.Add("formSubmissionId", InvalidInput)
	}
}

// valuesOf decodes the values object of a form; a values that is not an
// object is a field error, never a malformed body.
func valuesOf(raw json.RawMessage, v any, fe errs.FieldErrors) bool {
	if len(bytes.TrimSpace(raw)) == 0 || bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
		fe.Add("values", InvalidInput)
		return false
	}
	if err := json.Unmarshal(raw, v); err != nil {
		var te *json.UnmarshalTypeError
		if ok := asTypeError(err, &te); ok && te.Field != "" {
			fe.Add("values."+te.Field, InvalidInput)
		} else {
			fe.Add("values", InvalidInput)
		}
		return false
	}
	return true
}

func asTypeError(err error, te **json.UnmarshalTypeError) bool {
	t, ok := err.(*json.UnmarshalTypeError)
	*te = t
	return ok
}

// SellCar is the sell / trade-in form (spec §3 "Sell-car form values").
type SellCar struct {
	Regno         string `json:"regno"`
	Milage        Count  `json:"milage"`
	CustomerName  string `json:"customerName"`
	CustomerPhone string `json:"customerPhone"`
	CustomerEmail string `json:"customerEmail"`
	Option        string `json:"option"` // "sell" or "tradeIn"
	Other         string `json:"other"`
	Source        string `json:"source"`
}

// Sell-car options.
const (
	OptionSell    = "sell"
	OptionTradeIn = "tradeIn"
)

// ParseSellCar checks the values of a sellCar form (spec §5 "Sell form").
func ParseSellCar(raw json.RawMessage, country string, fe errs.FieldErrors) SellCar {
	var v SellCar
	if !valuesOf(raw, &v, fe) {
		return v
	}
	trim(&v.CustomerName, &v.CustomerPhone, &v.CustomerEmail, &v.Option, &v.Source)
	v.Other = CleanMultiline(v.Other)
	if r, ok := NormalizeRegno(v.Regno); ok {
		v.Regno = r
	} else {
		fe.Add("values.regno", InvalidInput)
	}
	if !v.Milage.Set || v.Milage.Bad {
		fe.Add("values.milage", InvalidInput)
	}
	checkPerson(v.CustomerName, &v.CustomerPhone, v.CustomerEmail, "values.customer", country, fe)
	if v.Option != OptionSell && v.Option != OptionTradeIn {
		fe.Add("values.option", InvalidInput)
	}
	if !validLong(v.Other) {
		fe.Add("values.other", InvalidInput)
	}
	checkSource(v.Source, fe)
	return v
}

// checkPerson checks name, phone and e-mail of the customer… fields and
// turns the phone number into E.164 (country: the site's, for national
// numbers).
func checkPerson(name string, tel *string, email, prefix, country string, fe errs.FieldErrors) {
	if !validName(name) {
		fe.Add(prefix+"Name", InvalidInput)
	}
	if e164, err := phone.Normalize(*tel, country); err != nil {
		fe.Add(prefix+"Phone", InvalidInput)
	} else {
		*tel = e164
	}
	if !ValidEmail(email) {
		fe.Add(prefix+"Email", InvalidInput)
	}
}

func checkSource(s string, fe errs.FieldErrors) {
	if len(s) > MaxSource || !mail.IsOneLine(s) {
		fe.Add("values.source", InvalidInput)
	}
}

func trim(ps ...*string) {
	for _, p := range ps {
		*p = strings.TrimSpace(*p)
	}
}

// The Norwegian service request's choices (spec §9).
var (
	CarServices = []string{"Service", "Vinterklar-bil", "EU-kontroll", "Hjulskift", "Service eldre biler (5+)",
		"Reparasjon", "Lakk/karosseri", "Steinsprut/Ruteskift", "Aircondition service", "Bilskade", "Annet"}
	MotorbikeServices = []string{"Bestille service", "Bestille deler", "Annet"}
)

// Vehicle types of the Norwegian form.
const (
	TypeCar       = "car"
	TypeMotorbike = "motorbike"
)

// MaxDesiredDays is how far ahead a desired service date may be.
const MaxDesiredDays = 365

// ServiceRequest is the Norwegian service request (spec §3 "Norwegian form values").
type ServiceRequest struct {
	TypeCar       string   `json:"typeCar"`
	SiteID        string   `json:"siteId"`
	Services      []string `json:"services"`
	DesiredDate   string   `json:"desiredDate"`
	Regno         string   `json:"regno"`
	CustomerName  string   `json:"customerName"`
	CustomerPhone string   `json:"customerPhone"`
	CustomerEmail string   `json:"customerEmail"`
	Milage        Count    `json:"milage"` // kilometres
	Description   string   `json:"description"`
	Other         string   `json:"other"`
	GDPR          bool     `json:"gdpr"`
	Newsletter    bool     `json:"newsletter"`
	Source        string   `json:"source"`
}

// ParseServiceRequest checks the values of a serviceRequestNo form (spec
// §5 "Norwegian form"); today is the date in Europe/Oslo. Whether SiteID
// names a Norwegian dealer is checked by the caller, who knows them.
func ParseServiceRequest(raw json.RawMessage, today time.Time, country string, fe errs.FieldErrors) ServiceRequest {
	var v ServiceRequest
	if !valuesOf(raw, &v, fe) {
		return v
	}
	trim(&v.TypeCar, &v.SiteID, &v.DesiredDate, &v.CustomerName, &v.CustomerPhone, &v.CustomerEmail, &v.Source)
	v.Description, v.Other = CleanMultiline(v.Description), CleanMultiline(v.Other)
	allowed := CarServices
	switch v.TypeCar {
	case TypeCar:
		if v.SiteID == "" || len(v.SiteID) > 64 || !mail.IsOneLine(v.SiteID) {
			fe.Add("values.siteId", InvalidInput)
		}
	case TypeMotorbike:
		allowed = MotorbikeServices
		v.SiteID = ""
	default:
		fe.Add("values.typeCar", InvalidInput)
	}
	if len(v.Services) > len(CarServices) {
		fe.Add("values.services", InvalidInput)
	}
	seen := map[string]bool{}
	for _, s := range v.Services {
		if !slices.Contains(allowed, s) || seen[s] {
			fe.Add("values.services", InvalidInput)
			break
		}
		seen[s] = true
	}
	day := time.Date(today.Year(), today.Month(), today.Day(), 0, 0, 0, 0, time.UTC)
	if d, err := time.Parse(time.DateOnly, v.DesiredDate); err != nil || d.Before(day) || d.After(day.AddDate(0, 0, MaxDesiredDays)) {
		fe.Add("values.desiredDate", InvalidInput)
	}
	if r, ok := NormalizeRegno(v.Regno); ok {
		v.Regno = r
	} else {
		fe.Add("values.regno", InvalidInput)
	}
	checkPerson(v.CustomerName, &v.CustomerPhone, v.CustomerEmail, "values.customer", country, fe)
	if v.Milage.Bad {
		fe.Add("values.milage", InvalidInput)
	}
	if !validLong(v.Description) {
		fe.Add("values.description", InvalidInput)
	}
	if !validLong(v.Other) {
		fe.Add("values.other", InvalidInput)
	}
	if !v.GDPR {
		fe.Add("values.gdpr", InvalidInput)
	}
	checkSource(v.Source, fe)
	return v
}

// Recipient is where a lead is mailed: always an address from the site's
// own data (a dealer site, a car's seller, the site's form settings).
type Recipient struct {
	Name  string
	Email string
	// DealerSiteID is the dealer site the lead goes to (the car's dealer,
	// the dealer the visitor picked); 0 when it goes to the site as a
	// whole. The sales inbox shows the lead to that dealer's sellers.
	DealerSiteID int64
}

// Form is a checked submission of any comhub form, ready to be stored.
type Form struct {
	Name         string // formName
	SubmissionID string
	CarID        int64  // car forms only
	Email        string // the visitor's e-mail (GDPR export and erase)
	Values       any    // the normalised values, stored as JSON
	Ticket       string
	Honeypot     bool // the honeypot was filled: answer as usual, keep nothing
	// Lang is the site's language, set by the handler: the customer's
	// receipt (Receipt) is written in it.
	Lang string

	car  *Submission
	sell *SellCar
	svc  *ServiceRequest
}

// Car returns the car-form submission (car forms only).
func (f *Form) Car() *Submission { return f.car }

// ServiceRequest returns the Norwegian service request (that form only).
func (f *Form) ServiceRequest() *ServiceRequest { return f.svc }

// ParseForm reads and checks a comhub body of any form; country is the
// site's (phone numbers are stored in E.164, national ones with its
// prefix). today is the site's date (the Norwegian form's desired date and the finance forms'
// dates are checked against it). Bad fields come back as one errs.Invalid
// listing each field; a body that is not JSON as errs.Invalid without
// fields.
func ParseForm(data []byte, today time.Time, country string) (*Form, error) {
	env, err := ParseEnvelope(data)
	if err != nil {
		return nil, err
	}
	fe := errs.FieldErrors{}
	checkEnvelope(env, fe)
	f := &Form{Name: env.FormName, SubmissionID: env.SubmissionID, Ticket: strings.TrimSpace(env.Ticket), Honeypot: strings.TrimSpace(env.Website) != ""}
	switch {
	case IsCarForm(env.FormName):
		sub, err := parseCarValues(env, today, country)
		if err != nil {
			mergeFields(err, fe)
		} else {
			f.car, f.CarID, f.Email, f.Values = &sub, sub.CarID, strings.ToLower(sub.Values.Email), sub.Values
		}
	case env.FormName == FormSellCar:
		v := ParseSellCar(env.Values, country, fe)
		f.sell, f.Email, f.Values = &v, strings.ToLower(v.CustomerEmail), v
	case env.FormName == FormServiceRequest:
		v := ParseServiceRequest(env.Values, today, country, fe)
		f.svc, f.Email, f.Values = &v, strings.ToLower(v.CustomerEmail), v
	}
	if err := fe.Err("Some fields are not filled in correctly."); err != nil {
		return nil, err
	}
	return f, nil
}

func mergeFields(err error, fe errs.FieldErrors) {
	if e, ok := err.(*errs.Error); ok && len(e.Fields) > 0 {
		for k, v := range e.Fields {
			fe.Add(k, v)
		}
		return
	}
	fe.Add("values", InvalidInput)
}

// parseCarValues checks the values of a car form with the rules of
// ParseSubmissionOn.
func parseCarValues(env Envelope, today time.Time, country string) (Submission, error) {
	body, err := json.Marshal(struct {
		FormName     string          `json:"formName"`
		SubmissionID string          `json:"formSubmissionId"`
		Values       json.RawMessage `json:"values"`
	}{env.FormName, env.SubmissionID, env.Values})
	if err != nil {
		return Submission{}, errs.E(errs.Invalid, ErrMalformed)
	}
	return ParseSubmissionOn(body, today, country)
}

// Mail composes the dealer's e-mail of a checked form for to in lang (the
// site's language). carTitle names the car of a car form ("Volvo XC60
// 2021").
func (f *Form) Mail(to Recipient, carTitle, lang string) MailText {
	w := MailWordsOf(lang)
	switch {
	case f.car != nil:
		return DealerMessage(*f.car, carTitle, lang)
	case f.sell != nil:
		return sellCarMessage(f, *f.sell, w)
	case f.svc != nil:
		return serviceMessage(f, *f.svc, to, w)
	}
	return MailText{}
}

// MailText is the subject and plain-text body of a lead mail.
type MailText struct {
	Subject string
	Body    string
}

type lines struct{ b strings.Builder }

// field writes "label: value" with value flattened onto one line.
func (l *lines) field(label, value string) {
	fmt.Fprintf(&l.b, "%s: %s\r\n", label, Flatten(value))
}

func (l *lines) text(s string) { l.b.WriteString(s + "\r\n") }

func (l *lines) long(label, value string) {
	if value == "" {
		return
	}
	fmt.Fprintf(&l.b, "\r\n%s:\r\n%s\r\n", label, Quote(value))
}

func sellCarMessage(f *Form, v SellCar, w MailWords) MailText {
	var l lines
	choice := w.Sell
	if v.Option == OptionTradeIn {
		choice = w.TradeIn
	}
	l.text(w.SellIntro)
	l.text("")
	l.field(w.WantsTo, choice)
	l.field(w.Regno, v.Regno)
	l.field(w.Mileage, fmt.Sprint(v.Milage.Value))
	l.field(w.Name, v.CustomerName)
	l.field(w.Phone, v.CustomerPhone)
	l.field(w.Email, v.CustomerEmail)
	l.long(w.Other, v.Other)
	if v.Source != "" {
		l.text("")
		l.field(w.SentFrom, v.Source)
	}
	l.field(w.Reference, f.SubmissionID)
	return MailText{Subject: Flatten(choice + ": " + v.Regno + " – " + v.CustomerName), Body: l.b.String()}
}

func serviceMessage(f *Form, v ServiceRequest, to Recipient, w MailWords) MailText {
	var l lines
	kind := w.Car
	if v.TypeCar == TypeMotorbike {
		kind = w.Bike
	}
	l.text(w.ServiceIntro)
	l.text("")
	l.field(w.Vehicle, kind)
	l.field(w.Dealer, to.Name)
	services := strings.Join(v.Services, ", ")
	if services == "" {
		services = w.NoneChosen
	}
	l.field(w.Services, services)
	l.field(w.DesiredDate, v.DesiredDate)
	l.field(w.Regno, v.Regno)
	if v.Milage.Set {
		l.field(w.Mileage, fmt.Sprint(v.Milage.Value))
	}
	l.field(w.Name, v.CustomerName)
	l.field(w.Phone, v.CustomerPhone)
	l.field(w.Email, v.CustomerEmail)
	l.field(w.Consent, w.yesNo(v.GDPR))
	l.field(w.Newsletter, w.yesNo(v.Newsletter))
	l.long(w.Description, v.Description)
	l.long(w.Other, v.Other)
	if v.Source != "" {
		l.text("")
		l.field(w.SentFrom, v.Source)
	}
	l.field(w.Reference, f.SubmissionID)
	return MailText{Subject: Flatten(w.ServiceRequest + ": " + v.Regno + " – " + v.CustomerName), Body: l.b.String()}
}

// runes counts characters (for limits given in characters).
func runes(s string) int { return utf8.RuneCountInString(s) }

// ValidSubmissionID reports whether id is a good formSubmissionId.
func ValidSubmissionID(id string) bool { return submissionIDPattern.MatchString(id) }
