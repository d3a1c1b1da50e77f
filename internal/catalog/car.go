// Package catalog owns the car stock and the dealer sites of every forecourt
// site: the domain types (shaped exactly like the search-index records of the
// spec), their storage, the JSON-lines import of stock feeds, and the
// Service that turns the store into the documents the search indexes are
// built from. The demo stock is internal/demo/stock.
package catalog

import "forecourt/internal/finance"

// Car is one car of a site's stock, shaped as the spec's "Car (search index
// record)". JSON names are the spec's field names; the search index and the
// front end read them as they are.
//
// Units: prices are in CarPriceCurrency (major units, VAT included except for
// vehicle type LCV); CarMileage is in the site's unit (Swedish "mil" = 10 km,
// miles in the UK, km elsewhere) and CarOdometer in CarOdometerUnit;
// CarPublishdate and IndexedAt are Unix seconds (UTC); CarFirstregistration
// is a date "YYYY-MM-DD".
type Car struct {
	// Identity and naming.
	CarID                int64  `json:"car_id"`
	Slug                 string `json:"slug"`
	CarBrand             string `json:"car_brand"`
	CarModel             string `json:"car_model"`
	CarModelText         string `json:"car_model_text"`
	CarVersion           string `json:"car_version"`
	CarYear              int    `json:"car_year"`
	CarCondition         string `json:"car_condition"`
	CarIsUsed            bool   `json:"car_is_used"`
	CarIsSample          bool   `json:"car_is_sample"`
	CarBody              string `json:"car_body"`
	CarFuel              string `json:"car_fuel"`
	CarGearbox           string `json:"car_gearbox"`
	CarColor             string `json:"car_color"`
	CarDrive             string `json:"car_drive"`
	CarSeats             int    `json:"car_seats"`
	CarDoors             int    `json:"car_doors"`
	CarRegno             string `json:"car_regno"`
	CarChassino          string `json:"car_chassino"`
	CarVehicleTypeCode   string `json:"car_vehicle_type_code"`
	CarVatEligible       bool   `json:"car_vat_eligible"`
	CarNcapstars         int    `json:"car_ncapstars"`
	CarFirstregistration string `json:"car_firstregistration"`
	CarPublishdate       int64  `json:"car_publishdate"`

	// Use and technical.
	CarMileage                  int     `json:"car_mileage"`
	CarMileageText              string  `json:"car_mileage_text"`
	CarOdometer                 int     `json:"car_odometer"`
	CarOdometerUnit             string  `json:"car_odometer_unit"`
	CarPower                    int     `json:"car_power"`
	CarPowerText                string  `json:"car_power_text"`
	CarAccelerationText         string  `json:"car_acceleration_text"`
	CarEmissionMixedText        string  `json:"car_emission_mixed_text"`
	CarFuelCombinedText         string  `json:"car_fuel_combined_text"`
	WltpElectricConsumptionText string  `json:"wltp_electric_consumption_text"`
	WltpElectricRangeText       string  `json:"wltp_electric_range_text"`
	CarElectricRangeText        string  `json:"car_electric_range_text"`
	CarFuelTankCapacityText     string  `json:"car_fuel_tank_capacity_text"`
	BatterySizeText             string  `json:"battery_size_text"`
	BatterySize                 float64 `json:"battery_size"` // kWh; 0 when not electric
	ElectricChargingSpeedACText string  `json:"electric_charging_speed_ac_text"`
	ElectricChargingSpeedDCText string  `json:"electric_charging_speed_dc_text"`
	CarServiceWeightText        string  `json:"car_service_weight_text"`
	CarCargoVolumeText          string  `json:"car_cargo_volume_text"`
	CarHeightText               string  `json:"car_height_text"`
	CarLengthText               string  `json:"car_length_text"`
	CarWidthText                string  `json:"car_width_text"`

	// Price.
	CarPrice                     float64         `json:"car_price"`
	CarPriceTitle                string          `json:"car_price_title"`
	CarPriceText                 string          `json:"car_price_text"`
	CarPriceCurrency             string          `json:"car_price_currency"`
	CarRetailPrice               float64         `json:"car_retail_price"`
	CarRetailPriceText           string          `json:"car_retail_price_text"`
	CarCampaignPrice             float64         `json:"car_campaign_price"`
	CarCampaignPriceText         string          `json:"car_campaign_price_text"`
	CarHasCampaignPrice          bool            `json:"car_has_campaign_price"`
	CarHasCampaignLoan           bool            `json:"car_has_campaign_loan"`
	CarHasCampaignCompanyleasing bool            `json:"car_has_campaign_companyleasing"`
	CarHasCampaignPrivateleasing bool            `json:"car_has_campaign_privateleasing"`
	CarHasCompanyleasing         bool            `json:"car_has_companyleasing"`
	CarHasPrivateleasing         bool            `json:"car_has_privateleasing"`
	CarPbbratio                  float64         `json:"car_pbbratio"`
	CarBeneficialValue           float64         `json:"car_beneficial_value"` // förmånsvärde per month
	CarCampaigns                 []string        `json:"car_campaigns"`
	CarLoanMonthlyCost           float64         `json:"car_loan_monthly_cost"`
	CarPrivateleasingMonthlyCost float64         `json:"car_privateleasing_monthly_cost"`
	CarCompanyleasingMonthlyCost float64         `json:"car_companyleasing_monthly_cost"`
	CarLoanDescription           string          `json:"car_loan_description"`
	CarLoanRate                  float64         `json:"car_loan_rate"`     // percent, e.g. 4.95
	CarLoanDuration              int             `json:"car_loan_duration"` // months
	CarLeasingOptions            []LeasingOption `json:"car_leasing_options"`
	CarLoanOption                *LoanOption     `json:"car_loan_option,omitempty"`
	// CarMonthlyCost and CarMonthlyCostType are the shop-by-monthly-cost
	// figure and which offer it is (MonthlyLoan, MonthlyPrivateLeasing),
	// derived when the index is built (FillMonthlyCost); a feed's values
	// are replaced.
	CarMonthlyCost     float64 `json:"car_monthly_cost,omitempty"`
	CarMonthlyCostType string  `json:"car_monthly_cost_type,omitempty"`

	// Price history and fair price, derived when the index is built from
	// the recorded asking prices (FillPriceHistory) and the site's price
	// model (PriceModel.Rate); never stored in the car's document, and a
	// feed's values are replaced.
	CarPriceHistory []PricePoint `json:"car_price_history,omitempty"`
	// CarPriceDrop is the last change of the asking price when it was a
	// drop within RecentDropDays; CarPriceDropped is then "recent" (the
	// list's filter) and CarPriceDropDate its time (the list's sort).
	CarPriceDrop     *PriceCut `json:"car_price_drop,omitempty"`
	CarPriceDropped  string    `json:"car_price_dropped,omitempty"`
	CarPriceDropDate int64     `json:"car_price_drop_date,omitempty"`
	// CarPriceEstimate is the price range the model expects for the car and
	// CarPriceRating its label (RatingGood, RatingFair, RatingHigh), set only
	// when the model is confident for the car; CarPriceScore is the asking
	// price over the expected one (the list's "best price first").
	CarPriceEstimate *PriceEstimate `json:"car_price_estimate,omitempty"`
	CarPriceRating   string         `json:"car_price_rating,omitempty"`
	CarPriceScore    float64        `json:"car_price_score,omitempty"`

	// Content.
	CarEquipment    []string     `json:"car_equipment"`
	CarDescription  string       `json:"car_description"`
	CarImages       []Image      `json:"car_images"`
	CarPrimaryImage PrimaryImage `json:"car_primary_image"`

	// Dealer. CarSiteName is the dealer site's name, not the forecourt site.
	CarSiteID          int64    `json:"car_site_id"`
	CarSiteName        string   `json:"car_site_name"`
	CarSiteCity        string   `json:"car_site_city"`
	CarSiteRegion      string   `json:"car_site_region"`
	CarSellers         []Seller `json:"car_sellers"`
	CarCompanyerpid    string   `json:"car_companyerpid"`
	CarDepartmenterpid string   `json:"car_departmenterpid"`

	// Flags and housekeeping.
	Caroftheweek bool  `json:"caroftheweek"`
	AutosOnShow  bool  `json:"autos_on_show"`
	IndexedAt    int64 `json:"indexed_at"`

	// SiteName is the forecourt site the car belongs to, e.g. "group-se".
	SiteName string `json:"site_name"`
}

// Image is one picture of a car's gallery. BlurDataURL may be empty in the
// store; the Service fills it when building index documents.
type Image struct {
	Original    string `json:"original"`
	BlurDataURL string `json:"blur_data_url"`
}

// PrimaryImage is the card picture of a car.
type PrimaryImage struct {
	ThumbnailURL string `json:"thumbnail_url"`
	BlurDataURL  string `json:"blur_data_url"`
}

// Seller is a salesperson attached to a car. Phone or Email may be empty;
// the detail page lists only sellers that have one of them.
type Seller struct {
	Name  string `json:"name"`
	Email string `json:"email"`
	Phone string `json:"phone"`
}

// The loan and leasing offers of a car are the finance package's types:
// finance computes with exactly what the catalogue stores and indexes.
type (
	LeasingOption    = finance.LeasingOption
	LoanOption       = finance.LoanOption
	ContractDuration = finance.ContractDuration
)

// Leasing types of LeasingOption.LeasingType.
const (
	LeasingPrivate = finance.LeasingPrivate
	LeasingCompany = finance.LeasingCompany
)
