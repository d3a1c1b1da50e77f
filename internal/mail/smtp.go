package mail

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/smtp"
	"net/textproto"
	"sort"
	"strings"
	"time"
)

// Mailer sends one e-mail.
type Mailer interface {
	Send(ctx context.Context, m Message) error
}

// SMTPMailer sends through an SMTP relay with net/smtp (no authentication;
// STARTTLS when the server offers it).
type SMTPMailer struct {
	Addr string // host:port, SMTP_ADDR
	From string // SMTP_FROM
}

// Send implements Mailer.
func (s SMTPMailer) Send(ctx context.Context, m Message) error {
	raw, err := Compose(s.From, m, time.Now())
	if err != nil {
		return err
	}
	done := make(chan error, 1)
	go func() { done <- smtp.SendMail(s.Addr, nil, s.From, []string{m.To}, raw) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Compose writes m as an RFC 5322 message from from: a text/plain body, a
// multipart/alternative when it has HTML, and a multipart/mixed around
// both when it has attachments. Every header value is one line (Check).
func Compose(from string, m Message, now time.Time) ([]byte, error) {
	if err := m.Check(); err != nil {
		return nil, err
	}
	var b bytes.Buffer
	id := make([]byte, 12)
	rand.Read(id)
	domain := "forecourt.local"
	if at := strings.LastIndexByte(from, '@'); at >= 0 {
		domain = from[at+1:]
	}
	fmt.Fprintf(&b, "From: %s\r\nTo: %s\r\nSubject: %s\r\nDate: %s\r\nMessage-ID: <%s@%s>\r\nMIME-Version: 1.0\r\n",
		from, m.To, mime.QEncoding.Encode("utf-8", m.Subject), now.UTC().Format(time.RFC1123Z), hex.EncodeToString(id), domain)
	keys := make([]string, 0, len(m.Headers))
	for k := range m.Headers {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(&b, "%s: %s\r\n", textproto.CanonicalMIMEHeaderKey(k), mime.QEncoding.Encode("utf-8", m.Headers[k]))
	}

	if len(m.Attachments) == 0 {
		writeBody(&b, m)
		return b.Bytes(), nil
	}
	mw := multipart.NewWriter(&b)
	fmt.Fprintf(&b, "Content-Type: multipart/mixed; boundary=%s\r\n\r\n", mw.Boundary())
	var body bytes.Buffer
	writeBody(&body, m)
	hdr, content, _ := bytes.Cut(body.Bytes(), []byte("\r\n\r\n"))
	part, err := mw.CreatePart(partHeader(string(hdr)))
	if err != nil {
		return nil, err
	}
	part.Write(content)
	for _, a := range m.Attachments {
		h := textproto.MIMEHeader{}
		h.Set("Content-Type", a.ContentType+"; name=\""+a.Name+"\"")
		h.Set("Content-Disposition", "attachment; filename=\""+a.Name+"\"")
		h.Set("Content-Transfer-Encoding", "base64")
		p, err := mw.CreatePart(h)
		if err != nil {
			return nil, err
		}
		writeBase64(p, a.Data)
	}
	mw.Close()
	return b.Bytes(), nil
}

// writeBody writes the Content-Type header(s) and the body of m: plain text
// alone, or text and HTML as multipart/alternative.
func writeBody(b *bytes.Buffer, m Message) {
	if m.HTML == "" {
		b.WriteString("Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n")
		writeQP(b, m.Text)
		return
	}
	mw := multipart.NewWriter(b)
	fmt.Fprintf(b, "Content-Type: multipart/alternative; boundary=%s\r\n\r\n", mw.Boundary())
	for _, alt := range []struct{ ct, s string }{{"text/plain; charset=utf-8", m.Text}, {"text/html; charset=utf-8", m.HTML}} {
		h := textproto.MIMEHeader{}
		h.Set("Content-Type", alt.ct)
		h.Set("Content-Transfer-Encoding", "quoted-printable")
		p, _ := mw.CreatePart(h)
		var qb bytes.Buffer
		writeQP(&qb, alt.s)
		p.Write(qb.Bytes())
	}
	mw.Close()
}

func writeQP(b *bytes.Buffer, s string) {
	w := quotedprintable.NewWriter(b)
	w.Write([]byte(strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\n", "\r\n")))
	w.Close()
}

func writeBase64(w interface{ Write([]byte) (int, error) }, data []byte) {
	enc := base64.StdEncoding.EncodeToString(data)
	for len(enc) > 76 {
		w.Write([]byte(enc[:76] + "\r\n"))
		enc = enc[76:]
	}
	w.Write([]byte(enc + "\r\n"))
}

// partHeader parses the "Key: value" lines writeBody wrote.
func partHeader(s string) textproto.MIMEHeader {
	h := textproto.MIMEHeader{}
	for _, line := range strings.Split(s, "\r\n") {
		if k, v, ok := strings.Cut(line, ": "); ok {
			h.Set(k, v)
		}
	}
	return h
}
