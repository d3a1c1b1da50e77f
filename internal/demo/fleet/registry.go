// Package fleet is the demo's vehicle register: the fixed demo plates of
// README.md and a deterministic fleet of some 6,000 Swedish cars, the
// vehicles.Provider the server uses when no vehicle-data service is set
// (VEHICLE_API_URL).
package fleet

import (
	"context"
	"forecourt/internal/vehicles"
	"math/rand"
	"sort"
)

// Registry is the built-in vehicle register: a fixed, deterministic demo
// fleet of Swedish cars. It is safe for concurrent use (read-only).
type Registry struct {
	byReg map[string]vehicles.Vehicle
}

// The fixed demo plates listed in README.
var fixed = []vehicles.Vehicle{
	{Reg: "ABC123", Brand: "Volvo", Model: "XC60", BuildYear: 2019, HasServiceAgreement: true},
	{Reg: "BMW330", Brand: "BMW", Model: "3-serie", BuildYear: 2017},
	// A brand that no workshop of the group is authorised for: general
	// services are still offered.
	{Reg: "TES123", Brand: "Subaru", Model: "Outback", BuildYear: 2018},
	// A brand the group does not service at all (BrandNotSupported).
	{Reg: "FER001", Brand: "Ferrari", Model: "Roma", BuildYear: 2021},
	// The tyre-hotel demo car whose workshop (Norrtälje, D-1011) has no free times.
	{Reg: "DCK789", Brand: "Toyota", Model: "RAV4", BuildYear: 2020, HasServiceAgreement: true},
}

type fleetModel struct {
	brand, model   string
	first, last    int // build years
	weight         int
	agreementShare int // percent with a service agreement
}

// fleet is roughly the Swedish car park by brand and model.
var fleet = []fleetModel{
	{"Volvo", "V60", 2011, 2025, 14, 40}, {"Volvo", "XC60", 2009, 2025, 12, 40}, {"Volvo", "V90", 2016, 2024, 6, 45},
	{"Volvo", "XC40", 2018, 2025, 8, 45}, {"Volvo", "V70", 2008, 2016, 7, 5}, {"Volvo", "XC90", 2015, 2025, 4, 50},
	{"Volvo", "EX30", 2024, 2025, 2, 60},
	{"Volkswagen", "Golf", 2009, 2025, 9, 25}, {"Volkswagen", "Passat", 2010, 2024, 8, 25}, {"Volkswagen", "Tiguan", 2012, 2025, 6, 30},
	{"Volkswagen", "ID.4", 2021, 2025, 4, 40}, {"Volkswagen", "Polo", 2010, 2024, 3, 10}, {"Volkswagen", "Transporter", 2010, 2025, 3, 30},
	{"Volkswagen", "Caddy", 2011, 2025, 2, 25},
	{"Audi", "A4 Avant", 2010, 2024, 3, 30}, {"Audi", "Q5", 2012, 2025, 2, 35}, {"Audi", "A6", 2012, 2025, 2, 35},
	{"Audi", "Q4 e-tron", 2021, 2025, 2, 50},
	{"Škoda", "Octavia Kombi", 2010, 2025, 6, 25}, {"Škoda", "Superb Kombi", 2012, 2025, 3, 30}, {"Škoda", "Kodiaq", 2017, 2025, 2, 30},
	{"Škoda", "Enyaq", 2021, 2025, 2, 45},
	{"Toyota", "RAV4", 2013, 2025, 5, 25}, {"Toyota", "Corolla", 2019, 2025, 4, 20}, {"Toyota", "Yaris", 2011, 2025, 3, 10},
	{"Kia", "Ceed SW", 2012, 2025, 3, 20}, {"Kia", "Niro", 2017, 2025, 3, 30}, {"Kia", "Sportage", 2012, 2025, 2, 25},
	{"Hyundai", "Tucson", 2015, 2025, 2, 25}, {"Hyundai", "i30 Kombi", 2012, 2024, 2, 15}, {"Hyundai", "Kona", 2018, 2025, 2, 30},
	{"BMW", "3-serie", 2010, 2025, 3, 35}, {"BMW", "5-serie Touring", 2011, 2025, 2, 40}, {"BMW", "X3", 2011, 2025, 2, 40},
	{"BMW", "iX3", 2021, 2025, 1, 55},
	{"Mercedes-Benz", "C-Klass Kombi", 2010, 2025, 3, 35}, {"Mercedes-Benz", "E-Klass", 2010, 2025, 2, 40}, {"Mercedes-Benz", "GLC", 2016, 2025, 2, 40},
	{"Mercedes-Benz", "Sprinter", 2010, 2025, 1, 35},
	{"Ford", "Focus", 2010, 2022, 3, 10}, {"Ford", "Kuga", 2013, 2025, 2, 20}, {"Ford", "Transit Custom", 2013, 2025, 2, 30},
	{"Renault", "Clio", 2012, 2024, 1, 10}, {"Renault", "Captur", 2014, 2025, 1, 15}, {"Renault", "Trafic", 2012, 2025, 1, 25},
	{"Peugeot", "3008", 2017, 2025, 1, 15}, {"Peugeot", "Partner", 2010, 2024, 1, 20},
	{"Nissan", "Qashqai", 2010, 2025, 2, 15}, {"Nissan", "Leaf", 2013, 2024, 2, 15},
	{"Tesla", "Model 3", 2019, 2025, 3, 0}, {"Tesla", "Model Y", 2021, 2025, 4, 0},
	{"Polestar", "2", 2020, 2025, 2, 50}, {"MG", "MG4", 2022, 2025, 1, 30}, {"Fiat", "500", 2010, 2024, 1, 5},
	{"Cupra", "Formentor", 2020, 2025, 1, 35}, {"Porsche", "Taycan", 2020, 2025, 1, 60},
	// Brands the group has no authorised workshop for (general services only).
	{"Mazda", "CX-5", 2012, 2025, 2, 0}, {"Subaru", "Outback", 2010, 2025, 2, 0}, {"Honda", "CR-V", 2010, 2024, 1, 0},
	{"Mitsubishi", "Outlander", 2013, 2024, 2, 0}, {"Opel", "Astra", 2010, 2022, 1, 0}, {"Dacia", "Duster", 2013, 2025, 1, 0},
	{"Suzuki", "Vitara", 2015, 2025, 1, 0}, {"Citroën", "Berlingo", 2010, 2025, 1, 0}, {"Seat", "Leon", 2012, 2024, 1, 0},
	// Brands the group does not service.
	{"Ferrari", "Portofino", 2018, 2024, 1, 0}, {"Maserati", "Levante", 2017, 2024, 1, 0}, {"Lamborghini", "Urus", 2019, 2025, 1, 0},
}

// DemoFleetSize is the number of generated demo vehicles besides the fixed plates.
const DemoFleetSize = 6000

// NewRegistry returns the built-in register: the fixed demo plates and
// DemoFleetSize generated vehicles, the same on every run.
func NewRegistry() *Registry {
	reg := &Registry{byReg: make(map[string]vehicles.Vehicle, DemoFleetSize+len(fixed))}
	for _, v := range fixed {
		reg.byReg[v.Reg] = v
	}
	total := 0
	for _, m := range fleet {
		total += m.weight
	}
	r := rand.New(rand.NewSource(20261126))
	for len(reg.byReg) < DemoFleetSize+len(fixed) {
		plate := randomPlate(r)
		if _, ok := reg.byReg[plate]; ok {
			continue
		}
		n := r.Intn(total)
		var m fleetModel
		for _, m = range fleet {
			if n < m.weight {
				break
			}
			n -= m.weight
		}
		reg.byReg[plate] = vehicles.Vehicle{
			Reg: plate, Brand: m.brand, Model: m.model,
			BuildYear:           m.first + r.Intn(m.last-m.first+1),
			HasServiceAgreement: r.Intn(100) < m.agreementShare,
		}
	}
	return reg
}

// randomPlate draws a plate of either Swedish form; one in five of the newer
// "ABC12D" form.
func randomPlate(r *rand.Rand) string {
	b := make([]byte, 6)
	for i := 0; i < 3; i++ {
		b[i] = vehicles.PlateLetters[r.Intn(len(vehicles.PlateLetters))]
	}
	b[3] = byte('0' + r.Intn(10))
	b[4] = byte('0' + r.Intn(10))
	if r.Intn(5) == 0 {
		b[5] = vehicles.PlateLetters[r.Intn(len(vehicles.PlateLetters))]
	} else {
		b[5] = byte('0' + r.Intn(10))
	}
	return string(b)
}

// Lookup returns the vehicle registered as reg (already normalised by
// ParseReg), or ErrNotFound.
func (g *Registry) Lookup(ctx context.Context, reg string) (vehicles.Vehicle, error) {
	v, ok := g.byReg[reg]
	if !ok {
		return vehicles.Vehicle{}, vehicles.ErrNotFound
	}
	return v, nil
}

// Plates returns every registered plate in order (for tests and demos).
func (g *Registry) Plates() []string {
	out := make([]string, 0, len(g.byReg))
	for p := range g.byReg {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}
