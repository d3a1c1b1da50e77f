// Package tirehotel is the tyre hotel: agreements with their vehicles and
// stored tyres, the one-time-code login by SMS with store-backed
// challenges and sessions, and wheel-change bookings (through the booking
// engine) with their reviews. The JSON tags are the contract's
// (docs/contracts/tirehotel.md, spec §3).
package tirehotel

import (
	"fmt"
	"strings"
	"time"
)

// Agreement is a tyre hotel customer. Phone is the mobile number in E.164
// (+467…); it is stored sealed.
type Agreement struct {
	ID        int64
	Number    string // the agreement number, e.g. "TH-100042"
	FirstName string
	LastName  string
	Email     string
	Phone     string
	Vehicles  []Vehicle
}

// Vehicle is a car with tyres stored at a workshop.
type Vehicle struct {
	RegNo        string   `json:"regNo"`
	BrandCode    string   `json:"brandCode"`
	Brand        string   `json:"brand"`
	Model        string   `json:"model"`
	Name         string   `json:"name"`
	ProductID    string   `json:"productId"`
	PackageLevel string   `json:"packageLevel"`
	Location     Location `json:"location"`
	Tires        []Tire   `json:"tires"`
	// LastInspection is the workshop's latest inspection of the tyres
	// (staff.go); absent before the first.
	LastInspection *LastInspection `json:"lastInspection,omitempty"`
}

// Location is the Workshop department of a Swedish dealer site where the
// tyres are stored; ErpID is the booking engine's department id.
type Location struct {
	ErpID          string  `json:"erpId"`
	DepartmentID   string  `json:"departmentId"`
	LocationName   string  `json:"locationName"`
	DepartmentName string  `json:"departmentName"`
	Address        string  `json:"address"`
	Phone          string  `json:"phone"`
	Email          string  `json:"email"`
	Latitude       float64 `json:"latitude"`
	Longitude      float64 `json:"longitude"`
	// Brands are the workshop's brand codes (seeding only; not stored).
	Brands []string `json:"-"`
}

// Tire is one stored wheel at an equipment position: VF, HF, VB, HB
// (vänster/höger fram/bak).
type Tire struct {
	EquipmentPosition string `json:"equipmentPosition"`
	Wheel             Wheel  `json:"wheel"`
}

// Wheel describes a stored tyre. ThreadDepth is in millimetres;
// ThreadStatusID 1 means the tyre should be replaced.
type Wheel struct {
	Name                string  `json:"name"`
	RimDiameter         int     `json:"rimDiameter"`
	SectionWidth        int     `json:"sectionWidth"`
	AspectRatio         int     `json:"aspectRatio"`
	ThreadPattern       string  `json:"threadPattern"`
	ThreadDepth         float64 `json:"threadDepth"`
	ThreadStatusID      int     `json:"threadStatusId"`
	ThreadStatusMessage string  `json:"threadStatusMessage"`
}

// Tread statuses.
const (
	TreadOK      = 0
	TreadReplace = 1
)

// Positions are the equipment positions in display order.
var Positions = []string{"VF", "HF", "VB", "HB"}

// Validated is the answer of validate and session: status 0 means signed in.
type Validated struct {
	Status   int       `json:"status"`
	Vehicles []Vehicle `json:"vehicles"`
}

// Customer is the answer of search.
type Customer struct {
	RegNo                 string `json:"regNo"`
	ObfuscatedPhoneNumber string `json:"obfuscatedPhoneNumber"`
	EncryptedPhoneNumber  string `json:"encryptedPhoneNumber"`
}

// NormalizePlate removes spaces and upper-cases; a plate is 2–7 of A–Z0–9.
func NormalizePlate(s string) (string, bool) {
	if len(s) > 32 {
		return "", false
	}
	s = strings.ToUpper(strings.Join(strings.Fields(s), ""))
	if len(s) < 2 || len(s) > 7 {
		return "", false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return "", false
		}
	}
	return s, true
}

// NationalPhone writes an E.164 Swedish number as 07x… (other numbers as given).
func NationalPhone(e164 string) string {
	if strings.HasPrefix(e164, "+46") {
		return "0" + e164[3:]
	}
	return e164
}

// ObfuscatePhone shows the first three digits and the last two:
// "+46701234567" → "070-*** ** 67".
func ObfuscatePhone(e164 string) string {
	n := NationalPhone(e164)
	if len(n) < 6 {
		return "***"
	}
	return fmt.Sprintf("%s-*** ** %s", n[:3], n[len(n)-2:])
}

// NormalizeMobile turns a Swedish mobile number written nationally
// (070-123 45 67) or internationally (+46 70…, 0046 70…) into E.164.
func NormalizeMobile(s string) (string, bool) {
	var d strings.Builder
	for i, r := range s {
		switch {
		case r >= '0' && r <= '9':
			d.WriteRune(r)
		case r == '+' && i == 0:
			d.WriteRune(r)
		case r == ' ' || r == '-' || r == '(' || r == ')':
		default:
			return "", false
		}
	}
	n := d.String()
	switch {
	case strings.HasPrefix(n, "+46"):
	case strings.HasPrefix(n, "0046"):
		n = "+46" + n[4:]
	case strings.HasPrefix(n, "07"):
		n = "+46" + n[1:]
	default:
		return "", false
	}
	if len(n) != 12 || n[3] != '7' || strings.Contains(n[1:], "+") {
		return "", false
	}
	return n, true
}

// ms is a time as stored: Unix milliseconds.
func ms(t time.Time) int64 { return t.UnixMilli() }

func fromMS(v int64) time.Time { return time.UnixMilli(v).UTC() }
