package booking_test

import (
	"strings"
	"testing"

	"forecourt/internal/booking"
)

// TestStaffMailsInTheSiteLanguage: the workshop's change and cancellation
// mails are written in the site's language with every value filled in,
// the calendar file's SEQUENCE raised, and English for a language without
// texts of its own.
func TestStaffMailsInTheSiteLanguage(t *testing.T) {
	w := testWorkshop(1, false)
	old := booking.Booking{ID: "BK-2345678", Flow: booking.FlowService, DepartmentID: w.DepartmentID, Start: local("2026-11-30 10:00"), Zone: w.ZoneName,
		Minutes: 60, Status: booking.StatusBooked, Reg: "ABC123", CancelToken: "t",
		Customer: booking.Customer{FirstName: "Anna", LastName: "Lind", Email: "anna@example.se"}}
	moved := old
	moved.Start, moved.Sequence = local("2026-12-01 13:30"), 1
	cancelled := old
	cancelled.Status, cancelled.Sequence = booking.StatusCancelled, 1
	want := map[string][2]string{
		"sv": {"har flyttat din bokning", "1 december 2026 kl. 13:30"},
		"en": {"has moved your booking", "1 December 2026 at 13:30"},
		"nb": {"har flyttet bestillingen din", "1. desember 2026 kl. 13:30"},
		"da": {"har flyttet din booking", "1. december 2026 kl. 13:30"},
		"fi": {"on siirtänyt varauksesi", "1. joulukuuta 2026 klo 13:30"},
		"sk": {"presunul vašu rezerváciu", "1. decembra 2026 o 13:30"},
		"de": {"has moved your booking", "1 December 2026 at 13:30"},
	}
	for lang, w2 := range want {
		msgs, err := booking.StaffChangeMails(old, moved, w, booking.VisitName, "https://forecourt.se/boka-service/hantera?token=x", lang)
		if err != nil || len(msgs) != 1 {
			t.Fatalf("%s: %v %d", lang, err, len(msgs))
		}
		m := msgs[0]
		if !strings.Contains(m.Text, w2[0]) || !strings.Contains(m.Text, w2[1]) || !strings.Contains(m.Subject, "BK-2345678") || strings.Contains(m.Text+m.Subject, "{") {
			t.Errorf("%s change mail %q\n%s", lang, m.Subject, m.Text)
		}
		if ics := string(m.Attachments[0].Data); !strings.Contains(ics, "SEQUENCE:1") || !strings.Contains(ics, "UID:BK-2345678@") {
			t.Errorf("%s: calendar file\n%s", lang, ics)
		}
		msgs, err = booking.StaffCancellationMails(cancelled, w, booking.VisitName, "https://forecourt.se/boka-service", "Sjuk mekaniker", lang)
		if err != nil || len(msgs) != 1 || !strings.Contains(msgs[0].Text, "Sjuk mekaniker") || strings.Contains(msgs[0].Text, "{") ||
			!strings.Contains(string(msgs[0].Attachments[0].Data), "METHOD:CANCEL") {
			t.Errorf("%s cancellation: %v %+v", lang, err, msgs)
		}
	}
	erased := old
	erased.Customer.Email = ""
	if msgs, err := booking.StaffChangeMails(erased, erased, w, booking.VisitName, "", "sv"); err != nil || len(msgs) != 0 {
		t.Errorf("an erased booking's mail: %v %d", err, len(msgs))
	}
}
