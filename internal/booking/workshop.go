package booking

import (
	"context"
	"fmt"
	"hash/fnv"
	"math"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/errs"
	"forecourt/internal/site"
)

// Span is an opening interval of a day in minutes after local midnight
// (wall clock), e.g. {420, 1020} for 07:00–17:00.
type Span struct{ From, To int }

// Deviation changes the hours of one calendar day every year (Julafton,
// Nyårsafton…): closed, or open in Spans.
type Deviation struct {
	Month  time.Month
	Day    int
	Label  string
	Closed bool
	Spans  []Span
}

// Capacity is what a workshop can take on a day.
type Capacity struct {
	// Bays is the number of jobs that can run at the same time (lifts with
	// a mechanic); 0 means no timed jobs are booked online.
	Bays int
	// DayMinutes is the mechanic time a day for online bookings: every
	// booking of the day, timed or full-day, uses its job minutes of it.
	DayMinutes int
	// FullDayPlaces is the number of cars taken at the full-day drop-off
	// (left before 08:00 and worked on when a bay is free).
	FullDayPlaces int
	// Step is the drop-off grid: starts at opening and every Step after.
	Step time.Duration
	// Notice is the minimum time between booking and drop-off.
	Notice time.Duration
}

// FullDayAt is the drop-off time of a full-day booking (local wall clock).
const FullDayAt = 8 * 60

// Brand is a brand a workshop is authorised for.
type Brand struct {
	Name string `json:"name"`
	Code string `json:"code"`
}

// Workshop is a dealer site's Workshop department with its hours and capacity.
type Workshop struct {
	DepartmentID   string // "D-<siteId>"
	SiteID         int64
	Site           string // the forecourt site, e.g. "group-se"
	SiteName       string // the dealer site's name, e.g. "Forecourt Bil Uppsala"
	Slug           string // the dealer site's slug, e.g. "uppsala" (a sales account's scope "group-se/uppsala")
	DepartmentName string // e.g. "Verkstad"
	Street         string
	Zip            string
	City           string
	Region         string
	Phone          string
	Email          string
	Latitude       float64
	Longitude      float64
	Brands         []Brand
	Country        string // ISO 3166 alpha-2 of the site ("SE")
	Zone           *time.Location
	ZoneName       string
	// Week holds the opening spans by weekday (time.Sunday = 0).
	Week       [7][]Span
	Deviations []Deviation
	Capacity   Capacity
	// Closures block times of the days asked about (hours.go); the stored
	// week's bays and day minutes by time.Weekday replace Capacity's when
	// stored.
	Closures []Closure
	// Sales marks a dealer site's sales department (id "S-<siteId>"), whose
	// capacity is its salespeople taking test drives: the service booking
	// and the workshop lists never offer it (Directory.All leaves it out).
	Sales                 bool
	weekBays, weekMinutes [7]int
	stored                bool
}

// Address is "Street, Zip City".
func (w *Workshop) Address() string {
	return strings.TrimSpace(w.Street + ", " + strings.TrimSpace(w.Zip+" "+w.City))
}

// HasBrand reports whether the workshop is authorised for brand
// (case-insensitive; spaces and dashes are the same).
func (w *Workshop) HasBrand(brand string) bool {
	k := BrandKey(brand)
	for _, b := range w.Brands {
		if BrandKey(b.Name) == k {
			return true
		}
	}
	return false
}

// BrandCodes are the workshop's brand codes with suffixed codes collapsed
// (catalog.CollapseBrandCodes), in upper case.
func (w *Workshop) BrandCodes() []string {
	codes := make([]string, len(w.Brands))
	for i, b := range w.Brands {
		codes[i] = strings.ToUpper(b.Code)
	}
	return catalog.CollapseBrandCodes(codes)
}

// BrandKey folds a brand name for comparison: lower case, spaces as dashes.
func BrandKey(s string) string {
	return strings.ReplaceAll(strings.ToLower(strings.TrimSpace(s)), " ", "-")
}

// DistanceKm is the great-circle distance from (lat, lng) to the workshop.
func (w *Workshop) DistanceKm(lat, lng float64) float64 {
	return haversineKm(lat, lng, w.Latitude, w.Longitude)
}

func haversineKm(lat1, lng1, lat2, lng2 float64) float64 {
	const r = 6371.0
	p1, p2 := lat1*math.Pi/180, lat2*math.Pi/180
	dp, dl := (lat2-lat1)*math.Pi/180, (lng2-lng1)*math.Pi/180
	a := math.Sin(dp/2)*math.Sin(dp/2) + math.Cos(p1)*math.Cos(p2)*math.Sin(dl/2)*math.Sin(dl/2)
	return 2 * r * math.Asin(math.Sqrt(a))
}

// Directory holds the workshops of every forecourt site, by department id.
type Directory struct {
	mu   sync.RWMutex
	byID map[string]*Workshop
	all  []*Workshop
}

// NewDirectory returns a directory of the given workshops.
func NewDirectory(ws []*Workshop) *Directory {
	d := &Directory{}
	d.set(ws)
	return d
}

func (d *Directory) set(ws []*Workshop) {
	byID := make(map[string]*Workshop, len(ws))
	for _, w := range ws {
		byID[w.DepartmentID] = w
	}
	sort.Slice(ws, func(i, j int) bool { return ws[i].SiteID < ws[j].SiteID })
	d.mu.Lock()
	d.byID, d.all = byID, ws
	d.mu.Unlock()
}

// Workshop returns the workshop of departmentID, or ErrUnknownDepartment.
func (d *Directory) Workshop(departmentID string) (*Workshop, error) {
	d.mu.RLock()
	w, ok := d.byID[departmentID]
	d.mu.RUnlock()
	if !ok {
		return nil, ErrUnknownDepartment
	}
	return w, nil
}

// All returns every workshop of the forecourt site siteName ("" for all);
// sales departments are not workshops and are left out.
func (d *Directory) All(siteName string) []*Workshop {
	return d.list(siteName, false)
}

// Departments returns every department of siteName ("" for all) that takes
// bookings: the workshops and the sales departments.
func (d *Directory) Departments(siteName string) []*Workshop {
	return d.list(siteName, true)
}

func (d *Directory) list(siteName string, sales bool) []*Workshop {
	d.mu.RLock()
	defer d.mu.RUnlock()
	out := make([]*Workshop, 0, len(d.all))
	for _, w := range d.all {
		if (siteName == "" || w.Site == siteName) && (sales || !w.Sales) {
			out = append(out, w)
		}
	}
	return out
}

// SalesID is the department id of a dealer site's sales department.
func SalesID(siteID int64) string { return fmt.Sprintf("S-%d", siteID) }

// SalesOf returns the sales department of dealer site siteID, or
// ErrUnknownDepartment when the site has none.
func (d *Directory) SalesOf(siteID int64) (*Workshop, error) {
	return d.Workshop(SalesID(siteID))
}

// NoFreeTimes is the demo workshop that takes no online bookings at all
// (fully booked): the tyre-hotel demo plate DCK789 belongs to it.
const NoFreeTimes = "D-1011"

// Load (re)reads the Workshop departments of every dealer site of every
// forecourt site from the catalog store. Zones and countries come from sites.
func (d *Directory) Load(ctx context.Context, st *catalog.Store, sites []*site.Site) error {
	var ws []*Workshop
	for _, s := range sites {
		dealers, err := st.DealerSites(ctx, s.Name)
		if err != nil {
			return errs.Wrap(err, "load dealer sites of %s", s.Name)
		}
		for i := range dealers {
			if w, ok := FromDealerSite(&dealers[i], s); ok {
				ws = append(ws, w)
			}
			if w, ok := SalesFromDealerSite(&dealers[i], s); ok {
				ws = append(ws, w)
			}
		}
	}
	d.set(ws)
	return nil
}

// FromDealerSite makes the workshop of a dealer site's Workshop department
// (false when it has none).
func FromDealerSite(ds *catalog.DealerSite, s *site.Site) (*Workshop, bool) {
	return fromDepartment(ds, s, catalog.GroupWorkshop)
}

// SalesFromDealerSite makes the sales department of a dealer site (its
// "New cars" department) as a bookable department for test drives, id
// "S-<siteId>", false when it has none. Its capacity is salespeople: two
// or three test drives at once, on a 45-minute grid from opening, two
// hours' notice, no full-day drop-off.
func SalesFromDealerSite(ds *catalog.DealerSite, s *site.Site) (*Workshop, bool) {
	w, ok := fromDepartment(ds, s, catalog.GroupNewCars)
	if !ok {
		return nil, false
	}
	w.DepartmentID, w.Sales = SalesID(ds.SiteID), true
	h := fnv.New32a()
	h.Write([]byte(w.DepartmentID))
	bays := 2 + int(h.Sum32()%2)
	longest := 0
	for _, spans := range w.Week {
		m := 0
		for _, sp := range spans {
			m += sp.To - sp.From
		}
		longest = max(longest, m)
	}
	w.Capacity = Capacity{Bays: bays, DayMinutes: bays * longest, Step: TestDriveMinutes * time.Minute, Notice: 2 * time.Hour}
	return w, true
}

// TestDriveMinutes is the length of a test drive and its booking grid.
const TestDriveMinutes = 45

func fromDepartment(ds *catalog.DealerSite, s *site.Site, group string) (*Workshop, bool) {
	var dep *catalog.Department
	for i := range ds.SiteDepartments {
		if ds.SiteDepartments[i].Group == group {
			dep = &ds.SiteDepartments[i]
			break
		}
	}
	if dep == nil {
		return nil, false
	}
	lat, _ := strconv.ParseFloat(ds.SiteGeocoord.Latitude, 64)
	lng, _ := strconv.ParseFloat(ds.SiteGeocoord.Longitude, 64)
	zone := s.TimeZone
	if zone == nil {
		zone = time.UTC
	}
	w := &Workshop{
		DepartmentID: fmt.Sprintf("D-%d", ds.SiteID), SiteID: ds.SiteID, Site: s.Name,
		SiteName: ds.SiteOfficialName, Slug: ds.Slug, DepartmentName: dep.Name,
		Street: ds.SiteStreet, Zip: ds.SiteZip, City: ds.SiteCity, Region: ds.SiteRegion,
		Phone: dep.Phone, Email: dep.Email, Latitude: lat, Longitude: lng,
		Country: s.Country, Zone: zone, ZoneName: zone.String(),
	}
	if w.Phone == "" {
		w.Phone = ds.SitePhone
	}
	if w.Email == "" {
		w.Email = ds.SiteEmail
	}
	for _, b := range dep.Brands {
		w.Brands = append(w.Brands, Brand{Name: b.Name, Code: b.BrandCode})
	}
	w.Week, w.Deviations = ParseSchedule(dep.Openingschedule)
	w.Capacity = demoCapacity(w)
	return w, true
}

// demoCapacity gives a workshop a believable capacity, the same on every
// run: 2–5 bays, 85 % of their open time as mechanic minutes, 2–4 full-day
// places, a 30-minute drop-off grid and 16 or 24 hours' notice.
func demoCapacity(w *Workshop) Capacity {
	h := fnv.New32a()
	h.Write([]byte(w.DepartmentID))
	n := int(h.Sum32())
	c := Capacity{Bays: 2 + n%4, FullDayPlaces: 2 + (n/4)%3, Step: 30 * time.Minute, Notice: 24 * time.Hour}
	if (n/12)%2 == 0 {
		c.Notice = 16 * time.Hour
	}
	longest := 0
	for _, spans := range w.Week {
		m := 0
		for _, s := range spans {
			m += s.To - s.From
		}
		longest = max(longest, m)
	}
	c.DayMinutes = c.Bays * longest * 85 / 100
	if w.DepartmentID == NoFreeTimes {
		c = Capacity{Step: 30 * time.Minute, Notice: 24 * time.Hour}
	}
	return c
}

var weekdayNames = map[string]time.Weekday{
	"måndag": time.Monday, "tisdag": time.Tuesday, "onsdag": time.Wednesday, "torsdag": time.Thursday,
	"fredag": time.Friday, "lördag": time.Saturday, "söndag": time.Sunday,
	"monday": time.Monday, "tuesday": time.Tuesday, "wednesday": time.Wednesday, "thursday": time.Thursday,
	"friday": time.Friday, "saturday": time.Saturday, "sunday": time.Sunday,
}

var monthNames = map[string]time.Month{
	"januari": 1, "februari": 2, "mars": 3, "april": 4, "maj": 5, "juni": 6, "juli": 7, "augusti": 8,
	"september": 9, "oktober": 10, "november": 11, "december": 12,
	"january": 1, "february": 2, "march": 3, "may": 5, "june": 6, "july": 7, "august": 8, "october": 10,
}

// ParseSchedule reads a department's display schedule: day ranges such as
// "Måndag–Fredag" with "07:00–17:00" or "Stängt", and deviation days such
// as "Julafton 24 december" → "Stängt". Unreadable entries are skipped.
func ParseSchedule(o catalog.OpeningSchedule) (week [7][]Span, devs []Deviation) {
	for _, d := range o.Openinghours {
		days := parseDayRange(d.Day)
		spans, closed, ok := parseHours(d.DisplayText)
		if !ok || len(days) == 0 {
			continue
		}
		for _, wd := range days {
			if closed {
				week[wd] = nil
			} else {
				week[wd] = spans
			}
		}
	}
	for _, d := range o.Deviationdays {
		m, day, ok := parseMonthDay(d.Day)
		spans, closed, ok2 := parseHours(d.DisplayText)
		if !ok || !ok2 {
			continue
		}
		devs = append(devs, Deviation{Month: m, Day: day, Label: d.Day, Closed: closed, Spans: spans})
	}
	return week, devs
}

func splitDash(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == '–' || r == '-' || r == '—' })
}

func parseDayRange(s string) []time.Weekday {
	parts := splitDash(strings.ToLower(strings.TrimSpace(s)))
	if len(parts) == 0 || len(parts) > 2 {
		return nil
	}
	from, ok := weekdayNames[strings.TrimSpace(parts[0])]
	if !ok {
		return nil
	}
	to := from
	if len(parts) == 2 {
		if to, ok = weekdayNames[strings.TrimSpace(parts[1])]; !ok {
			return nil
		}
	}
	var out []time.Weekday
	for d := from; ; d = (d + 1) % 7 {
		out = append(out, d)
		if d == to {
			break
		}
	}
	return out
}

func parseHours(s string) (spans []Span, closed, ok bool) {
	t := strings.ToLower(strings.TrimSpace(s))
	switch t {
	case "stängt", "closed", "stengt", "lukket", "suljettu", "zatvorené":
		return nil, true, true
	}
	for _, part := range strings.Split(t, ",") {
		p := splitDash(part)
		if len(p) != 2 {
			return nil, false, false
		}
		a, ok1 := parseClock(p[0])
		b, ok2 := parseClock(p[1])
		if !ok1 || !ok2 || b <= a {
			return nil, false, false
		}
		spans = append(spans, Span{a, b})
	}
	return spans, false, len(spans) > 0
}

func parseClock(s string) (int, bool) {
	s = strings.TrimSpace(strings.ReplaceAll(s, ".", ":"))
	h, m, ok := strings.Cut(s, ":")
	if !ok {
		return 0, false
	}
	hh, err1 := strconv.Atoi(h)
	mm, err2 := strconv.Atoi(m)
	if err1 != nil || err2 != nil || hh < 0 || hh > 24 || mm < 0 || mm > 59 {
		return 0, false
	}
	return hh*60 + mm, true
}

func parseMonthDay(s string) (time.Month, int, bool) {
	f := strings.Fields(strings.ToLower(s))
	for i := 0; i+1 < len(f); i++ {
		d, err := strconv.Atoi(f[i])
		if m, ok := monthNames[f[i+1]]; ok && err == nil && d >= 1 && d <= 31 {
			return m, d, true
		}
	}
	return 0, 0, false
}

var svWeekdays = [7]string{"Måndag", "Tisdag", "Onsdag", "Torsdag", "Fredag", "Lördag", "Söndag"}

// OpeningHours is the workshop's week in Swedish, days with the same hours
// grouped: ["Måndag–Fredag 07:00–17:00", "Lördag–Söndag Stängt"].
func (w *Workshop) OpeningHours() []string {
	text := func(spans []Span) string {
		if len(spans) == 0 {
			return "Stängt"
		}
		parts := make([]string, len(spans))
		for i, s := range spans {
			parts[i] = fmt.Sprintf("%02d:%02d–%02d:%02d", s.From/60, s.From%60, s.To/60, s.To%60)
		}
		return strings.Join(parts, ", ")
	}
	var out []string
	for i := 0; i < 7; {
		h := text(w.Week[(i+1)%7]) // Monday first; Week is indexed by time.Weekday
		j := i
		for j+1 < 7 && text(w.Week[(j+2)%7]) == h {
			j++
		}
		days := svWeekdays[i]
		if j > i {
			days += "–" + svWeekdays[j]
		}
		out = append(out, days+" "+h)
		i = j + 1
	}
	return out
}
