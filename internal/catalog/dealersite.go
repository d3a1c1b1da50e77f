package catalog

import "strings"

// DealerSite is a physical dealer site (showroom, workshop) of a forecourt
// site, shaped as the spec's "Dealer site" search record. SiteID is the
// numeric id cars point to with car_site_id; ID is the content item id.
type DealerSite struct {
	SiteID           int64        `json:"site_id"`
	ID               string       `json:"id"`
	Slug             string       `json:"slug"`
	SiteOfficialName string       `json:"site_official_name"`
	SiteStreet       string       `json:"site_street"`
	SiteZip          string       `json:"site_zip"`
	SiteCity         string       `json:"site_city"`
	SiteRegion       string       `json:"site_region"`
	SitePhone        string       `json:"site_phone"`
	SiteEmail        string       `json:"site_email"`
	SiteImageURL     string       `json:"site_image_url"`
	SitePrimaryImage SiteImage    `json:"site_primary_image"`
	SiteGeocoord     GeoCoord     `json:"site_geocoord"`
	SiteBrands       []string     `json:"site_brands"`
	WebsiteCity      string       `json:"website_city"`
	WebsiteSortOrder int          `json:"website_sort_order"`
	SiteDepartments  []Department `json:"site_departments"`
	SiteName         string       `json:"site_name"` // the forecourt site, e.g. "group-se"
}

// SiteImage is the primary picture of a dealer site.
type SiteImage struct {
	ThumbnailURL string `json:"thumbnail_url"`
	BlurDataURL  string `json:"blur_data_url"`
	Original     string `json:"original"`
}

// GeoCoord is a WGS 84 position written as decimal text, e.g. "59.3326".
type GeoCoord struct {
	Latitude  string `json:"latitude"`
	Longitude string `json:"longitude"`
}

// Department groups.
const (
	GroupNewCars  = "New cars"
	GroupParts    = "Parts"
	GroupWorkshop = "Workshop"
	GroupBodyWork = "Body work"
)

// Department is one department of a dealer site (sales, parts, workshop,
// body shop) with its contacts, opening hours, brands and staff.
type Department struct {
	Name            string          `json:"name"`
	OfficialName    string          `json:"official_name"`
	DepartmentType  string          `json:"department_type"`
	Group           string          `json:"group"` // one of the Group… constants
	Phone           string          `json:"phone"`
	Email           string          `json:"email"`
	Openingschedule OpeningSchedule `json:"openingschedule"`
	Brands          []Brand         `json:"brands"`
	Users           []User          `json:"users"`
}

// OpeningSchedule holds regular hours and deviations (holidays).
type OpeningSchedule struct {
	Openinghours  []OpeningDay `json:"openinghours"`
	Deviationdays []OpeningDay `json:"deviationdays"`
}

// OpeningDay is a display pair such as {"Måndag–Fredag", "07:00–18:00"}.
type OpeningDay struct {
	Day         string `json:"day"`
	DisplayText string `json:"displayText"`
}

// Brand is a brand a department sells or services. BrandCode may carry a
// suffix such as "VW_TR" (Volkswagen commercial vehicles); see
// CollapseBrandCodes.
type Brand struct {
	Name      string `json:"name"`
	BrandCode string `json:"brand_code"`
	ErpID     string `json:"erp_id"`
	Email     string `json:"email"`
}

// User is a member of a department's staff.
type User struct {
	FirstName string `json:"first_name"`
	LastName  string `json:"last_name"`
	Title     string `json:"title"`
	Phone     string `json:"phone"`
	Email     string `json:"email"`
}

// ExtraMedia is the UK site's extra media of a car, looked up by its
// registration (GET /api/{name}/{regNo}). Images360 are the exterior frames
// in order.
type ExtraMedia struct {
	CarRegno       string   `json:"car_regno"`
	VideoURL       string   `json:"videoUrl"`
	Images360      []string `json:"images360"`
	Internal360    string   `json:"internal360"`
	HasVideo       bool     `json:"hasVideo"`
	HasInternal360 bool     `json:"hasInternal360"`
	Has360         bool     `json:"has360"`
}

// NormalizeRegno returns the key a registration is stored and looked up by:
// upper case without spaces or dashes, so "ab12 cde" and "AB12CDE" match.
func NormalizeRegno(regno string) string {
	var b strings.Builder
	for _, r := range strings.ToUpper(regno) {
		if r == ' ' || r == '-' {
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// keepSuffixed are suffixed brand codes that stay separate from their base
// code: they are brands (or divisions) of their own.
var keepSuffixed = map[string]bool{"FI_TR": true, "MH_TR": true}

// CollapseBrandCodes returns codes with every code that has an underscore
// ("VW_TR") replaced by its base code ("VW") when the base is also present,
// except FI_TR and MH_TR, which are always kept. Duplicates are dropped and
// the order of first appearance kept.
func CollapseBrandCodes(codes []string) []string {
	present := make(map[string]bool, len(codes))
	for _, c := range codes {
		present[c] = true
	}
	out := make([]string, 0, len(codes))
	seen := make(map[string]bool, len(codes))
	for _, c := range codes {
		if i := strings.IndexByte(c, '_'); i > 0 && !keepSuffixed[c] && present[c[:i]] {
			c = c[:i]
		}
		if !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	return out
}

// CollapseBrands is CollapseBrandCodes over a department's brands: a brand
// whose code collapses is dropped in favour of the base brand's entry.
func CollapseBrands(brands []Brand) []Brand {
	present := make(map[string]bool, len(brands))
	for _, b := range brands {
		present[b.BrandCode] = true
	}
	out := make([]Brand, 0, len(brands))
	seen := make(map[string]bool, len(brands))
	for _, b := range brands {
		code := b.BrandCode
		if i := strings.IndexByte(code, '_'); i > 0 && !keepSuffixed[code] && present[code[:i]] {
			continue // the base brand's own entry stands for it
		}
		if !seen[code] {
			seen[code] = true
			out = append(out, b)
		}
	}
	return out
}
