package search

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// special folds letters that do not decompose into a base letter and marks.
var special = map[rune]string{
	'ø': "o", 'æ': "ae", 'œ': "oe", 'ß': "ss", 'đ': "d", 'ð': "d", 'ł': "l", 'þ': "th", 'ı': "i",
}

// fold lower-cases s and strips diacritics, so "Citroën" and "citroen",
// "Škoda" and "skoda", "Malmö" and "malmo" compare equal.
func fold(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii {
		return strings.ToLower(s)
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range norm.NFD.String(s) {
		if unicode.Is(unicode.Mn, r) {
			continue
		}
		r = unicode.ToLower(r)
		if m, ok := special[r]; ok {
			b.WriteString(m)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// tokens splits s into folded words: runs of letters and digits. Hyphens and
// other punctuation separate words, so "Mercedes-Benz" gives "mercedes" and
// "benz".
func tokens(s string) []string {
	return strings.FieldsFunc(fold(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
}
