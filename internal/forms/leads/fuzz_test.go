package leads_test

import (
	"strings"
	"testing"
	"time"

	"forecourt/internal/forms/leads"
)

// FuzzParseSubmission: the lead and finance form bodies parse or fail with
// an error; a parsed submission has a well-formed id and recipient.
func FuzzParseSubmission(f *testing.F) {
	f.Add(body(nil))
	f.Add(body(func(m map[string]any) {
		m["formName"] = "finance-apply"
		values(m)["details"] = map[string]any{"quoteRef": "X"}
	}))
	f.Add(body(func(m map[string]any) { values(m)["toEmail"] = "a@b.se\r\nBcc: x@y.z" }))
	f.Add([]byte(`{"formName":"carDetailContact"}`))
	f.Add([]byte(`[]`))
	today := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := leads.ParseSubmissionOn(data, today, "SE")
		if err != nil {
			return
		}
		if s.SubmissionID == "" {
			t.Fatalf("accepted without id: %+v", s)
		}
		// The visitor's address becomes the mail's Reply-To: no line breaks.
		// (toEmail only picks among the car's own sellers; it is never a header.)
		if strings.ContainsAny(s.Values.Email, "\r\n") {
			t.Fatalf("a line break reached the reply address: %q", s.Values.Email)
		}
		leads.DealerMessage(s, "Volvo XC60", "en")
	})
}
