package leads

import (
	"encoding/json"
	netmail "net/mail"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"forecourt/internal/mail"
)

// The shared text rules of every form (docs/forms.md §0). The front end
// applies the same.
const (
	MaxName      = 200  // one-line name fields, in characters
	MaxLongText  = 4000 // message, other, description
	MaxSource    = 2000 // the page address a form was sent from
	MaxMileage   = 2_000_000
	maxRegnoLen  = 10
	minRegnoLen  = 2
	maxEmailSize = 254
)

// Flatten makes s safe for one line of a mail: line breaks, tabs and
// other control characters become spaces and runs of spaces one space
// (mail.OneLine). It is the last guard for every value that reaches a
// subject or a "Label: value" line, the site's own data included.
func Flatten(s string) string { return strings.TrimSpace(mail.OneLine(s)) }

// CleanMultiline normalises a multi-line answer: line breaks become "\n"
// (CR LF, CR, U+2028/2029 and NEL included), other control characters but
// tab are dropped, and surrounding space is trimmed.
func CleanMultiline(s string) string {
	s = strings.ToValidUTF8(s, "")
	s = strings.NewReplacer("\r\n", "\n", "\r", "\n", "\u2028", "\n", "\u2029", "\n", "\u0085", "\n").Replace(s)
	var b strings.Builder
	for _, r := range s {
		if r == '\n' || r == '\t' || !unicode.IsControl(r) {
			b.WriteRune(r)
		}
	}
	return strings.TrimSpace(b.String())
}

// Quote indents every line of a multi-line answer by two spaces, so a
// visitor's text can never pose as a field line ("E-mail: …") of the mail.
func Quote(s string) string {
	lines := strings.Split(CleanMultiline(s), "\n")
	for i, l := range lines {
		lines[i] = "  " + l
	}
	return strings.Join(lines, "\r\n")
}

// ValidEmail accepts a plain address (no display name) with a dotted
// domain, at most 254 characters, on one line.
func ValidEmail(s string) bool {
	if s == "" || len(s) > maxEmailSize || strings.ContainsAny(s, " <>\"()[],;:\\") || !mail.IsOneLine(s) {
		return false
	}
	a, err := netmail.ParseAddress(s)
	if err != nil || a.Address != s {
		return false
	}
	at := strings.LastIndexByte(s, '@')
	if at <= 0 {
		return false
	}
	domain := s[at+1:]
	dot := strings.LastIndexByte(domain, '.')
	return dot > 0 && len(domain)-dot-1 >= 2
}

func validEmail(s string) bool { return ValidEmail(s) }

// ValidPhone applies PhonePattern to a trimmed phone number.
func ValidPhone(s string) bool { return PhonePattern.MatchString(s) }

// regnoPattern: letters (Nordic ones too) and digits, spaces removed.
var regnoPattern = regexp.MustCompile(`^[A-ZÆØÅÄÖ0-9]+$`)

// NormalizeRegno removes spaces and dashes and upper-cases a registration
// number; ok is false when the result is not 2–10 letters or digits.
func NormalizeRegno(s string) (string, bool) {
	s = strings.ToUpper(strings.NewReplacer(" ", "", "-", "").Replace(strings.TrimSpace(s)))
	n := utf8.RuneCountInString(s)
	return s, n >= minRegnoLen && n <= maxRegnoLen && regnoPattern.MatchString(s)
}

// validName checks a required one-line name.
func validName(s string) bool {
	return s != "" && utf8.RuneCountInString(s) <= MaxName && mail.IsOneLine(s)
}

// validLong checks an optional multi-line answer.
func validLong(s string) bool {
	return utf8.ValidString(s) && utf8.RuneCountInString(s) <= MaxLongText
}

// Count is a non-negative whole number sent as a JSON number or as a
// string of digits ("" or null: not given).
type Count struct {
	Set   bool
	Value int64
	Bad   bool // present but not a whole number ≥ 0
}

// UnmarshalJSON implements json.Unmarshaler; it never fails, so that a bad
// value becomes a field error instead of a malformed body.
func (c *Count) UnmarshalJSON(b []byte) error {
	*c = Count{}
	s := strings.TrimSpace(string(b))
	if s == "null" {
		return nil
	}
	if strings.HasPrefix(s, `"`) {
		var str string
		if err := json.Unmarshal(b, &str); err != nil {
			c.Bad = true
			return nil
		}
		s = strings.TrimSpace(str)
		if s == "" {
			return nil
		}
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 0 || n > MaxMileage {
		c.Set, c.Bad = true, true
		return nil
	}
	c.Set, c.Value = true, n
	return nil
}

// MarshalJSON writes the number, or null when not given.
func (c Count) MarshalJSON() ([]byte, error) {
	if !c.Set || c.Bad {
		return []byte("null"), nil
	}
	return []byte(strconv.FormatInt(c.Value, 10)), nil
}
