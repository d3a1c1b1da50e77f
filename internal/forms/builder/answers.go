package builder

import (
	"bytes"
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"forecourt/internal/errs"
	"forecourt/internal/forms/leads"
	"forecourt/internal/mail"
	"forecourt/internal/phone"
)

// Answers are checked answers: Values maps a field name to a string, a
// float64 (number) or a bool (checkbox); unanswered optional fields are
// left out.
type Answers struct {
	Values map[string]any
	Email  string // the first e-mail answer, lower-cased (GDPR)
}

// Check checks raw answers against the definition with the client's rules
// (docs/forms.md §2); today is the site's date and country its ISO code
// (a phone field's national number takes its prefix; phone numbers are
// kept in E.164). Every bad or unknown field is reported as
// answers.<name> = invalidInput in one errs.Invalid.
func (d *Definition) Check(raw map[string]json.RawMessage, today time.Time, country string) (Answers, error) {
	fe := errs.FieldErrors{}
	out := Answers{Values: map[string]any{}}
	for name := range raw {
		if _, ok := d.Field(name); !ok {
			fe.Add("answers."+name, leads.InvalidInput)
		}
	}
	day := time.Date(today.Year(), today.Month(), today.Day(), 0, 0, 0, 0, time.UTC)
	for i := range d.Fields {
		f := &d.Fields[i]
		v, ok, bad := f.check(raw[f.Name], day, country)
		key := "answers." + f.Name
		switch {
		case bad:
			fe.Add(key, leads.InvalidInput)
		case f.Required && (!ok || v == false):
			fe.Add(key, leads.InvalidInput)
		case ok:
			out.Values[f.Name] = v
			if f.Type == TypeEmail && out.Email == "" {
				out.Email = strings.ToLower(v.(string))
			}
		}
	}
	if err := fe.Err("Some fields are not filled in correctly."); err != nil {
		return Answers{}, err
	}
	return out, nil
}

// check returns the normalised answer; ok is false when the field is not
// answered (absent, null or blank), bad when the
// answer breaks a rule.
func (f *Field) check(raw json.RawMessage, day time.Time, country string) (v any, ok, bad bool) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
		return nil, false, false
	}
	if f.Type == TypeCheckbox {
		var b bool
		if json.Unmarshal(raw, &b) != nil {
			return nil, false, true
		}
		return b, true, false
	}
	if f.Type == TypeNumber {
		var n float64
		if raw[0] == '"' {
			var s string
			if json.Unmarshal(raw, &s) != nil {
				return nil, false, true
			}
			s = strings.TrimSpace(s)
			if s == "" {
				return nil, false, false
			}
			x, err := strconv.ParseFloat(strings.Replace(s, ",", ".", 1), 64)
			if err != nil {
				return nil, false, true
			}
			n = x
		} else if json.Unmarshal(raw, &n) != nil {
			return nil, false, true
		}
		if math.IsNaN(n) || math.IsInf(n, 0) || (f.minNum != nil && n < *f.minNum) || (f.maxNum != nil && n > *f.maxNum) {
			return nil, false, true
		}
		return n, true, false
	}
	var s string
	if json.Unmarshal(raw, &s) != nil || !utf8.ValidString(s) {
		return nil, false, true
	}
	if f.Type == TypeTextarea {
		s = leads.CleanMultiline(s)
	} else {
		s = strings.TrimSpace(s)
		if !mail.IsOneLine(s) {
			return nil, false, true
		}
	}
	if s == "" {
		return nil, false, false
	}
	switch f.Type {
	case TypeText, TypeTextarea:
		if utf8.RuneCountInString(s) > f.MaxLength || (f.re != nil && !f.re.MatchString(s)) {
			return nil, false, true
		}
	case TypeEmail:
		if !leads.ValidEmail(s) {
			return nil, false, true
		}
	case TypePhone:
		// A field with its own pattern keeps the answer as written (the
		// editor asked for that shape); otherwise numbers are taken as
		// people write them and kept in E.164, as every other form does.
		if f.re != nil {
			if !f.re.MatchString(s) {
				return nil, false, true
			}
			break
		}
		n, err := phone.Normalize(s, country)
		if err != nil {
			return nil, false, true
		}
		s = n
	case TypeSelect:
		if !slices.ContainsFunc(f.Options, func(o Option) bool { return o.Value == s }) {
			return nil, false, true
		}
	case TypeDate:
		t, err := time.Parse(time.DateOnly, s)
		if err != nil || t.Before(dateBound(f.Min, day)) || (f.Max != nil && t.After(dateBound(f.Max, day))) {
			return nil, false, true
		}
	}
	return s, true, false
}

// dateBound resolves a date field's min or max ("today" or YYYY-MM-DD);
// an absent min is the zero time (no bound).
func dateBound(v any, day time.Time) time.Time {
	s, _ := v.(string)
	if s == "today" {
		return day
	}
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return time.Time{}
	}
	return t
}

// Display is the text of an answer in the recipient's mail.
func (f *Field) Display(v any) string {
	switch x := v.(type) {
	case bool:
		if x {
			return "✓"
		}
		return "–"
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case string:
		if f.Type == TypeSelect {
			for _, o := range f.Options {
				if o.Value == x {
					return o.Label
				}
			}
		}
		return x
	}
	return ""
}
