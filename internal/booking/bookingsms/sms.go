// Package bookingsms sends a booking's text messages: the
// confirmation at once and a reminder 24 hours before the drop-off, when
// the customer gave a mobile number (the tyre hotel always has one). They
// are River jobs (internal/jobs) inserted in the booking's own
// transaction; the worker writes the text, with its delivery job, into the
// one SMS outbox (the tyre hotel's: a gateway, or without one the
// development outbox at /_dev/sms.html) and completes the job in one
// transaction, so a booking's text goes the way every text goes.
//
// A job names the booking and the booking's Sequence when it was made, and
// the worker sends nothing when the booking was cancelled or its time
// changed since: cancelling a booking cancels its messages, and a change of
// time queues a new confirmation and reminder for the new time.
package bookingsms

import (
	"context"
	"database/sql"
	"strings"
	"time"

	"github.com/riverqueue/river"

	"forecourt/internal/booking"
	"forecourt/internal/errs"
	"forecourt/internal/jobs"
)

// RemindBefore is how long before the drop-off the reminder goes.
const RemindBefore = 24 * time.Hour

// Outbox queues one text message and its delivery job inside tx; it is
// given up (never sent) after expires. (*tirehotel.Store).QueueSMSTx is
// the one the server uses.
type Outbox interface {
	QueueSMSTx(ctx context.Context, tx *sql.Tx, to, body string, expires time.Time) error
}

// Kinds of message.
const (
	KindConfirm  = "confirm"  // booked
	KindMoved    = "moved"    // the time was changed
	KindReminder = "reminder" // 24 hours before
	// KindCancelled: the workshop cancelled the booking.
	KindCancelled = booking.SMSCancelled
)

// Args is the job: which booking, which message, the booking's Sequence
// it was made for and the site's language. The number is not in it (River's
// table keeps arguments in clear): the worker reads it when it sends, so an
// erased booking (GDPR) sends nothing.
type Args struct {
	BookingID string `json:"booking_id"`
	Message   string `json:"message"`
	Sequence  int    `json:"sequence"`
	Lang      string `json:"lang"`
}

// Kind implements river.JobArgs.
func (Args) Kind() string { return "booking_sms" }

// Service schedules and sends the messages.
type Service struct {
	Engine *booking.Engine
	Outbox Outbox
	Jobs   *jobs.Queue
	// NumberTx is the number a booking's messages go to, read when one is
	// sent; nil: the booking's own phone (a wheel change uses the tyre
	// hotel agreement's).
	NumberTx func(ctx context.Context, tx *sql.Tx, b booking.Booking) (string, error)
}

// Register adds the worker to q (call before q.Start).
func Register(q *jobs.Queue, s *Service) {
	s.Jobs = q
	river.AddWorker(q.Workers, &worker{s: s})
}

// ScheduleTx inserts, in the booking's transaction, the message of kind
// (KindConfirm or KindMoved) now and the reminder RemindBefore the
// drop-off (when that is still ahead). to is the customer's number as
// typed; nothing is scheduled when it is not a mobile number of the
// workshop's country. lang is the site's language.
func (s *Service) ScheduleTx(ctx context.Context, tx *sql.Tx, b booking.Booking, kind, to, country, lang string) error {
	if _, ok := MobileNumber(to, country); !ok {
		return nil
	}
	a := Args{BookingID: b.ID, Message: kind, Sequence: b.Sequence, Lang: lang}
	unique := river.UniqueOpts{ByArgs: true}
	if err := s.Jobs.InsertTx(ctx, tx, a, &river.InsertOpts{UniqueOpts: unique}); err != nil {
		return errs.Wrap(err, "queue sms")
	}
	at := b.Start.Add(-RemindBefore)
	if kind == KindCancelled || !at.After(s.Engine.Now()) {
		return nil // booked less than a day ahead: the confirmation is the reminder
	}
	a.Message = KindReminder
	return errs.Wrap(s.Jobs.InsertTx(ctx, tx, a, &river.InsertOpts{ScheduledAt: at, UniqueOpts: unique}), "queue sms reminder")
}

type worker struct {
	river.WorkerDefaults[Args]
	s *Service
}

// NextRetry is the one retry policy of deliveries (jobs.Retry).
func (w *worker) NextRetry(job *river.Job[Args]) time.Time {
	return w.s.Jobs.NextRetry(job.Attempt)
}

// Work queues the text (unless the booking was cancelled or changed) and
// completes the job in one transaction, so a crash never sends it twice.
func (w *worker) Work(ctx context.Context, job *river.Job[Args]) error {
	return w.s.Engine.DB().Tx(ctx, func(tx *sql.Tx) error {
		b, err := w.s.Engine.ByIDTx(ctx, tx, job.Args.BookingID)
		if err != nil && !errs.Is(err, errs.NotFound) {
			return err
		}
		// A message is about the booking as it was when scheduled: the
		// cancellation's about a cancelled booking, the others about a
		// booked one whose time has not changed since.
		want := booking.StatusBooked
		if job.Args.Message == KindCancelled {
			want = booking.StatusCancelled
		}
		if err == nil && b.Status == want && b.Sequence == job.Args.Sequence && b.Start.After(w.s.Engine.Now()) {
			ws, err := w.s.Engine.Workshop(b.DepartmentID)
			if err != nil {
				return err
			}
			number := b.Customer.Phone
			if w.s.NumberTx != nil {
				if number, err = w.s.NumberTx(ctx, tx, b); err != nil {
					return err
				}
			}
			if to, ok := MobileNumber(number, ws.Country); ok {
				if err := w.s.Outbox.QueueSMSTx(ctx, tx, to, Text(job.Args.Message, job.Args.Lang, b, ws), b.Start); err != nil {
					return err
				}
			}
		}
		return jobs.CompleteTx(ctx, tx, job)
	})
}

// MobileNumber normalises a number as people write it ("070-123 45 67",
// "+46 (0)70 123 45 67", "0046701234567") to E.164 and reports whether it
// is a mobile number: in Sweden +467[02369]…, elsewhere any number of the
// country's length that its plan gives mobiles (Norway 4/9, Denmark any,
// Finland 4/5). A number of another country passes when it is E.164.
func MobileNumber(s, country string) (string, bool) {
	s = strings.ReplaceAll(s, "(0)", "")
	var b strings.Builder
	for i, r := range strings.TrimSpace(s) {
		switch {
		case r >= '0' && r <= '9':
			b.WriteRune(r)
		case r == '+' && i == 0:
			b.WriteRune(r)
		case r == ' ' || r == '-' || r == '(' || r == ')' || r == '.' || r == '/':
		default:
			return "", false
		}
	}
	n := b.String()
	cc := map[string]string{"SE": "46", "NO": "47", "DK": "45", "FI": "358", "SK": "421", "GB": "44"}[country]
	switch {
	case strings.HasPrefix(n, "00"):
		n = "+" + n[2:]
	case strings.HasPrefix(n, "0") && cc != "":
		n = "+" + cc + n[1:]
	case !strings.HasPrefix(n, "+") && cc != "" && (country == "NO" || country == "DK") && len(n) == 8:
		n = "+" + cc + n
	}
	if !strings.HasPrefix(n, "+") || len(n) < 9 || len(n) > 16 {
		return "", false
	}
	switch {
	case strings.HasPrefix(n, "+46"):
		return n, len(n) == 12 && strings.ContainsRune("02369", rune(n[4])) && n[3] == '7'
	case strings.HasPrefix(n, "+47"):
		return n, len(n) == 11 && (n[3] == '4' || n[3] == '9')
	case strings.HasPrefix(n, "+45"):
		return n, len(n) == 11
	case strings.HasPrefix(n, "+358"):
		return n, n[4] == '4' || n[4] == '5'
	case strings.HasPrefix(n, "+44"):
		return n, len(n) == 13 && n[3] == '7'
	}
	return n, true
}

// texts of the messages by language; {what} the visit by its flow, {when}
// the local drop-off or start, {site} the workshop or dealer site, {phone} its number, {id} the booking.
var texts = map[string]map[string]string{
	"sv": {
		KindCancelled: "Avbokad: {what} hos {site} {when}, bokning {id}. Se mejlet för orsak och ny tid, eller ring {phone}.",
		KindConfirm:   "Bokat: {what} hos {site} {when}. Bokningsnummer {id}. Ändra eller avboka med länken i mejlet, eller ring {phone}.",
		KindMoved:     "Ny tid: {what} hos {site} {when}. Bokningsnummer {id}. Frågor? Ring {phone}.",
		KindReminder:  "Påminnelse: {what} hos {site} {when}. Bokningsnummer {id}. Förhinder? Ändra med länken i mejlet eller ring {phone}.",
		"wheelchange": "hjulskifte", "service": "verkstadsbesök", "testdrive": "provkörning", "fullday": "lämna bilen före kl. 08:00",
	},
	"en": {
		KindCancelled: "Cancelled: {what} at {site} {when}, booking {id}. See the e-mail for the reason and a new time, or call {phone}.",
		KindConfirm:   "Booked: {what} at {site} {when}. Booking {id}. Change or cancel with the link in the e-mail, or call {phone}.",
		KindMoved:     "New time: {what} at {site} {when}. Booking {id}. Questions? Call {phone}.",
		KindReminder:  "Reminder: {what} at {site} {when}. Booking {id}. Can't make it? Use the link in the e-mail or call {phone}.",
		"wheelchange": "wheel change", "service": "workshop visit", "testdrive": "test drive", "fullday": "leave the car before 08:00",
	},
	"nb": {
		KindCancelled: "Avbestilt: {what} hos {site} {when}, bestilling {id}. Se e-posten for årsak og ny tid, eller ring {phone}.",
		KindConfirm:   "Bestilt: {what} hos {site} {when}. Bestillingsnummer {id}. Endre eller avbestill med lenken i e-posten, eller ring {phone}.",
		KindMoved:     "Ny tid: {what} hos {site} {when}. Bestillingsnummer {id}. Spørsmål? Ring {phone}.",
		KindReminder:  "Påminnelse: {what} hos {site} {when}. Bestillingsnummer {id}. Forhindret? Bruk lenken i e-posten eller ring {phone}.",
		"wheelchange": "hjulskift", "service": "verkstedbesøk", "testdrive": "prøvekjøring", "fullday": "lever bilen før kl. 08.00",
	},
	"da": {
		KindCancelled: "Aflyst: {what} hos {site} {when}, booking {id}. Se mailen for årsag og ny tid, eller ring {phone}.",
		KindConfirm:   "Booket: {what} hos {site} {when}. Bookingnummer {id}. Ændr eller aflys med linket i mailen, eller ring {phone}.",
		KindMoved:     "Ny tid: {what} hos {site} {when}. Bookingnummer {id}. Spørgsmål? Ring {phone}.",
		KindReminder:  "Påmindelse: {what} hos {site} {when}. Bookingnummer {id}. Forhindret? Brug linket i mailen eller ring {phone}.",
		"wheelchange": "hjulskift", "service": "værkstedsbesøg", "testdrive": "prøvetur", "fullday": "aflever bilen før kl. 8.00",
	},
	"fi": {
		KindCancelled: "Peruttu: {what}, {site}, {when}, varaus {id}. Syy ja uusi aika sähköpostissa, tai soita {phone}.",
		KindConfirm:   "Varattu: {what}, {site}, {when}. Varausnumero {id}. Muuta tai peru sähköpostin linkistä tai soita {phone}.",
		KindMoved:     "Uusi aika: {what}, {site}, {when}. Varausnumero {id}. Kysyttävää? Soita {phone}.",
		KindReminder:  "Muistutus: {what}, {site}, {when}. Varausnumero {id}. Este? Käytä sähköpostin linkkiä tai soita {phone}.",
		"wheelchange": "renkaanvaihto", "service": "huoltokäynti", "testdrive": "koeajo", "fullday": "tuo auto ennen klo 8.00",
	},
}

// Text is the message of kind in lang (Swedish when the language has no
// texts) for booking b at workshop w.
func Text(kind, lang string, b booking.Booking, w *booking.Workshop) string {
	t, ok := texts[lang]
	if !ok {
		t, lang = texts["sv"], "sv"
	}
	at := b.Start.In(w.Zone)
	when := at.Format("2006-01-02 15:04")
	if lang == "sv" || lang == "nb" || lang == "da" {
		when = at.Format("2006-01-02") + " kl. " + at.Format("15:04")
	}
	if b.FullDay {
		when = at.Format("2006-01-02") + ", " + t["fullday"]
	}
	// The visit is named by its flow (service, wheelchange, testdrive).
	what := t["service"]
	if s, ok := t[b.Flow]; ok && b.Flow != "fullday" {
		what = s
	}
	id := b.ID
	if b.Flow == booking.FlowWheelChange {
		id = "WC-" + strings.TrimPrefix(b.ID, "BK-")
	}
	return strings.NewReplacer("{what}", what, "{site}", w.SiteName, "{when}", when, "{id}", id, "{phone}", w.Phone).Replace(t[kind])
}
