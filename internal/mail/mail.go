// Package mail is the one outbox of every e-mail forecourt sends: leads,
// service and wheel-change bookings, form submissions. A domain queues a
// Message inside its own transaction (Queue) together with the mail's
// delivery job, so a mail and its delivery exist exactly when the data it
// is about does. The mail_outbox table stays the record of what was sent
// (the GDPR export and erasure read it); the job queue (internal/jobs)
// delivers, retries under its one policy and never runs a job in two
// processes, and the Outbox's sweep re-queues any unsent mail whose job is
// gone, so a mail server outage or a restart loses nothing.
package mail

import (
	"net/mail"
	"strings"
	"unicode"
	"unicode/utf8"

	"forecourt/internal/errs"
)

// Attachment is a file sent with a mail, e.g. invite.ics as
// "text/calendar; charset=utf-8; method=REQUEST".
type Attachment struct {
	Name        string `json:"name"`
	ContentType string `json:"contentType"`
	Data        []byte `json:"data"`
}

// Message is one e-mail to one recipient.
type Message struct {
	To      string `json:"to"`
	Subject string `json:"subject"`
	// Text is the plain-text body; HTML an optional alternative of it.
	Text string `json:"text"`
	HTML string `json:"html,omitempty"`
	// Attachments are sent as parts of a multipart/mixed mail.
	Attachments []Attachment `json:"attachments,omitempty"`
	// Headers are extra headers such as List-Unsubscribe or Reply-To.
	Headers map[string]string `json:"headers,omitempty"`
	// Kind says which flow sent the mail (lead, booking, wheelchange,
	// form, …) and Ref the domain record (booking:BK-123); both are for
	// operations and the GDPR export, never sent.
	Kind string `json:"kind"`
	Ref  string `json:"ref,omitempty"`
}

// Limits of a queued mail.
const (
	maxSubject     = 300
	maxBody        = 256 << 10
	maxAttachments = 8
	maxAttachment  = 1 << 20
	maxHeaders     = 16
)

// reservedHeaders are written by the Mailer; a Message cannot set them.
var reservedHeaders = map[string]bool{
	"from": true, "to": true, "cc": true, "bcc": true, "subject": true, "date": true,
	"message-id": true, "mime-version": true, "content-type": true, "content-transfer-encoding": true,
}

// ValidAddress reports whether s is a plain address (no display name, no
// spaces or line breaks) with a dotted domain.
func ValidAddress(s string) bool {
	if s == "" || len(s) > 254 || strings.ContainsAny(s, " <>\"\r\n\t,;") {
		return false
	}
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s {
		return false
	}
	at := strings.LastIndexByte(s, '@')
	dom := s[at+1:]
	return at > 0 && strings.Contains(dom, ".") && !strings.HasPrefix(dom, ".") && !strings.HasSuffix(dom, ".")
}

// IsOneLine reports whether s fits a one-line field as it is: valid UTF-8
// without line breaks or control characters (U+2028, U+2029 and NEL
// included). Every form, the service booking and the tyre hotel refuse a
// one-line field that fails it (a name with a line break would start a
// line of its own in a mail or a calendar file).
func IsOneLine(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' || r == '\u0085' || r == utf8.RuneError {
			return false
		}
	}
	return true
}

// OneLine folds s into a single line: line breaks, tabs and other control
// characters become spaces and runs of spaces one space. Use it for every
// one-line value that goes into a subject, a header or a "Name: value" line
// of a body, so no client value can start a line of its own.
func OneLine(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for _, r := range s {
		if unicode.IsControl(r) || unicode.IsSpace(r) || r == '\u2028' || r == '\u2029' {
			if !space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = true
			continue
		}
		space = false
		b.WriteRune(r)
	}
	return strings.TrimRight(b.String(), " ")
}

// Check validates m as Queue does: errs.Invalid naming what is wrong.
func (m *Message) Check() error {
	if !ValidAddress(m.To) {
		return errs.E(errs.Invalid, "mail: the recipient %q is not a valid address", m.To)
	}
	if m.Subject != OneLine(m.Subject) || m.Subject == "" || utf8.RuneCountInString(m.Subject) > maxSubject {
		return errs.E(errs.Invalid, "mail: the subject must be one line of 1 to %d characters", maxSubject)
	}
	if m.Kind == "" || m.Kind != OneLine(m.Kind) || len(m.Kind) > 40 {
		return errs.E(errs.Invalid, "mail: a kind is required")
	}
	if len(m.Text) > maxBody || len(m.HTML) > maxBody || !utf8.ValidString(m.Text) || !utf8.ValidString(m.HTML) {
		return errs.E(errs.Invalid, "mail: the body must be valid UTF-8 of at most %d bytes", maxBody)
	}
	if len(m.Attachments) > maxAttachments {
		return errs.E(errs.Invalid, "mail: at most %d attachments", maxAttachments)
	}
	for _, a := range m.Attachments {
		if a.Name == "" || a.Name != OneLine(a.Name) || strings.ContainsAny(a.Name, "\"/\\") || len(a.Name) > 100 {
			return errs.E(errs.Invalid, "mail: attachment name %q is not allowed", a.Name)
		}
		if a.ContentType == "" || a.ContentType != OneLine(a.ContentType) {
			return errs.E(errs.Invalid, "mail: attachment %q needs a one-line content type", a.Name)
		}
		if len(a.Data) > maxAttachment {
			return errs.E(errs.Invalid, "mail: attachment %q is larger than %d bytes", a.Name, maxAttachment)
		}
	}
	if len(m.Headers) > maxHeaders {
		return errs.E(errs.Invalid, "mail: at most %d extra headers", maxHeaders)
	}
	for k, v := range m.Headers {
		if !validHeaderName(k) || reservedHeaders[strings.ToLower(k)] {
			return errs.E(errs.Invalid, "mail: header %q is not allowed", k)
		}
		if v != OneLine(v) || len(v) > 2000 {
			return errs.E(errs.Invalid, "mail: header %s must be one line", k)
		}
	}
	return nil
}

func validHeaderName(k string) bool {
	if k == "" || len(k) > 64 {
		return false
	}
	for i := 0; i < len(k); i++ {
		c := k[i]
		if !(c == '-' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return true
}
