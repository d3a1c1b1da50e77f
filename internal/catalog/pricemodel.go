package catalog

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"math"
	"sort"
	"strings"
	"time"

	"forecourt/internal/errs"
	"forecourt/internal/store"
)

// The fair-price model: a ridge regression of the log asking price on the
// car's brand, brand and model, version, fuel, gearbox, body, drive and
// vehicle type (one-hot), and its age, mileage, power and equipment
// (standardised numbers), fitted on one forecourt site's own stock (one
// country, one currency) at every import. Ridge shrinks a version or model
// with few cars towards its brand, so a rare car gets a careful estimate
// instead of its own price back. The fit is exact (normal equations,
// Cholesky) over cars in car_id order with a sorted vocabulary, so the same
// stock gives the same model on every run and machine.

// Labels of Car.CarPriceRating.
const (
	RatingGood = "good" // asking price below the expected range
	RatingFair = "fair" // within it
	RatingHigh = "high" // above it
)

// Confidence rules: a car is rated only when at least MinPriceBasis other
// cars of its brand and model were in the fit and the model's spread for
// them is at most maxRatedSpread (log units, about ±15 %).
const (
	MinPriceBasis  = 10
	maxRatedSpread = 0.15
	// ridgeLambda is the ridge penalty on every weight but the intercept.
	ridgeLambda = 2.0
	// spreadPrior is how many cars' worth of the site-wide spread a
	// group's own spread is blended with.
	spreadPrior = 10.0
	// minSpread keeps the expected range from collapsing on a group of
	// near-identical prices.
	minSpread = 0.04
)

// numeric features, in column order after the intercept.
var numericFeatures = []string{"age", "age2", "log_km", "km", "log_power", "equipment", "new", "sample"}

// registerFeatures are what a vehicle register knows of a car (brand,
// model, year) plus the mileage the owner gives: the valuation predicts
// with them and the average of the rest over the car's brand and model.
var registerFeatures = map[string]bool{"age": true, "age2": true, "log_km": true, "km": true, "new": true, "sample": true}

// PriceEstimate is the price range the model expects for a car and how
// many similar cars (same brand and model, the car itself not counted)
// it is based on.
type PriceEstimate struct {
	Low   float64 `json:"low"`
	High  float64 `json:"high"`
	Basis int     `json:"basis"`
}

// PriceModel is a fitted fair-price model of one forecourt site. A nil
// model rates nothing.
type PriceModel struct {
	SiteName string `json:"siteName"`
	Currency string `json:"currency"`
	FittedAt int64  `json:"fittedAt"`
	// RefYear is the year ages are counted from (the fit's year).
	RefYear int `json:"refYear"`
	Cars    int `json:"cars"`
	// Mean and Scale standardise the numeric features.
	Mean  []float64 `json:"mean"`
	Scale []float64 `json:"scale"`
	// Weights: intercept, numeric features, then one per category in
	// Categories (sorted).
	Weights    []float64 `json:"weights"`
	Categories []string  `json:"categories"`
	// Groups are per brand and model ("Brand|Model"): cars in the fit, the
	// spread of their log prices around the model, and the mean weight of
	// what a register does not know (version, fuel, power, …).
	Groups map[string]PriceGroup `json:"groups"`
	Spread float64               `json:"spread"` // site-wide

	cat map[string]int // category → column
}

// PriceGroup is what the model knows of one brand and model.
type PriceGroup struct {
	N        int     `json:"n"`
	Spread   float64 `json:"spread"`
	SpecMean float64 `json:"specMean"`
}

// priceRow is one car as the fit sees it.
type priceRow struct {
	y     float64 // log asking price
	group string
	cats  []string
	nums  []float64
}

func groupKey(brand, model string) string {
	return strings.ToLower(strings.TrimSpace(brand)) + "|" + strings.ToLower(strings.TrimSpace(model))
}

// carCategories are the one-hot categories of a car.
func carCategories(c *Car) []string {
	g := groupKey(c.CarBrand, c.CarModel)
	low := strings.ToLower
	return []string{
		"brand:" + low(c.CarBrand),
		"model:" + g,
		"version:" + g + "|" + low(c.CarVersion),
		"model_fuel:" + g + "|" + low(c.CarFuel),
		"fuel:" + low(c.CarFuel),
		"gearbox:" + low(c.CarGearbox),
		"body:" + low(c.CarBody),
		"drive:" + low(c.CarDrive),
		"type:" + c.CarVehicleTypeCode,
	}
}

func carNumbers(c *Car, refYear int) []float64 {
	age := math.Max(0, float64(refYear-c.CarYear))
	km := float64(max(0, c.CarMileage))
	power := math.Max(1, float64(c.CarPower))
	return numbers(age, km, power, float64(len(c.CarEquipment)), !c.CarIsUsed, c.CarIsSample)
}

func numbers(age, mileage, power, equipment float64, isNew, sample bool) []float64 {
	b := func(v bool) float64 {
		if v {
			return 1
		}
		return 0
	}
	return []float64{age, age * age, math.Log1p(mileage), mileage, math.Log(power), equipment, b(isNew), b(sample)}
}

func rowOf(c *Car, refYear int) (priceRow, bool) {
	p := c.AskingPrice()
	if p <= 0 || c.CarBrand == "" || c.CarModel == "" {
		return priceRow{}, false
	}
	return priceRow{y: math.Log(p), group: groupKey(c.CarBrand, c.CarModel), cats: carCategories(c), nums: carNumbers(c, refYear)}, true
}

// FitPriceModel fits the model of siteName on cars (in the currency most
// of them are priced in; cars in another are left out) with ages counted
// from now's year. Fewer than MinPriceBasis cars give a nil model.
func FitPriceModel(siteName string, cars []Car, now time.Time) *PriceModel {
	currency := mainCurrency(cars)
	rows := make([]priceRow, 0, len(cars))
	for i := range cars {
		if cars[i].CarPriceCurrency != currency {
			continue
		}
		if r, ok := rowOf(&cars[i], now.Year()); ok {
			rows = append(rows, r)
		}
	}
	m := fitRows(rows)
	if m != nil {
		m.SiteName, m.Currency, m.FittedAt, m.RefYear = siteName, currency, now.Unix(), now.Year()
	}
	return m
}

func mainCurrency(cars []Car) string {
	n := map[string]int{}
	best := ""
	for i := range cars {
		c := cars[i].CarPriceCurrency
		n[c]++
		if n[c] > n[best] || (n[c] == n[best] && c < best) {
			best = c
		}
	}
	return best
}

func fitRows(rows []priceRow) *PriceModel {
	if len(rows) < MinPriceBasis {
		return nil
	}
	nn := len(numericFeatures)
	m := &PriceModel{Cars: len(rows), Mean: make([]float64, nn), Scale: make([]float64, nn), Groups: map[string]PriceGroup{}}
	// Standardise the numbers.
	for _, r := range rows {
		for j, v := range r.nums {
			m.Mean[j] += v
		}
	}
	for j := range m.Mean {
		m.Mean[j] /= float64(len(rows))
	}
	for _, r := range rows {
		for j, v := range r.nums {
			d := v - m.Mean[j]
			m.Scale[j] += d * d
		}
	}
	for j := range m.Scale {
		m.Scale[j] = math.Sqrt(m.Scale[j] / float64(len(rows)))
		if m.Scale[j] < 1e-9 {
			m.Scale[j] = 1 // a constant feature: its weight stays 0 under ridge
		}
	}
	// The sorted vocabulary of categories.
	seen := map[string]bool{}
	for _, r := range rows {
		for _, c := range r.cats {
			if !seen[c] {
				seen[c] = true
				m.Categories = append(m.Categories, c)
			}
		}
	}
	sort.Strings(m.Categories)
	m.index()
	d := 1 + nn + len(m.Categories)
	// Normal equations (XᵀX + λI) w = Xᵀy; each row has 1 + nn + 9
	// non-zeros, so building them is linear in the cars.
	a := make([]float64, d*d)
	b := make([]float64, d)
	cols := make([]int, 0, 1+nn+16)
	vals := make([]float64, 0, 1+nn+16)
	for _, r := range rows {
		cols, vals = m.design(r.cats, r.nums, cols[:0], vals[:0])
		for i, ci := range cols {
			vi := vals[i]
			b[ci] += vi * r.y
			row := a[ci*d:]
			for j, cj := range cols {
				row[cj] += vi * vals[j]
			}
		}
	}
	for i := 1; i < d; i++ {
		a[i*d+i] += ridgeLambda
	}
	m.Weights = solveSPD(a, b, d)

	// Spreads and the register-unknown part per brand and model.
	resid := map[string][]float64{}
	spec := map[string]float64{}
	var all []float64
	for _, r := range rows {
		cols, vals = m.design(r.cats, r.nums, cols[:0], vals[:0])
		pred, unknown := 0.0, 0.0
		for i, c := range cols {
			w := m.Weights[c] * vals[i]
			pred += w
			if !m.registerColumn(c) {
				unknown += w
			}
		}
		e := r.y - pred
		resid[r.group] = append(resid[r.group], e)
		spec[r.group] += unknown
		all = append(all, e)
	}
	m.Spread = robustSpread(all)
	for g, es := range resid {
		own := robustSpread(es)
		n := float64(len(es))
		s := math.Max(minSpread, (n*own+spreadPrior*m.Spread)/(n+spreadPrior))
		m.Groups[g] = PriceGroup{N: len(es), Spread: s, SpecMean: spec[g] / n}
	}
	return m
}

// robustSpread is the median absolute deviation from 0, scaled to a
// normal distribution's standard deviation.
func robustSpread(es []float64) float64 {
	if len(es) == 0 {
		return 0
	}
	abs := make([]float64, len(es))
	for i, e := range es {
		abs[i] = math.Abs(e)
	}
	return 1.4826 * median(abs)
}

func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func (m *PriceModel) index() {
	m.cat = make(map[string]int, len(m.Categories))
	for i, c := range m.Categories {
		m.cat[c] = 1 + len(numericFeatures) + i
	}
}

// registerColumn reports whether column c is known from a register entry
// and a mileage: the intercept, brand, model, age and mileage.
func (m *PriceModel) registerColumn(c int) bool {
	if c == 0 {
		return true
	}
	if c <= len(numericFeatures) {
		return registerFeatures[numericFeatures[c-1]]
	}
	cat := m.Categories[c-1-len(numericFeatures)]
	return strings.HasPrefix(cat, "brand:") || strings.HasPrefix(cat, "model:")
}

// design appends the non-zero columns of a car (categories unknown to the
// model are left out: they weigh 0).
func (m *PriceModel) design(cats []string, nums []float64, cols []int, vals []float64) ([]int, []float64) {
	cols = append(cols, 0)
	vals = append(vals, 1)
	for j, v := range nums {
		cols = append(cols, 1+j)
		vals = append(vals, (v-m.Mean[j])/m.Scale[j])
	}
	for _, c := range cats {
		if i, ok := m.cat[c]; ok {
			cols = append(cols, i)
			vals = append(vals, 1)
		}
	}
	return cols, vals
}

// solveSPD solves a x = b for a symmetric positive definite d×d matrix
// (row-major) by Cholesky decomposition; a is overwritten.
func solveSPD(a, b []float64, d int) []float64 {
	for j := 0; j < d; j++ {
		s := a[j*d+j]
		for k := 0; k < j; k++ {
			s -= a[j*d+k] * a[j*d+k]
		}
		l := math.Sqrt(math.Max(s, 1e-12))
		a[j*d+j] = l
		for i := j + 1; i < d; i++ {
			s := a[i*d+j]
			ri, rj := a[i*d:i*d+j], a[j*d:j*d+j]
			for k := range rj {
				s -= ri[k] * rj[k]
			}
			a[i*d+j] = s / l
		}
	}
	x := make([]float64, d)
	for i := 0; i < d; i++ { // L z = b
		s := b[i]
		for k := 0; k < i; k++ {
			s -= a[i*d+k] * x[k]
		}
		x[i] = s / a[i*d+i]
	}
	for i := d - 1; i >= 0; i-- { // Lᵀ x = z
		s := x[i]
		for k := i + 1; k < d; k++ {
			s -= a[k*d+i] * x[k]
		}
		x[i] = s / a[i*d+i]
	}
	return x
}

// predict returns the log price the model expects for a car.
func (m *PriceModel) predict(c *Car) float64 {
	cols, vals := m.design(carCategories(c), carNumbers(c, m.RefYear), nil, nil)
	s := 0.0
	for i, col := range cols {
		s += m.Weights[col] * vals[i]
	}
	return s
}

// Expected returns the price the model expects for a car (0 for a nil
// model).
func (m *PriceModel) Expected(c *Car) float64 {
	if m == nil {
		return 0
	}
	return math.Exp(m.predict(c))
}

// Rate sets the car's estimate, rating and score when the model is
// confident for it (enough similar cars, a narrow spread, the model's
// currency, not a sample), and clears them otherwise.
func (m *PriceModel) Rate(c *Car) {
	c.CarPriceEstimate, c.CarPriceRating, c.CarPriceScore = nil, "", 0
	// A sample's price is a starting price of a car to order ("Från"),
	// not the price of this car: it gets no label.
	if m == nil || c.CarIsSample || c.CarPriceCurrency != m.Currency || c.AskingPrice() <= 0 {
		return
	}
	g, ok := m.Groups[groupKey(c.CarBrand, c.CarModel)]
	basis := g.N - 1 // the car itself was in the fit
	if !ok || basis < MinPriceBasis || g.Spread > maxRatedSpread {
		return
	}
	pred := m.predict(c)
	low := RoundPrice(math.Exp(pred-g.Spread), m.Currency)
	high := RoundPrice(math.Exp(pred+g.Spread), m.Currency)
	price := c.AskingPrice()
	c.CarPriceEstimate = &PriceEstimate{Low: low, High: high, Basis: basis}
	c.CarPriceScore = math.Round(price/math.Exp(pred)*1000) / 1000
	switch {
	case price < low:
		c.CarPriceRating = RatingGood
	case price > high:
		c.CarPriceRating = RatingHigh
	default:
		c.CarPriceRating = RatingFair
	}
}

// ErrTooFewSimilar is the valuation's answer for a car the stock has too
// few of to value.
var ErrTooFewSimilar = errs.E(errs.NotFound, "Vi har för få liknande bilar i lager för att kunna värdera din bil direkt. Skicka uppgifterna så återkommer vi med ett värde.")

// Valuation is the model's range for a car known only by its register
// entry (brand, model, build year) and mileage (the site's unit).
type Valuation struct {
	Low, High float64
	Currency  string
	Basis     int
}

// Value returns the range of a car by brand, model, build year and
// mileage: the model with the average version, fuel, power and equipment
// of the brand and model in stock. ErrTooFewSimilar when fewer than
// MinPriceBasis cars of that brand and model were in the fit.
func (m *PriceModel) Value(brand, model string, year, mileage int) (Valuation, error) {
	if m == nil {
		return Valuation{}, ErrTooFewSimilar
	}
	key := groupKey(brand, model)
	g, ok := m.Groups[key]
	if !ok || g.N < MinPriceBasis {
		return Valuation{}, ErrTooFewSimilar
	}
	age := math.Max(0, float64(m.RefYear-year))
	nums := numbers(age, float64(max(0, mileage)), 1, 0, false, false)
	cols, vals := m.design([]string{"brand:" + strings.ToLower(strings.TrimSpace(brand)), "model:" + key}, nums, nil, nil)
	pred := g.SpecMean
	for i, c := range cols {
		if m.registerColumn(c) {
			pred += m.Weights[c] * vals[i]
		}
	}
	// The register knows less than a feed: the range is twice as wide.
	s := 2 * g.Spread
	return Valuation{Low: math.Exp(pred - s), High: math.Exp(pred + s), Currency: m.Currency, Basis: g.N}, nil
}

// CrossValidate fits the model folds times, each time without one fold of
// the cars (by car id), and returns the median absolute percentage error
// of the asking prices of the held-out cars and how many were predicted.
func CrossValidate(cars []Car, folds int, now time.Time) (mdape float64, n int) {
	currency := mainCurrency(cars)
	var errsPct []float64
	for f := 0; f < folds; f++ {
		var train []priceRow
		var test []*Car
		for i := range cars {
			c := &cars[i]
			if c.CarPriceCurrency != currency {
				continue
			}
			if int(c.CarID%int64(folds)) == f {
				test = append(test, c)
			} else if r, ok := rowOf(c, now.Year()); ok {
				train = append(train, r)
			}
		}
		m := fitRows(train)
		if m == nil {
			continue
		}
		m.RefYear = now.Year()
		for _, c := range test {
			if p := c.AskingPrice(); p > 0 {
				errsPct = append(errsPct, math.Abs(math.Exp(m.predict(c))-p)/p)
			}
		}
	}
	return median(errsPct), len(errsPct)
}

var upsertModelSQL = map[store.Engine]string{
	store.SQLite: `INSERT INTO catalog_price_models (site_name, model, fitted_at) VALUES (?, ?, ?)
		ON CONFLICT (site_name) DO UPDATE SET model = excluded.model, fitted_at = excluded.fitted_at`,
	store.Postgres: `INSERT INTO catalog_price_models (site_name, model, fitted_at) VALUES (?, ?, ?)
		ON CONFLICT (site_name) DO UPDATE SET model = EXCLUDED.model, fitted_at = EXCLUDED.fitted_at`,
}

// RefitPriceModel fits the price model of siteName on its stock as it is
// now stored and saves it (a site with too few cars keeps no model).
func (s *Store) RefitPriceModel(ctx context.Context, siteName string, now time.Time) (*PriceModel, error) {
	var cars []Car
	err := s.EachCar(ctx, siteName, func(c Car) error {
		// Only what the model reads is kept.
		cars = append(cars, Car{CarID: c.CarID, CarBrand: c.CarBrand, CarModel: c.CarModel, CarVersion: c.CarVersion,
			CarFuel: c.CarFuel, CarGearbox: c.CarGearbox, CarBody: c.CarBody, CarDrive: c.CarDrive,
			CarVehicleTypeCode: c.CarVehicleTypeCode, CarYear: c.CarYear, CarMileage: c.CarMileage, CarPower: c.CarPower,
			CarEquipment: make([]string, len(c.CarEquipment)), CarIsUsed: c.CarIsUsed, CarIsSample: c.CarIsSample,
			CarPrice: c.CarPrice, CarCampaignPrice: c.CarCampaignPrice, CarHasCampaignPrice: c.CarHasCampaignPrice,
			CarPriceCurrency: c.CarPriceCurrency})
		return nil
	})
	if err != nil {
		return nil, err
	}
	m := FitPriceModel(siteName, cars, now)
	if m == nil {
		_, err := s.db.ExecContext(ctx, s.db.Rebind(`DELETE FROM catalog_price_models WHERE site_name = ?`), siteName)
		return nil, errs.Wrap(err, "remove the price model of %s", siteName)
	}
	raw, err := json.Marshal(m)
	if err != nil {
		return nil, errs.Wrap(err, "encode the price model of %s", siteName)
	}
	if _, err := s.db.ExecContext(ctx, s.db.Rebind(upsertModelSQL[s.db.Engine]), siteName, string(raw), now.Unix()); err != nil {
		return nil, errs.Wrap(err, "save the price model of %s", siteName)
	}
	return m, nil
}

// PriceModel returns the saved price model of siteName, or nil when it has
// none.
func (s *Store) PriceModel(ctx context.Context, siteName string) (*PriceModel, error) {
	var raw string
	err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT model FROM catalog_price_models WHERE site_name = ?`), siteName).Scan(&raw)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, errs.Wrap(err, "read the price model of %s", siteName)
	}
	var m PriceModel
	if err := json.Unmarshal([]byte(raw), &m); err != nil {
		return nil, errs.Wrap(err, "decode the price model of %s", siteName)
	}
	m.index()
	return &m, nil
}

// RoundPrice rounds to the price points dealers use: 349 900 kr, 34 990 €,
// £23,995.
func RoundPrice(v float64, currency string) float64 {
	switch currency {
	case "EUR":
		return math.Max(990, math.Round(v/100)*100-10)
	case "GBP":
		return math.Max(995, math.Round(v/500)*500-5)
	}
	return math.Max(9900, math.Round(v/1000)*1000-100)
}
