package booking

import (
	"fmt"
	"strings"
	"time"

	ics "github.com/arran4/golang-ical"
)

// Invite describes the calendar event of a booking.
type Invite struct {
	Summary     string // e.g. "Service: Volvo XC60 ABC123"
	Description string // plain text; the cancel link belongs here
	URL         string // the cancel page
	Organizer   string // the workshop's e-mail address
	Attendee    string // the customer's e-mail address
	Cancelled   bool   // METHOD:CANCEL with STATUS:CANCELLED
}

// CalendarFile returns the booking as an iCalendar file (METHOD:REQUEST, or
// CANCEL) with the workshop's VTIMEZONE, the event in the workshop's local
// time (TZID), its address, position and contacts, so Outlook and Google
// Calendar place it at the right hour on either side of a daylight-saving
// change. A full-day booking runs from the 08:00 drop-off to closing.
func CalendarFile(b Booking, w *Workshop, in Invite) ([]byte, error) {
	loc := w.Zone
	start := b.Start.In(loc)
	end := start.Add(time.Duration(b.Minutes) * time.Minute)
	if b.FullDay {
		end = start.Add(time.Duration(b.Minutes) * time.Minute)
		if spans, _ := w.Hours(DateOf(start)); len(spans) > 0 {
			end = DateOf(start).At(spans[len(spans)-1].To, loc)
		}
	}
	cal := ics.NewCalendarFor("Forecourt")
	cal.SetProductId("-//Forecourt//Verkstadsbokning//SV")
	if in.Cancelled {
		cal.SetMethod(ics.MethodCancel)
	} else {
		cal.SetMethod(ics.MethodRequest)
	}
	addTimezone(cal, loc, start)
	ev := cal.AddEvent(b.ID + "@forecourt")
	ev.SetDtStampTime(b.CreatedAt)
	ev.SetCreatedTime(b.CreatedAt)
	const local = "20060102T150405"
	ev.SetProperty(ics.ComponentPropertyDtStart, start.Format(local), ics.WithTZID(w.ZoneName))
	ev.SetProperty(ics.ComponentPropertyDtEnd, end.Format(local), ics.WithTZID(w.ZoneName))
	ev.SetSummary(in.Summary)
	ev.SetLocation(w.SiteName + ", " + w.Address())
	ev.SetGeo(w.Latitude, w.Longitude)
	if in.Description != "" {
		ev.SetDescription(in.Description)
	}
	if in.URL != "" {
		ev.SetURL(in.URL)
	}
	if in.Organizer != "" {
		ev.SetOrganizer("mailto:"+in.Organizer, ics.WithCN(w.SiteName))
	}
	if in.Attendee != "" {
		ev.AddAttendee("mailto:"+in.Attendee, ics.WithCN(strings.TrimSpace(b.Customer.FirstName+" "+b.Customer.LastName)),
			ics.CalendarUserTypeIndividual, ics.ParticipationStatusAccepted, ics.ParticipationRoleReqParticipant)
	}
	if in.Cancelled {
		ev.SetStatus(ics.ObjectStatusCancelled)
		ev.SetSequence(1)
	} else {
		ev.SetStatus(ics.ObjectStatusConfirmed)
		ev.SetSequence(0)
	}
	return []byte(cal.Serialize()), nil
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
