package reminders

import (
	"time"

	"forecourt/internal/booking"
)

// SendHour is the local hour a reminder goes out on its due day: 09:00 in
// the site's zone, whatever the offset that day (DST included).
const SendHour = 9

// Tyre sets a season reminder asks the customer to put on.
const (
	Winter = "winter"
	Summer = "summer"
)

// SeasonChange is a day of the year on which the tyre-season reminder goes
// out and which tyres it is about.
type SeasonChange struct {
	Month time.Month
	Day   int
	Tyres string // Winter or Summer
}

// seasonChanges are the seasonal wheel changes per country of the
// workshop, in the order of the year: the reminder goes out at the start
// of the weeks when workshops fill up, a little before the rules bite.
//   - SE: studded tyres from 1 October, winter tyres required 1 December–31
//     March in winter conditions; summer tyres from mid-March as the snow goes.
//   - NO: studs from 1 November (south) and earlier up north; summer tyres
//     after Easter, so a reminder in early April.
//   - FI: winter tyres required December–February, studs from 1 November,
//     spring comes later than in Sweden: October and April.
//   - DK: no winter-tyre rule, but most cars change: mid-October and mid-March.
//   - SK: winter tyres required in winter conditions from 15 November to
//     31 March: mid-October and mid-March.
//
// GB and the EU site have no entry: no winter-tyre season and no tyre
// hotel there, so a wheel change books no season reminder. A site that
// opens a tyre hotel in such a country adds its row here.
var seasonChanges = map[string][]SeasonChange{
	"SE": {{time.March, 15, Summer}, {time.October, 1, Winter}},
	"NO": {{time.April, 1, Summer}, {time.October, 1, Winter}},
	"FI": {{time.April, 1, Summer}, {time.October, 1, Winter}},
	"DK": {{time.March, 15, Summer}, {time.October, 15, Winter}},
	"SK": {{time.March, 15, Summer}, {time.October, 15, Winter}},
}

// MinSeasonGap is how long after a wheel change the next season reminder
// may come at the earliest: a change booked on 28 September is the
// autumn change already, so its reminder is the spring one, not 1 October.
const MinSeasonGap = 60 // days

// HasSeasons reports whether the country has tyre seasons (a row in the
// season table).
func HasSeasons(country string) bool { return len(seasonChanges[country]) > 0 }

// SendAt is SendHour local time on day d in loc, as an instant: the same
// wall-clock hour on either side of a daylight-saving change.
func SendAt(d booking.Date, loc *time.Location) time.Time {
	return d.At(SendHour*60, loc)
}

// AddMonths adds n months to d, keeping the day of the month where the
// month has it and the month's last day otherwise (31 January + 1 month is
// 28 or 29 February, 29 February + 12 months is 28 February).
func AddMonths(d booking.Date, n int) booking.Date {
	first := time.Date(d.Year, d.Month+time.Month(n), 1, 12, 0, 0, 0, time.UTC)
	last := first.AddDate(0, 1, -1).Day()
	day := d.Day
	if day > last {
		day = last
	}
	return booking.Date{Year: first.Year(), Month: first.Month(), Day: day}
}

// ServiceDue is when a service booked for the local day booked is due
// again: SendHour on the day months later, in loc.
func ServiceDue(booked booking.Date, months int, loc *time.Location) time.Time {
	if months <= 0 {
		months = booking.DefaultIntervalMonths
	}
	return SendAt(AddMonths(booked, months), loc)
}

// NextSeason is the tyre-season reminder after a wheel change on the local
// day booked: the first season change of the country more than
// MinSeasonGap days later, at SendHour in loc. ok is false for a country
// without seasons.
func NextSeason(country string, booked booking.Date, loc *time.Location) (at time.Time, change SeasonChange, ok bool) {
	changes := seasonChanges[country]
	if len(changes) == 0 {
		return time.Time{}, SeasonChange{}, false
	}
	earliest := booked.AddDays(MinSeasonGap + 1)
	for y := booked.Year; y <= booked.Year+2; y++ {
		for _, c := range changes {
			d := booking.Date{Year: y, Month: c.Month, Day: c.Day}
			if !d.Before(earliest) {
				return SendAt(d, loc), c, true
			}
		}
	}
	return time.Time{}, SeasonChange{}, false
}
