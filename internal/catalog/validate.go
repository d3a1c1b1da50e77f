package catalog

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"forecourt/internal/errs"

	gojson "github.com/goccy/go-json"
)

// Currencies a car may be priced in (the currencies of the forecourt sites).
var Currencies = []string{"DKK", "EUR", "GBP", "NOK", "SEK"}

// VehicleTypeCodes are the known car_vehicle_type_code values: passenger
// car, light commercial vehicle (prices without VAT) and truck. Empty means
// passenger car.
var VehicleTypeCodes = []string{"PC", "LCV", "TRUCK"}

// fuelLabels lists the car_fuel values of every site language, lower case.
// Feeds carry the label in the site's language; anything else is a typo or
// a new fuel that the facets would show unlabelled.
var fuelLabels = func() map[string]bool {
	m := map[string]bool{}
	for _, labels := range Fuels {
		for _, l := range labels {
			m[strings.ToLower(l)] = true
		}
	}
	return m
}()

var slugRE = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// fieldErrs collects what is wrong with a record, first message per field.
type fieldErrs errs.FieldErrors

func (f fieldErrs) add(field, format string, args ...any) {
	errs.FieldErrors(f).Add(field, fmt.Sprintf(format, args...))
}

// has reports whether field (or a field under it) already has a problem,
// so a type error is not followed by a range error about the zero value.
func (f fieldErrs) has(field string) bool {
	for k := range f {
		if k == field || strings.HasPrefix(k, field+".") || strings.HasPrefix(k, field+"[") {
			return true
		}
	}
	return false
}

// jsonFields maps the JSON names of a struct type to field indexes.
var jsonFieldsCache sync.Map // reflect.Type → map[string]int

func jsonFields(t reflect.Type) map[string]int {
	if m, ok := jsonFieldsCache.Load(t); ok {
		return m.(map[string]int)
	}
	m := map[string]int{}
	for i := 0; i < t.NumField(); i++ {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if name != "" && name != "-" {
			m[name] = i
		}
	}
	jsonFieldsCache.Store(t, m)
	return m
}

// decodeRecord decodes one JSON object into *T field by field, so that every
// field of the wrong type is reported (encoding/json stops at the first) and
// names that T does not know are returned as unknown.
func decodeRecord[T any](data []byte, fe fieldErrs) (v T, unknown []string, ok bool) {
	// A feed is mostly valid records with known fields: when every top-level
	// key is a field of T spelt exactly (encoding/json would also match other
	// cases), one decode of the whole record gives what decoding field by
	// field gives, three to five times faster. Anything else takes the slow
	// path, which reports every field.
	fields := jsonFields(reflect.TypeFor[T]())
	if onlyKnownKeys(data, fields) && gojson.Unmarshal(data, &v) == nil {
		return v, nil, true
	}
	v = *new(T)
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		var ute *json.UnmarshalTypeError
		if errors.As(err, &ute) {
			fe.add("", "must be a JSON object")
		} else {
			fe.add("", "invalid JSON: %s", strings.TrimPrefix(err.Error(), "json: "))
		}
		return v, nil, false
	}
	rv := reflect.ValueOf(&v).Elem()
	for name, msg := range raw {
		i, known := fields[name]
		if !known {
			unknown = append(unknown, name)
			continue
		}
		f := rv.Field(i)
		if err := json.Unmarshal(msg, f.Addr().Interface()); err != nil {
			field, m := typeProblem(name, err)
			fe.add(field, "%s", m)
			f.Set(reflect.Zero(f.Type()))
		}
	}
	sort.Strings(unknown)
	return v, unknown, true
}

// onlyKnownKeys reports whether data is a JSON object whose top-level keys
// are all in fields, spelt exactly, each once, and free of escapes. It does
// not validate the values (the decoder does); false means "take the slow
// path", never "invalid".
func onlyKnownKeys(data []byte, fields map[string]int) bool {
	var seen [4]uint64 // bit per field index; records have < 256 fields
	i := skipSpace(data, 0)
	if i >= len(data) || data[i] != '{' {
		return false
	}
	i = skipSpace(data, i+1)
	if i < len(data) && data[i] == '}' {
		return true
	}
	for i < len(data) {
		if data[i] != '"' {
			return false
		}
		end := i + 1
		for end < len(data) && data[end] != '"' {
			if data[end] == '\\' {
				return false
			}
			end++
		}
		if end >= len(data) {
			return false
		}
		f, ok := fields[string(data[i+1:end])]
		if !ok || f >= 256 || seen[f/64]&(1<<(f%64)) != 0 {
			return false
		}
		seen[f/64] |= 1 << (f % 64)
		i = skipSpace(data, end+1)
		if i >= len(data) || data[i] != ':' {
			return false
		}
		if i = skipJSONValue(data, skipSpace(data, i+1)); i < 0 {
			return false
		}
		i = skipSpace(data, i)
		if i >= len(data) {
			return false
		}
		switch data[i] {
		case '}':
			return true
		case ',':
			i = skipSpace(data, i+1)
		default:
			return false
		}
	}
	return false
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// skipJSONValue returns the index after the value starting at b[i], or -1.
// Brackets are counted outside strings; the values are not checked.
func skipJSONValue(b []byte, i int) int {
	depth := 0
	for i < len(b) {
		switch c := b[i]; c {
		case '"':
			i++
			for i < len(b) && b[i] != '"' {
				if b[i] == '\\' {
					i++
				}
				i++
			}
			if i >= len(b) {
				return -1
			}
			i++
		case '{', '[':
			depth++
			i++
		case '}', ']':
			if depth == 0 {
				return i
			}
			depth--
			i++
			if depth == 0 {
				return i
			}
		case ',':
			if depth == 0 {
				return i
			}
			i++
		default:
			i++
		}
		if depth == 0 && i < len(b) && (b[i] == ',' || b[i] == '}' || b[i] == ']') {
			return i
		}
	}
	if depth == 0 {
		return i
	}
	return -1
}

// typeProblem turns a decoding error of field name into a field path and a
// message such as "must be a number".
func typeProblem(name string, err error) (string, string) {
	var ute *json.UnmarshalTypeError
	if !errors.As(err, &ute) {
		return name, "invalid value"
	}
	field := name
	if ute.Field != "" {
		field = name + "." + ute.Field
	}
	switch ute.Type.Kind() {
	case reflect.String:
		return field, "must be a string"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if strings.HasPrefix(ute.Value, "number") {
			return field, "must be a whole number"
		}
		return field, "must be a number"
	case reflect.Float32, reflect.Float64:
		return field, "must be a number"
	case reflect.Bool:
		return field, "must be true or false"
	case reflect.Slice, reflect.Array:
		return field, "must be a list"
	case reflect.Struct, reflect.Map, reflect.Pointer:
		return field, "must be an object"
	}
	return field, "has the wrong type"
}

func oneOf(v string, allowed []string) bool {
	for _, a := range allowed {
		if v == a {
			return true
		}
	}
	return false
}

// ParseCar decodes and validates one car record of a feed. It returns an
// Invalid *errs.Error whose Fields name every offending field (nested ones
// as "car_images[2].original") and unknown field names, which are ignored.
func ParseCar(data []byte, now time.Time) (Car, []string, error) {
	fe := fieldErrs{}
	c, unknown, ok := decodeRecord[Car](data, fe)
	if ok {
		validateCar(&c, fe, now)
	}
	return c, unknown, errs.FieldErrors(fe).Err("The car record is not valid.")
}

// ValidateCar checks a car as an import would; now gives the latest model
// year allowed (next year).
func ValidateCar(c *Car, now time.Time) error {
	fe := fieldErrs{}
	validateCar(c, fe, now)
	return errs.FieldErrors(fe).Err("The car record is not valid.")
}

func validateCar(c *Car, fe fieldErrs, now time.Time) {
	positiveID := func(field string, v int64) {
		if !fe.has(field) && v <= 0 {
			fe.add(field, "must be a positive whole number")
		}
	}
	required := func(field, v string) {
		if !fe.has(field) && strings.TrimSpace(v) == "" {
			fe.add(field, "is required")
		}
	}
	nonNegative := func(field string, v float64) {
		if !fe.has(field) && v < 0 {
			fe.add(field, "must not be negative")
		}
	}
	between := func(field string, v, lo, hi int) {
		if !fe.has(field) && (v < lo || v > hi) {
			fe.add(field, "must be from %d to %d", lo, hi)
		}
	}

	positiveID("car_id", c.CarID)
	positiveID("car_site_id", c.CarSiteID)
	required("slug", c.Slug)
	if !fe.has("slug") && !slugRE.MatchString(c.Slug) {
		fe.add("slug", "must be lower-case letters, digits and single dashes")
	}
	required("car_brand", c.CarBrand)
	required("car_model", c.CarModel)
	if maxYear := now.Year() + 1; !fe.has("car_year") && (c.CarYear < 1900 || c.CarYear > maxYear) {
		fe.add("car_year", "must be a year from 1900 to %d", maxYear)
	}
	if !fe.has("car_price") && !(c.CarPrice > 0) {
		fe.add("car_price", "must be a positive number")
	}
	if !fe.has("car_price_currency") && !oneOf(c.CarPriceCurrency, Currencies) {
		fe.add("car_price_currency", "must be one of %s", strings.Join(Currencies, ", "))
	}
	nonNegative("car_retail_price", c.CarRetailPrice)
	nonNegative("car_campaign_price", c.CarCampaignPrice)
	if c.CarHasCampaignPrice && !fe.has("car_campaign_price") && !(c.CarCampaignPrice > 0) {
		fe.add("car_campaign_price", "must be a positive number when car_has_campaign_price is true")
	}
	required("car_fuel", c.CarFuel)
	if !fe.has("car_fuel") && !fuelLabels[strings.ToLower(c.CarFuel)] {
		fe.add("car_fuel", "unknown fuel %q", c.CarFuel)
	}
	if !fe.has("car_vehicle_type_code") && c.CarVehicleTypeCode != "" && !oneOf(c.CarVehicleTypeCode, VehicleTypeCodes) {
		fe.add("car_vehicle_type_code", "must be one of %s", strings.Join(VehicleTypeCodes, ", "))
	}
	nonNegative("car_mileage", float64(c.CarMileage))
	nonNegative("car_odometer", float64(c.CarOdometer))
	if !fe.has("car_odometer_unit") && !oneOf(c.CarOdometerUnit, []string{"", "km", "mi"}) {
		fe.add("car_odometer_unit", "must be km or mi")
	}
	nonNegative("car_power", float64(c.CarPower))
	nonNegative("battery_size", c.BatterySize)
	nonNegative("car_pbbratio", c.CarPbbratio)
	nonNegative("car_beneficial_value", c.CarBeneficialValue)
	nonNegative("car_loan_monthly_cost", c.CarLoanMonthlyCost)
	nonNegative("car_privateleasing_monthly_cost", c.CarPrivateleasingMonthlyCost)
	nonNegative("car_companyleasing_monthly_cost", c.CarCompanyleasingMonthlyCost)
	nonNegative("car_publishdate", float64(c.CarPublishdate))
	nonNegative("indexed_at", float64(c.IndexedAt))
	between("car_seats", c.CarSeats, 0, 99)
	between("car_doors", c.CarDoors, 0, 9)
	between("car_ncapstars", c.CarNcapstars, 0, 5)
	if d := c.CarFirstregistration; d != "" && !fe.has("car_firstregistration") {
		if _, err := time.Parse("2006-01-02", d); err != nil {
			fe.add("car_firstregistration", "must be a date YYYY-MM-DD")
		}
	}
	for i, im := range c.CarImages {
		required(fmt.Sprintf("car_images[%d].original", i), im.Original)
	}
	for i, l := range c.CarLeasingOptions {
		p := fmt.Sprintf("car_leasing_options[%d].", i)
		if !fe.has("car_leasing_options") && l.LeasingType != LeasingPrivate && l.LeasingType != LeasingCompany {
			fe.add(p+"leasing_type", "must be Private or Company")
		}
		if !fe.has("car_leasing_options") && !(l.MonthlyCost > 0) {
			fe.add(p+"monthly_cost", "must be a positive number")
		}
		if !fe.has("car_leasing_options") && l.Duration <= 0 {
			fe.add(p+"duration", "must be a positive number of months")
		}
		nonNegative(p+"mileage", float64(l.Mileage))
	}
	if lo := c.CarLoanOption; lo != nil && !fe.has("car_loan_option") {
		validateLoan(lo, fe)
	}
	if c.CarLoanRate < 0 || c.CarLoanRate > 100 {
		fe.add("car_loan_rate", "must be a percentage from 0 to 100")
	}
	nonNegative("car_loan_duration", float64(c.CarLoanDuration))
}

func validateLoan(lo *LoanOption, fe fieldErrs) {
	const p = "car_loan_option."
	pct := func(field string, v float64) {
		if v < 0 || v > 100 {
			fe.add(field, "must be a percentage from 0 to 100")
		}
	}
	pct(p+"interest_rate", lo.InterestRate)
	if lo.InvoiceFee < 0 {
		fe.add(p+"invoice_fee", "must not be negative")
	}
	if lo.StartFee < 0 {
		fe.add(p+"start_fee", "must not be negative")
	}
	if len(lo.ContractDurations) == 0 {
		fe.add(p+"contract_durations", "must list at least one duration")
	}
	for i, d := range lo.ContractDurations {
		q := fmt.Sprintf("%scontract_durations[%d].", p, i)
		if d.Months <= 0 {
			fe.add(q+"months", "must be a positive number of months")
		}
		pct(q+"residual_percentage", d.ResidualPercentage)
		pct(q+"cash_amount_min_percentage", d.CashAmountMinPercentage)
		pct(q+"cash_amount_max_percentage", d.CashAmountMaxPercentage)
		if d.CashAmountMinPercentage > d.CashAmountMaxPercentage {
			fe.add(q+"cash_amount_min_percentage", "must not exceed cash_amount_max_percentage")
		}
	}
	dd := lo.DefaultContractDuration
	if dd.Months <= 0 {
		fe.add(p+"default_contract_duration.months", "must be a positive number of months")
	}
	pct(p+"default_contract_duration.residual_percentage", dd.ResidualPercentage)
	pct(p+"default_contract_duration.cash_amount_min_percentage", dd.CashAmountMinPercentage)
	// The disclaimer's placeholders must be numbered {0}, {1}, … without gaps.
	if n := placeholderGap(lo.Disclaimer); n >= 0 {
		fe.add(p+"disclaimer", "placeholder {%d} is missing", n)
	}
}

var placeholderRE = regexp.MustCompile(`\{(\d+)\}`)

// placeholderGap returns the first missing placeholder number below the
// highest one used in s, or -1 when the numbering has no gap.
func placeholderGap(s string) int {
	used := map[int]bool{}
	maxN := -1
	for _, m := range placeholderRE.FindAllStringSubmatch(s, -1) {
		n, _ := strconv.Atoi(m[1])
		used[n] = true
		maxN = max(maxN, n)
	}
	for i := 0; i < maxN; i++ {
		if !used[i] {
			return i
		}
	}
	return -1
}

// ParseDealerSite decodes and validates one dealer-site record of a feed,
// like ParseCar.
func ParseDealerSite(data []byte) (DealerSite, []string, error) {
	fe := fieldErrs{}
	d, unknown, ok := decodeRecord[DealerSite](data, fe)
	if ok {
		validateSite(&d, fe)
	}
	return d, unknown, errs.FieldErrors(fe).Err("The dealer-site record is not valid.")
}

var departmentGroups = []string{GroupNewCars, GroupParts, GroupWorkshop, GroupBodyWork}

func validateSite(d *DealerSite, fe fieldErrs) {
	if !fe.has("site_id") && d.SiteID <= 0 {
		fe.add("site_id", "must be a positive whole number")
	}
	if !fe.has("slug") && !slugRE.MatchString(d.Slug) {
		fe.add("slug", "must be lower-case letters, digits and single dashes")
	}
	if !fe.has("site_official_name") && strings.TrimSpace(d.SiteOfficialName) == "" {
		fe.add("site_official_name", "is required")
	}
	if e := d.SiteEmail; e != "" && !strings.Contains(e, "@") {
		fe.add("site_email", "must be an e-mail address")
	}
	if !fe.has("site_geocoord") {
		coord := func(field, v string, limit float64) {
			if v == "" {
				return
			}
			f, err := strconv.ParseFloat(v, 64)
			if err != nil || f < -limit || f > limit {
				fe.add(field, "must be a decimal number from %g to %g", -limit, limit)
			}
		}
		g := d.SiteGeocoord
		coord("site_geocoord.latitude", g.Latitude, 90)
		coord("site_geocoord.longitude", g.Longitude, 180)
		if (g.Latitude == "") != (g.Longitude == "") {
			fe.add("site_geocoord", "must have both latitude and longitude or neither")
		}
	}
	if fe.has("site_departments") {
		return
	}
	for i, dep := range d.SiteDepartments {
		p := fmt.Sprintf("site_departments[%d].", i)
		if strings.TrimSpace(dep.Name) == "" {
			fe.add(p+"name", "is required")
		}
		if !oneOf(dep.Group, departmentGroups) {
			fe.add(p+"group", "must be one of %s", strings.Join(departmentGroups, ", "))
		}
		for j, b := range dep.Brands {
			if b.BrandCode == "" {
				fe.add(fmt.Sprintf("%sbrands[%d].brand_code", p, j), "is required")
			}
		}
		for j, o := range dep.Openingschedule.Openinghours {
			if o.Day == "" {
				fe.add(fmt.Sprintf("%sopeningschedule.openinghours[%d].day", p, j), "is required")
			}
		}
	}
}

// ParseExtraMedia decodes and validates one extra-media record of a feed.
func ParseExtraMedia(data []byte) (ExtraMedia, []string, error) {
	fe := fieldErrs{}
	m, unknown, ok := decodeRecord[ExtraMedia](data, fe)
	if ok {
		if !fe.has("car_regno") && NormalizeRegno(m.CarRegno) == "" {
			fe.add("car_regno", "is required")
		}
		if m.Has360 && !fe.has("images360") && len(m.Images360) == 0 {
			fe.add("images360", "must list frames when has360 is true")
		}
		if m.HasVideo && !fe.has("videoUrl") && m.VideoURL == "" {
			fe.add("videoUrl", "is required when hasVideo is true")
		}
		if m.HasInternal360 && !fe.has("internal360") && m.Internal360 == "" {
			fe.add("internal360", "is required when hasInternal360 is true")
		}
	}
	return m, unknown, errs.FieldErrors(fe).Err("The extra-media record is not valid.")
}
