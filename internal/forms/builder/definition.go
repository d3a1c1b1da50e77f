// Package builder serves the forms editors define in content: their
// definitions (content/<site>/forms/<formId>.yaml), the FormBuilder block's
// loader, the checking of answers with the same rules as the client, and
// the submission of answers either to the built-in store (stored and mailed
// to the form's recipient through the shared outbox) or to the hosted form
// service (Jotform) when it is configured.
package builder

import (
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"sort"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"forecourt/internal/errs"
	"forecourt/internal/forms/leads"
	"forecourt/internal/mail"
)

// Field types.
const (
	TypeText     = "text"
	TypeEmail    = "email"
	TypePhone    = "phone"
	TypeNumber   = "number"
	TypeSelect   = "select"
	TypeCheckbox = "checkbox"
	TypeTextarea = "textarea"
	TypeDate     = "date"
)

var fieldTypes = []string{TypeText, TypeEmail, TypePhone, TypeNumber, TypeSelect, TypeCheckbox, TypeTextarea, TypeDate}

// Default and largest lengths of text answers, in characters.
const (
	DefaultTextMax     = 200
	DefaultTextareaMax = 4000
	maxFields          = 50
	maxOptions         = 200
)

// Option is one choice of a select field.
type Option struct {
	Value string `json:"value" yaml:"value"`
	Label string `json:"label" yaml:"label"`
}

// Field is one field of a form. Min and Max are numbers for number fields
// and "today" or YYYY-MM-DD for date fields.
type Field struct {
	Name        string   `json:"name" yaml:"name"`
	Type        string   `json:"type" yaml:"type"`
	Label       string   `json:"label" yaml:"label"`
	Required    bool     `json:"required" yaml:"required"`
	Placeholder string   `json:"placeholder,omitempty" yaml:"placeholder"`
	Help        string   `json:"help,omitempty" yaml:"help"`
	Pattern     string   `json:"pattern,omitempty" yaml:"pattern"`
	MaxLength   int      `json:"maxLength,omitempty" yaml:"maxLength"`
	Options     []Option `json:"options,omitempty" yaml:"options"`
	Min         any      `json:"min,omitempty" yaml:"min"`
	Max         any      `json:"max,omitempty" yaml:"max"`
	// QID is the question id of the field in the hosted form (Jotform);
	// empty: the field's name.
	QID string `json:"-" yaml:"qid"`

	re             *regexp.Regexp
	minNum, maxNum *float64
}

// Definition is a form defined in content. Recipient never leaves the
// server (see Public).
type Definition struct {
	ID            string  `json:"id" yaml:"-"`
	Site          string  `json:"-" yaml:"-"`
	Title         string  `json:"title" yaml:"title"`
	Intro         string  `json:"intro,omitempty" yaml:"intro"`
	SubmitLabel   string  `json:"submitLabel" yaml:"submitLabel"`
	ThankYou      string  `json:"thankYou" yaml:"thankYou"`
	ErrorText     string  `json:"errorText" yaml:"errorText"`
	Fields        []Field `json:"fields" yaml:"fields"`
	Recipient     string  `json:"-" yaml:"recipient"`
	RecipientName string  `json:"-" yaml:"recipientName"`
	// JotformID is the id of the same form in the hosted service, used
	// when JOTFORM_API_KEY is set; empty: ID.
	JotformID string `json:"-" yaml:"jotformId"`
}

// Public is the definition as the FormBuilder block gets it: without the
// recipient (the JSON tags leave it out).
func (d *Definition) Public() *Definition { return d }

// Field returns the named field.
func (d *Definition) Field(name string) (*Field, bool) {
	for i := range d.Fields {
		if d.Fields[i].Name == name {
			return &d.Fields[i], true
		}
	}
	return nil, false
}

// SellCarSettings is where a site's sell / trade-in leads go.
type SellCarSettings struct {
	Recipient string `yaml:"recipient"`
	Name      string `yaml:"name"`
	// TradeInMargin is the percentage the preliminary valuation of a car
	// (POST /api/valuation) is below what the fair-price model expects its
	// asking price to be: the dealer's costs and margin on a car it buys.
	TradeInMargin float64 `yaml:"tradeInMargin"`
}

// Dealer is a fixed dealer named in settings.
type Dealer struct {
	Name  string `yaml:"name" json:"name"`
	City  string `yaml:"city" json:"city"`
	Email string `yaml:"email" json:"-"`
}

// ServiceRequestSettings are the Norwegian service request's settings.
type ServiceRequestSettings struct {
	MotorbikeDealer Dealer `yaml:"motorbikeDealer"`
}

// Settings are a site's form settings (content/<site>/forms/_settings.yaml).
type Settings struct {
	SellCar        SellCarSettings        `yaml:"sellCar"`
	ServiceRequest ServiceRequestSettings `yaml:"serviceRequest"`
}

// Library holds every site's form definitions and settings.
type Library struct {
	forms    map[string]map[string]*Definition // site → id → definition
	settings map[string]Settings
}

var (
	formIDPattern    = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,63}$`)
	fieldNamePattern = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]{0,39}$`)
)

// Load reads content/<site>/forms/*.yaml of every site folder of fsys
// (the content folder). A mistake names the file and the field.
func Load(fsys fs.FS) (*Library, error) {
	lib := &Library{forms: map[string]map[string]*Definition{}, settings: map[string]Settings{}}
	sites, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return nil, fmt.Errorf("read content: %w", err)
	}
	for _, s := range sites {
		if !s.IsDir() || strings.HasPrefix(s.Name(), ".") || strings.HasPrefix(s.Name(), "_") {
			continue
		}
		dir := path.Join(s.Name(), "forms")
		files, err := fs.ReadDir(fsys, dir)
		if err != nil {
			continue // no forms folder
		}
		for _, f := range files {
			name := f.Name()
			if f.IsDir() || !strings.HasSuffix(name, ".yaml") {
				continue
			}
			file := path.Join(dir, name)
			data, err := fs.ReadFile(fsys, file)
			if err != nil {
				return nil, err
			}
			if name == "_settings.yaml" {
				var st Settings
				if err := decodeStrict(data, &st); err != nil {
					return nil, fmt.Errorf("%s: %w", file, err)
				}
				if err := st.check(); err != nil {
					return nil, fmt.Errorf("%s: %w", file, err)
				}
				lib.settings[s.Name()] = st
				continue
			}
			id := strings.TrimSuffix(name, ".yaml")
			d, err := ParseDefinition(s.Name(), id, data)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", file, err)
			}
			if lib.forms[s.Name()] == nil {
				lib.forms[s.Name()] = map[string]*Definition{}
			}
			lib.forms[s.Name()][id] = d
		}
	}
	return lib, nil
}

func decodeStrict(data []byte, v any) error {
	dec := yaml.NewDecoder(strings.NewReader(string(data)))
	dec.KnownFields(true)
	return dec.Decode(v)
}

func (s Settings) check() error {
	if r := s.SellCar.Recipient; r != "" && !leads.ValidEmail(r) {
		return fmt.Errorf("sellCar.recipient %q is not an e-mail address", r)
	}
	if m := s.SellCar.TradeInMargin; m < 0 || m >= 60 {
		return fmt.Errorf("sellCar.tradeInMargin %v: want a percentage from 0 to under 60", m)
	}
	if r := s.ServiceRequest.MotorbikeDealer.Email; r != "" && !leads.ValidEmail(r) {
		return fmt.Errorf("serviceRequest.motorbikeDealer.email %q is not an e-mail address", r)
	}
	return nil
}

// ParseDefinition reads and checks one definition of site with id.
func ParseDefinition(site, id string, data []byte) (*Definition, error) {
	if !formIDPattern.MatchString(id) {
		return nil, fmt.Errorf("form id %q: want lower-case letters, digits and dashes", id)
	}
	var d Definition
	if err := decodeStrict(data, &d); err != nil {
		return nil, err
	}
	d.ID, d.Site = id, site
	if strings.TrimSpace(d.Title) == "" {
		return nil, fmt.Errorf("title: required")
	}
	if !leads.ValidEmail(d.Recipient) {
		return nil, fmt.Errorf("recipient %q: want an e-mail address", d.Recipient)
	}
	if !mail.IsOneLine(d.RecipientName) {
		return nil, fmt.Errorf("recipientName: one line")
	}
	if d.SubmitLabel == "" || d.ThankYou == "" || d.ErrorText == "" {
		return nil, fmt.Errorf("submitLabel, thankYou and errorText: required")
	}
	if len(d.Fields) == 0 || len(d.Fields) > maxFields {
		return nil, fmt.Errorf("fields: 1 to %d", maxFields)
	}
	seen := map[string]bool{}
	for i := range d.Fields {
		f := &d.Fields[i]
		at := fmt.Sprintf("fields[%d] (%s)", i, f.Name)
		if !fieldNamePattern.MatchString(f.Name) {
			return nil, fmt.Errorf("%s: name: want a letter, then letters, digits or _ (at most 40)", at)
		}
		if seen[f.Name] {
			return nil, fmt.Errorf("%s: name used twice", at)
		}
		seen[f.Name] = true
		if !slices.Contains(fieldTypes, f.Type) {
			return nil, fmt.Errorf("%s: type %q: want one of %s", at, f.Type, strings.Join(fieldTypes, ", "))
		}
		if strings.TrimSpace(f.Label) == "" {
			return nil, fmt.Errorf("%s: label: required", at)
		}
		if f.Pattern != "" {
			if f.Type != TypeText && f.Type != TypePhone {
				return nil, fmt.Errorf("%s: pattern: only for text and phone fields", at)
			}
			re, err := regexp.Compile(`^(?:` + f.Pattern + `)$`)
			if err != nil {
				return nil, fmt.Errorf("%s: pattern: %v", at, err)
			}
			f.re = re
		}
		switch f.Type {
		case TypeText, TypeTextarea:
			def := DefaultTextMax
			if f.Type == TypeTextarea {
				def = DefaultTextareaMax
			}
			if f.MaxLength == 0 {
				f.MaxLength = def
			}
			if f.MaxLength < 1 || f.MaxLength > DefaultTextareaMax {
				return nil, fmt.Errorf("%s: maxLength: 1 to %d", at, DefaultTextareaMax)
			}
		default:
			if f.MaxLength != 0 {
				return nil, fmt.Errorf("%s: maxLength: only for text and textarea fields", at)
			}
		}
		if f.Type == TypeSelect {
			if len(f.Options) == 0 || len(f.Options) > maxOptions {
				return nil, fmt.Errorf("%s: options: 1 to %d", at, maxOptions)
			}
			vals := map[string]bool{}
			for _, o := range f.Options {
				if o.Value == "" || !mail.IsOneLine(o.Value) || vals[o.Value] || o.Label == "" {
					return nil, fmt.Errorf("%s: options: each needs a distinct one-line value and a label", at)
				}
				vals[o.Value] = true
			}
		} else if len(f.Options) > 0 {
			return nil, fmt.Errorf("%s: options: only for select fields", at)
		}
		if err := f.checkBounds(); err != nil {
			return nil, fmt.Errorf("%s: %w", at, err)
		}
	}
	return &d, nil
}

func (f *Field) checkBounds() error {
	if f.Min == nil && f.Max == nil {
		return nil
	}
	switch f.Type {
	case TypeNumber:
		num := func(v any, name string) (*float64, error) {
			if v == nil {
				return nil, nil
			}
			switch n := v.(type) {
			case int:
				x := float64(n)
				return &x, nil
			case float64:
				return &n, nil
			}
			return nil, fmt.Errorf("%s: want a number", name)
		}
		var err error
		if f.minNum, err = num(f.Min, "min"); err != nil {
			return err
		}
		if f.maxNum, err = num(f.Max, "max"); err != nil {
			return err
		}
		if f.minNum != nil && f.maxNum != nil && *f.minNum > *f.maxNum {
			return fmt.Errorf("min is above max")
		}
	case TypeDate:
		for _, v := range []any{f.Min, f.Max} {
			if v == nil {
				continue
			}
			s, ok := v.(string)
			if !ok {
				return fmt.Errorf("min/max: want \"today\" or YYYY-MM-DD")
			}
			if s != "today" {
				if _, err := time.Parse(time.DateOnly, s); err != nil {
					return fmt.Errorf("min/max: want \"today\" or YYYY-MM-DD")
				}
			}
		}
	default:
		return fmt.Errorf("min/max: only for number and date fields")
	}
	return nil
}

// Form returns the definition of formID on site, or errs.NotFound.
func (l *Library) Form(site, formID string) (*Definition, error) {
	if d, ok := l.forms[site][formID]; ok {
		return d, nil
	}
	return nil, errs.E(errs.NotFound, "There is no form %q.", formID)
}

// IDs lists the form ids of site, sorted.
func (l *Library) IDs(site string) []string {
	out := make([]string, 0, len(l.forms[site]))
	for id := range l.forms[site] {
		out = append(out, id)
	}
	sort.Strings(out)
	return out
}

// Settings returns the form settings of site (zero when it has none).
func (l *Library) Settings(site string) Settings { return l.settings[site] }
