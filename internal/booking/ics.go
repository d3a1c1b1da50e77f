package booking

import (
	"fmt"
	"strings"
	"time"
	"unicode"

	ics "github.com/arran4/golang-ical"
)

// Invite describes the calendar event of a booking.
type Invite struct {
	Summary     string // e.g. "Service: Volvo XC60 ABC123"
	Description string // plain text; the change-or-cancel link belongs here
	URL         string // the booking's page (change or cancel)
	Organizer   string // the workshop's e-mail address
	Cancelled   bool   // METHOD:CANCEL with STATUS:CANCELLED
	// Stamp is when this version of the event was made (DTSTAMP); zero
	// means the booking's creation.
	Stamp time.Time
}

// InviteOf is the calendar event of b in every file of it (the mails of
// every flow and the download): the same summary and description, the
// booking's page (manageURL, "" for none) as URL, stamped with its last
// change.
func InviteOf(b Booking, w *Workshop, service, manageURL string) Invite {
	in := Invite{
		Summary:     service + ": " + b.Reg + " – " + w.SiteName,
		Description: "Bokning " + b.ID + " hos " + w.SiteName + ", " + w.Address() + ".",
		URL:         manageURL, Organizer: w.Email, Cancelled: b.Status == StatusCancelled,
	}
	if manageURL != "" {
		in.Description += "\nÄndra tid eller avboka: " + manageURL
	}
	if b.ChangedAt != nil {
		in.Stamp = *b.ChangedAt
	}
	return in
}

// CalendarContentType is the MIME type of a calendar file of CalendarFile.
func CalendarContentType(cancelled bool) string {
	if cancelled {
		return "text/calendar; charset=utf-8; method=CANCEL"
	}
	return "text/calendar; charset=utf-8; method=PUBLISH"
}

// CalendarFile returns the booking as an iCalendar file (RFC 5545) with the
// workshop's VTIMEZONE, the event in the workshop's local time (TZID), its
// address, position and contacts, so Outlook and Google Calendar place it
// at the right hour on either side of a daylight-saving change. A full-day
// booking runs from the 08:00 drop-off to closing.
//
// It is the one calendar writer of every flow (confirmation, change,
// cancellation, the download on the booking's page): METHOD:PUBLISH with
// no attendee, so no calendar offers reply buttons whose answers would go
// to the workshop, or METHOD:CANCEL; the UID is the booking's and SEQUENCE
// its Sequence, which every change and the cancellation raise, so a
// calendar replaces the event it has. Lines end in CRLF and are folded at
// 75 octets between UTF-8 characters; every TEXT value is escaped
// (backslash, comma, semicolon, newline) and loses other control
// characters, so a value can never start a property of its own.
func CalendarFile(b Booking, w *Workshop, in Invite) ([]byte, error) {
	loc := w.Zone
	start := b.Start.In(loc)
	end := start.Add(time.Duration(b.Minutes) * time.Minute)
	if b.FullDay {
		if spans, _ := w.Hours(DateOf(start)); len(spans) > 0 {
			end = DateOf(start).At(spans[len(spans)-1].To, loc)
		}
	}
	cal := ics.NewCalendarFor("Forecourt")
	cal.SetProductId("-//Forecourt//Verkstadsbokning//SV")
	if in.Cancelled {
		cal.SetMethod(ics.MethodCancel)
	} else {
		cal.SetMethod(ics.MethodPublish)
	}
	addTimezone(cal, loc, start)
	ev := cal.AddEvent(b.ID + "@forecourt")
	stamp := in.Stamp
	if stamp.IsZero() {
		stamp = b.CreatedAt
	}
	ev.SetDtStampTime(stamp)
	ev.SetCreatedTime(b.CreatedAt)
	const local = "20060102T150405"
	ev.SetProperty(ics.ComponentPropertyDtStart, start.Format(local), ics.WithTZID(w.ZoneName))
	ev.SetProperty(ics.ComponentPropertyDtEnd, end.Format(local), ics.WithTZID(w.ZoneName))
	ev.SetSummary(icsText(in.Summary))
	ev.SetLocation(icsText(w.SiteName + ", " + w.Address()))
	ev.SetGeo(w.Latitude, w.Longitude)
	if in.Description != "" {
		ev.SetDescription(icsText(in.Description))
	}
	if in.URL != "" && !strings.ContainsFunc(in.URL, unicode.IsControl) {
		ev.SetURL(in.URL)
	}
	if in.Organizer != "" && !strings.ContainsFunc(in.Organizer, func(r rune) bool { return unicode.IsControl(r) || r == '"' || r == ':' || r == ';' }) {
		ev.SetOrganizer("mailto:"+in.Organizer, ics.WithCN(icsParam(w.SiteName)))
	}
	ev.SetSequence(b.Sequence)
	if in.Cancelled {
		ev.SetStatus(ics.ObjectStatusCancelled)
	} else {
		ev.SetStatus(ics.ObjectStatusConfirmed)
	}
	return []byte(cal.Serialize(ics.WithNewLineWindows)), nil
}

// icsText prepares a TEXT value for the library's escaping (which covers
// backslash, comma, semicolon and LF): line breaks of any kind become LF
// (escaped as \n) and other control characters are dropped, so no value
// can end its line early.
func icsText(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	return strings.Map(func(r rune) rune {
		if r == '\n' {
			return r
		}
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' {
			return -1
		}
		return r
	}, s)
}

// icsParam is a parameter value (CN): parameters cannot be escaped, only
// quoted, so quotes and control characters are dropped.
func icsParam(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == '"' {
			return -1
		}
		return r
	}, s)
}

// addTimezone writes the VTIMEZONE of loc for the year of t: its standard
// and daylight observances with yearly rules, found from the zone's own
// transitions (a zone without daylight saving gets one STANDARD).
func addTimezone(cal *ics.Calendar, loc *time.Location, t time.Time) {
	tz := cal.AddTimezone(loc.String())
	year := t.Year()
	transitions := zoneTransitions(loc, year)
	if len(transitions) == 0 {
		name, off := time.Date(year, 1, 1, 0, 0, 0, 0, loc).Zone()
		st := tz.AddStandard()
		st.AddProperty(ics.ComponentPropertyDtStart, "19700101T000000")
		st.AddProperty(ics.ComponentProperty(ics.PropertyTzoffsetfrom), offset(off))
		st.AddProperty(ics.ComponentProperty(ics.PropertyTzoffsetto), offset(off))
		st.AddProperty(ics.ComponentProperty(ics.PropertyTzname), name)
		return
	}
	for _, tr := range transitions {
		var c *ics.ComponentBase
		if tr.toDST {
			d := &ics.Daylight{}
			tz.Components = append(tz.Components, d)
			c = &d.ComponentBase
		} else {
			c = &tz.AddStandard().ComponentBase
		}
		// DTSTART is the local wall time of the change in the old offset.
		wall := tr.at.In(time.FixedZone("", tr.from))
		c.AddProperty(ics.ComponentPropertyDtStart, wall.Format("20060102T150405"))
		c.AddProperty(ics.ComponentProperty(ics.PropertyTzoffsetfrom), offset(tr.from))
		c.AddProperty(ics.ComponentProperty(ics.PropertyTzoffsetto), offset(tr.to))
		c.AddProperty(ics.ComponentProperty(ics.PropertyTzname), tr.name)
		c.AddProperty(ics.ComponentPropertyRrule, fmt.Sprintf("FREQ=YEARLY;BYMONTH=%d;BYDAY=%s", int(wall.Month()), byDay(wall)))
	}
}

type transition struct {
	at       time.Time
	from, to int // UTC offsets in seconds
	name     string
	toDST    bool
}

// zoneTransitions finds the offset changes of loc in year.
func zoneTransitions(loc *time.Location, year int) []transition {
	var out []transition
	t := time.Date(year, 1, 1, 0, 0, 0, 0, time.UTC)
	end := time.Date(year+1, 1, 1, 0, 0, 0, 0, time.UTC)
	_, prev := t.In(loc).Zone()
	for ; t.Before(end); t = t.Add(time.Hour) {
		_, off := t.In(loc).Zone()
		if off == prev {
			continue
		}
		// The change is within the last hour: find its minute.
		at := t.Add(-time.Hour)
		for ; ; at = at.Add(time.Minute) {
			if _, o := at.In(loc).Zone(); o == off {
				break
			}
		}
		name, _ := at.In(loc).Zone()
		out = append(out, transition{at: at, from: prev, to: off, name: name, toDST: off > prev})
		prev = off
	}
	return out
}

func offset(sec int) string {
	sign := "+"
	if sec < 0 {
		sign, sec = "-", -sec
	}
	return fmt.Sprintf("%s%02d%02d", sign, sec/3600, sec%3600/60)
}

// byDay is the RRULE BYDAY of t's weekday in its month: "-1SU" for the last
// Sunday, "2SU" for the second.
func byDay(t time.Time) string {
	wd := strings.ToUpper(t.Weekday().String()[:2])
	if t.AddDate(0, 0, 7).Month() != t.Month() {
		return "-1" + wd
	}
	return fmt.Sprintf("%d%s", (t.Day()-1)/7+1, wd)
}
