package booking

import (
	"sync"
	"time"

	"github.com/rickar/cal/v2"
	"github.com/rickar/cal/v2/dk"
	"github.com/rickar/cal/v2/gb"
	"github.com/rickar/cal/v2/no"
	"github.com/rickar/cal/v2/se"
	"github.com/rickar/cal/v2/sk"
)

// Date is a calendar day (no zone): the local day of a workshop.
type Date struct {
	Year  int
	Month time.Month
	Day   int
}

// DateOf is the calendar day of t in its location.
func DateOf(t time.Time) Date {
	y, m, d := t.Date()
	return Date{y, m, d}
}

// ParseDate reads "YYYY-MM-DD".
func ParseDate(s string) (Date, error) {
	t, err := time.Parse("2006-01-02", s)
	if err != nil {
		return Date{}, err
	}
	return DateOf(t), nil
}

func (d Date) String() string {
	b := make([]byte, 0, 10)
	b = appendPadded(b, d.Year, 4)
	b = append(b, '-')
	b = appendPadded(b, int(d.Month), 2)
	b = append(b, '-')
	b = appendPadded(b, d.Day, 2)
	return string(b)
}

func appendPadded(b []byte, n, width int) []byte {
	var digits [8]byte
	i := len(digits)
	for n > 0 || i == len(digits) {
		i--
		digits[i] = byte('0' + n%10)
		n /= 10
	}
	for k := len(digits) - i; k < width; k++ {
		b = append(b, '0')
	}
	return append(b, digits[i:]...)
}

// AddDays is d moved n days (n may be negative).
func (d Date) AddDays(n int) Date {
	return DateOf(time.Date(d.Year, d.Month, d.Day+n, 12, 0, 0, 0, time.UTC))
}

// Weekday of d.
func (d Date) Weekday() time.Weekday {
	return time.Date(d.Year, d.Month, d.Day, 12, 0, 0, 0, time.UTC).Weekday()
}

// Before reports whether d is an earlier day than e.
func (d Date) Before(e Date) bool { return d.String() < e.String() }

// At is the instant of the wall-clock time minutes after midnight of d in loc.
func (d Date) At(minutes int, loc *time.Location) time.Time {
	return time.Date(d.Year, d.Month, d.Day, minutes/60, minutes%60, 0, 0, loc)
}

// Job is the work a booking brings: its length in mechanic minutes, and
// the times at which something it needs for itself alone (a test drive's
// car) is taken elsewhere.
type Job struct {
	Minutes int
	// Held are the uses of the job's own resource: a start that meets one
	// is not free, however much capacity the workshop has left.
	Held []Use
}

// Meets reports whether a job of minutes from start overlaps one of the
// timed uses.
func Meets(uses []Use, start time.Time, minutes int) bool {
	return overlapPeak(uses, start, start.Add(time.Duration(minutes)*time.Minute)) > 0
}

// Use is capacity already taken on a day: a timed job from Start for
// Minutes, or a full-day car.
type Use struct {
	Start   time.Time
	Minutes int
	FullDay bool
}

// DaySlots is the availability of one workshop day for a job.
type DaySlots struct {
	Date Date
	// Starts are the free drop-off instants of timed jobs, in order.
	Starts []time.Time
	// FullDay reports whether the 08:00 full-day drop-off is free.
	FullDay bool
	// Closed says why the workshop takes nothing that day ("" when open):
	// ClosedWeekday, or a holiday's or deviation day's name.
	Closed string
}

// ClosedWeekday is DaySlots.Closed of a day the workshop's week keeps closed
// (a Sunday, say), as against a holiday or deviation day, which has a name.
const ClosedWeekday = "closed"

// Any reports whether anything can be booked that day.
func (s DaySlots) Any() bool { return len(s.Starts) > 0 || s.FullDay }

// Times are the free starts as local "HH:MM" in loc.
func (s DaySlots) Times(loc *time.Location) []string {
	out := make([]string, len(s.Starts))
	for i, t := range s.Starts {
		out[i] = t.In(loc).Format("15:04")
	}
	return out
}

type holidayKey struct {
	country string
	year    int
}

// holidays caches each country's public holidays per year.
var holidays sync.Map // holidayKey → map[Date]string

var calendars = map[string][]*cal.Holiday{"SE": se.Holidays, "NO": no.Holidays, "DK": dk.Holidays, "GB": gb.Holidays, "SK": sk.Holidays}

// Holiday returns the name of the public holiday of country on d, or "".
// Observed days count (a UK bank holiday moved to Monday).
func Holiday(country string, d Date) string {
	hs, ok := calendars[country]
	if !ok {
		return ""
	}
	key := holidayKey{country, d.Year}
	days, ok := holidays.Load(key)
	if !ok {
		m := map[Date]string{}
		for _, h := range hs {
			act, obs := h.Calc(d.Year)
			if !act.IsZero() {
				m[DateOf(act)] = h.Name
			}
			if !obs.IsZero() {
				m[DateOf(obs)] = h.Name
			}
		}
		days, _ = holidays.LoadOrStore(key, m)
	}
	return days.(map[Date]string)[d]
}

// Hours returns the opening spans of the workshop on d, or the reason it
// is closed. Deviation days win over holidays, holidays over the week; the
// workshop's closures are taken out of the week's spans (a closure that
// leaves nothing closes the day with its reason).
func (w *Workshop) Hours(d Date) ([]Span, string) {
	for _, dev := range w.Deviations {
		if dev.Month == d.Month && dev.Day == d.Day {
			if dev.Closed {
				return nil, dev.Label
			}
			return dev.Spans, ""
		}
	}
	if h := Holiday(w.Country, d); h != "" {
		return nil, h
	}
	spans := w.Week[d.Weekday()]
	if len(spans) == 0 {
		return nil, ClosedWeekday
	}
	return w.blocked(d, spans)
}

// Availability is the one availability function: the free starts and the
// full-day drop-off of workshop w on day d for job, given the capacity
// already used that day and the time now. Listing and booking both call it,
// so a start that is listed can be booked unless someone took it meanwhile.
//
// A timed start is free when it lies on the drop-off grid of an opening
// span, the job ends within that span, it is at least the notice after now,
// fewer than Bays jobs overlap any moment of it, it meets none of the
// job's Held uses, and the day's mechanic minutes still hold the job. The
// full-day drop-off at 08:00 is free when the workshop is open at 08:00,
// the notice holds, a full-day place is left, no Held use falls on the day
// and the day's minutes hold the job.
func Availability(w *Workshop, d Date, job Job, used []Use, now time.Time) DaySlots {
	out := DaySlots{Date: d}
	spans, closed := w.Hours(d)
	if closed != "" {
		out.Closed = closed
		return out
	}
	c := w.capacityOn(d)
	earliest := now.Add(c.Notice)
	usedMinutes, fullDays := 0, 0
	var timed []Use
	for _, u := range used {
		usedMinutes += u.Minutes
		if u.FullDay {
			fullDays++
		} else {
			timed = append(timed, u)
		}
	}
	if job.Minutes <= 0 || usedMinutes+job.Minutes > c.DayMinutes {
		return out
	}
	loc := w.Zone
	step := int(c.Step / time.Minute)
	if step <= 0 {
		step = 30
	}
	if c.Bays > 0 {
		out.Starts = make([]time.Time, 0, 24)
		length := time.Duration(job.Minutes) * time.Minute
		for _, sp := range spans {
			first, last := d.At(sp.From, loc), d.At(sp.To, loc)
			// Within a span without an offset change, wall minutes are real
			// minutes; otherwise each start is built from the wall clock.
			_, o1 := first.Zone()
			_, o2 := last.Zone()
			for m := sp.From; m+job.Minutes <= sp.To; m += step {
				start := first.Add(time.Duration(m-sp.From) * time.Minute)
				if o1 != o2 {
					start = d.At(m, loc)
				}
				if start.Before(earliest) {
					continue
				}
				if overlapPeak(timed, start, start.Add(length)) < c.Bays && !Meets(job.Held, start, job.Minutes) {
					out.Starts = append(out.Starts, start)
				}
			}
		}
	}
	if fullDays < c.FullDayPlaces && openAt(spans, FullDayAt) && !d.At(FullDayAt, loc).Before(earliest) && overlapPeak(job.Held, d.At(0, loc), d.AddDays(1).At(0, loc)) == 0 {
		out.FullDay = true
	}
	return out
}

func openAt(spans []Span, m int) bool {
	for _, s := range spans {
		if s.From <= m && m < s.To {
			return true
		}
	}
	return false
}

// overlapPeak is the largest number of timed uses running at one moment of
// [from, to). The count only rises at from or at a use's start, so those
// are the moments to look at.
func overlapPeak(uses []Use, from, to time.Time) int {
	peak := 0
	for i := -1; i < len(uses); i++ {
		p := from
		if i >= 0 {
			p = uses[i].Start
			if !p.After(from) || !p.Before(to) {
				continue
			}
		}
		n := 0
		for _, u := range uses {
			if !p.Before(u.Start) && p.Before(u.Start.Add(time.Duration(u.Minutes)*time.Minute)) {
				n++
			}
		}
		peak = max(peak, n)
	}
	return peak
}
