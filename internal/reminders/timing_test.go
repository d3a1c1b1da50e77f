package reminders_test

import (
	"testing"
	"time"

	"forecourt/internal/booking"
	"forecourt/internal/reminders"
)

var (
	stockholm = mustZone("Europe/Stockholm")
	helsinki  = mustZone("Europe/Helsinki")
	london    = mustZone("Europe/London")
)

func mustZone(name string) *time.Location {
	l, err := time.LoadLocation(name)
	if err != nil {
		panic(err)
	}
	return l
}

func date(s string) booking.Date {
	d, err := booking.ParseDate(s)
	if err != nil {
		panic(err)
	}
	return d
}

func utc(s string) time.Time {
	t, err := time.Parse("2006-01-02 15:04", s)
	if err != nil {
		panic(err)
	}
	return t
}

func TestAddMonths(t *testing.T) {
	tests := []struct {
		from   string
		months int
		want   string
	}{
		{"2026-03-10", 12, "2027-03-10"},
		{"2026-12-31", 12, "2027-12-31"},
		{"2026-12-31", 2, "2027-02-28"},
		{"2027-01-31", 1, "2027-02-28"},
		{"2028-01-31", 1, "2028-02-29"},
		{"2028-02-29", 12, "2029-02-28"},
		{"2028-02-29", 48, "2032-02-29"},
		{"2026-11-15", 24, "2028-11-15"},
	}
	for _, tt := range tests {
		if got := reminders.AddMonths(date(tt.from), tt.months).String(); got != tt.want {
			t.Errorf("AddMonths(%s, %d) = %s, want %s", tt.from, tt.months, got, tt.want)
		}
	}
}

func TestIntervalMonths(t *testing.T) {
	tests := []struct {
		codes []string
		want  int
	}{
		{nil, 12},
		{[]string{"originalservice"}, 12},
		{[]string{"brakefluid"}, 24},
		{[]string{"brakefluid", "acservice"}, 24},
		{[]string{"brakefluid", "originalservice"}, 12},
		{[]string{"wheelalignment", "wash-full"}, 12}, // no interval: a year
		{[]string{"unknown"}, 12},
	}
	for _, tt := range tests {
		if got := booking.IntervalMonths(tt.codes); got != tt.want {
			t.Errorf("IntervalMonths(%v) = %d, want %d", tt.codes, got, tt.want)
		}
	}
}

// TestServiceDue: 09:00 local on the day a year (or the interval) after the
// booked day, in each zone, across daylight-saving changes and year ends.
// EU clocks change on the last Sunday of March (2027-03-28) and October
// (2027-10-31) at 01:00 UTC; Helsinki is UTC+2/+3, London UTC+0/+1.
func TestServiceDue(t *testing.T) {
	tests := []struct {
		name   string
		booked string
		months int
		loc    *time.Location
		want   time.Time
	}{
		{"Stockholm winter time", "2026-03-10", 12, stockholm, utc("2027-03-10 08:00")},
		{"Stockholm summer time", "2026-04-10", 12, stockholm, utc("2027-04-10 07:00")},
		{"Stockholm on the spring-forward Sunday", "2026-03-28", 12, stockholm, utc("2027-03-28 07:00")},
		{"Stockholm the day before spring-forward", "2026-03-27", 12, stockholm, utc("2027-03-27 08:00")},
		{"Stockholm on the fall-back Sunday", "2026-10-31", 12, stockholm, utc("2027-10-31 08:00")},
		{"Stockholm the day before fall-back", "2026-10-30", 12, stockholm, utc("2027-10-30 07:00")},
		{"Helsinki on the spring-forward Sunday", "2026-03-28", 12, helsinki, utc("2027-03-28 06:00")},
		{"Helsinki on the fall-back Sunday", "2026-10-31", 12, helsinki, utc("2027-10-31 07:00")},
		{"London on the spring-forward Sunday", "2026-03-28", 12, london, utc("2027-03-28 08:00")},
		{"London on the fall-back Sunday", "2026-10-31", 12, london, utc("2027-10-31 09:00")},
		{"Stockholm New Year's Eve", "2026-12-31", 12, stockholm, utc("2027-12-31 08:00")},
		{"Helsinki New Year's Eve", "2026-12-31", 12, helsinki, utc("2027-12-31 07:00")},
		{"London New Year's Eve", "2026-12-31", 12, london, utc("2027-12-31 09:00")},
		{"brake fluid: two years", "2026-12-31", 24, stockholm, utc("2028-12-31 08:00")},
		{"leap day", "2028-02-29", 12, stockholm, utc("2029-02-28 08:00")},
		{"no interval: a year", "2026-06-01", 0, stockholm, utc("2027-06-01 07:00")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := reminders.ServiceDue(date(tt.booked), tt.months, tt.loc)
			if !got.Equal(tt.want) {
				t.Errorf("ServiceDue = %s (%s local), want %s", got.UTC().Format(time.RFC3339), got.In(tt.loc).Format(time.RFC3339), tt.want.Format(time.RFC3339))
			}
		})
	}
}

func TestNextSeason(t *testing.T) {
	tests := []struct {
		name    string
		country string
		booked  string
		loc     *time.Location
		want    time.Time
		tyres   string
	}{
		{"SE winter change → spring reminder 15 March (CET)", "SE", "2026-11-05", stockholm, utc("2027-03-15 08:00"), reminders.Summer},
		{"SE spring change → 1 October (CEST)", "SE", "2026-04-02", stockholm, utc("2026-10-01 07:00"), reminders.Winter},
		{"SE early autumn change is the autumn change: spring reminder", "SE", "2026-09-28", stockholm, utc("2027-03-15 08:00"), reminders.Summer},
		{"SE change on New Year's Eve → March next year", "SE", "2026-12-31", stockholm, utc("2027-03-15 08:00"), reminders.Summer},
		{"SE late spring change (May) → 1 October", "SE", "2026-05-20", stockholm, utc("2026-10-01 07:00"), reminders.Winter},
		{"FI winter change → 1 April (EEST)", "FI", "2026-11-02", helsinki, utc("2027-04-01 06:00"), reminders.Summer},
		{"FI spring change → 1 October (EEST)", "FI", "2026-04-20", helsinki, utc("2026-10-01 06:00"), reminders.Winter},
		{"NO winter change → 1 April", "NO", "2026-11-02", mustZone("Europe/Oslo"), utc("2027-04-01 07:00"), reminders.Summer},
		{"DK spring change → 15 October", "DK", "2026-03-20", mustZone("Europe/Copenhagen"), utc("2026-10-15 07:00"), reminders.Winter},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, change, ok := reminders.NextSeason(tt.country, date(tt.booked), tt.loc)
			if !ok {
				t.Fatal("no season")
			}
			if !got.Equal(tt.want) || change.Tyres != tt.tyres {
				t.Errorf("NextSeason = %s %s, want %s %s", got.UTC().Format(time.RFC3339), change.Tyres, tt.want.Format(time.RFC3339), tt.tyres)
			}
			if got.In(tt.loc).Hour() != reminders.SendHour {
				t.Errorf("local hour %d", got.In(tt.loc).Hour())
			}
		})
	}
	for _, c := range []string{"GB", "EU", ""} {
		if _, _, ok := reminders.NextSeason(c, date("2026-11-05"), london); ok {
			t.Errorf("%q has a tyre season", c)
		}
	}
}

// TestSendAtEveryDay: every day of two years is 09:00 on that very local
// day in each zone, whatever its offset.
func TestSendAtEveryDay(t *testing.T) {
	for _, loc := range []*time.Location{stockholm, helsinki, london} {
		for d := date("2026-01-01"); d.Before(date("2028-01-01")); d = d.AddDays(1) {
			at := reminders.SendAt(d, loc).In(loc)
			if at.Hour() != 9 || at.Minute() != 0 || booking.DateOf(at) != d {
				t.Fatalf("%s %s: %s", loc, d, at)
			}
		}
	}
}
