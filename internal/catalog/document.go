package catalog

import "forecourt/internal/search"

// The search documents of cars and dealer sites: each record writes its
// fields to the index under their JSON names, the value its JSON has (a
// nil list or pointer is null, omitempty fields are left out when zero),
// so the content of a search result is the record's JSON. A field added to
// a record is added here too; TestDocumentsAreTheRecordsJSON compares the
// two for the demo stock.

// WriteDoc writes the car as its search document (the vehicles_* indexes).
func (c *Car) WriteDoc(w *search.Writer) {
	w.Int("car_id", c.CarID)
	w.String("slug", c.Slug)
	w.String("car_brand", c.CarBrand)
	w.String("car_model", c.CarModel)
	w.String("car_model_text", c.CarModelText)
	w.String("car_version", c.CarVersion)
	w.Int("car_year", int64(c.CarYear))
	w.String("car_condition", c.CarCondition)
	w.Bool("car_is_used", c.CarIsUsed)
	w.Bool("car_is_sample", c.CarIsSample)
	w.String("car_body", c.CarBody)
	w.String("car_fuel", c.CarFuel)
	w.String("car_gearbox", c.CarGearbox)
	w.String("car_color", c.CarColor)
	w.String("car_drive", c.CarDrive)
	w.Int("car_seats", int64(c.CarSeats))
	w.Int("car_doors", int64(c.CarDoors))
	w.String("car_regno", c.CarRegno)
	w.String("car_chassino", c.CarChassino)
	w.String("car_vehicle_type_code", c.CarVehicleTypeCode)
	w.Bool("car_vat_eligible", c.CarVatEligible)
	w.Int("car_ncapstars", int64(c.CarNcapstars))
	w.String("car_firstregistration", c.CarFirstregistration)
	w.Int("car_publishdate", c.CarPublishdate)

	w.Int("car_mileage", int64(c.CarMileage))
	w.String("car_mileage_text", c.CarMileageText)
	w.Int("car_odometer", int64(c.CarOdometer))
	w.String("car_odometer_unit", c.CarOdometerUnit)
	w.Int("car_power", int64(c.CarPower))
	w.String("car_power_text", c.CarPowerText)
	w.String("car_acceleration_text", c.CarAccelerationText)
	w.String("car_emission_mixed_text", c.CarEmissionMixedText)
	w.String("car_fuel_combined_text", c.CarFuelCombinedText)
	w.String("wltp_electric_consumption_text", c.WltpElectricConsumptionText)
	w.String("wltp_electric_range_text", c.WltpElectricRangeText)
	w.String("car_electric_range_text", c.CarElectricRangeText)
	w.String("car_fuel_tank_capacity_text", c.CarFuelTankCapacityText)
	w.String("battery_size_text", c.BatterySizeText)
	w.Number("battery_size", c.BatterySize)
	w.String("electric_charging_speed_ac_text", c.ElectricChargingSpeedACText)
	w.String("electric_charging_speed_dc_text", c.ElectricChargingSpeedDCText)
	w.String("car_service_weight_text", c.CarServiceWeightText)
	w.String("car_cargo_volume_text", c.CarCargoVolumeText)
	w.String("car_height_text", c.CarHeightText)
	w.String("car_length_text", c.CarLengthText)
	w.String("car_width_text", c.CarWidthText)

	w.Number("car_price", c.CarPrice)
	w.String("car_price_title", c.CarPriceTitle)
	w.String("car_price_text", c.CarPriceText)
	w.String("car_price_currency", c.CarPriceCurrency)
	w.Number("car_retail_price", c.CarRetailPrice)
	w.String("car_retail_price_text", c.CarRetailPriceText)
	w.Number("car_campaign_price", c.CarCampaignPrice)
	w.String("car_campaign_price_text", c.CarCampaignPriceText)
	w.Bool("car_has_campaign_price", c.CarHasCampaignPrice)
	w.Bool("car_has_campaign_loan", c.CarHasCampaignLoan)
	w.Bool("car_has_campaign_companyleasing", c.CarHasCampaignCompanyleasing)
	w.Bool("car_has_campaign_privateleasing", c.CarHasCampaignPrivateleasing)
	w.Bool("car_has_companyleasing", c.CarHasCompanyleasing)
	w.Bool("car_has_privateleasing", c.CarHasPrivateleasing)
	w.Number("car_pbbratio", c.CarPbbratio)
	w.Number("car_beneficial_value", c.CarBeneficialValue)
	w.Strings("car_campaigns", c.CarCampaigns)
	w.Number("car_loan_monthly_cost", c.CarLoanMonthlyCost)
	w.Number("car_privateleasing_monthly_cost", c.CarPrivateleasingMonthlyCost)
	w.Number("car_companyleasing_monthly_cost", c.CarCompanyleasingMonthlyCost)
	w.String("car_loan_description", c.CarLoanDescription)
	w.Number("car_loan_rate", c.CarLoanRate)
	w.Int("car_loan_duration", int64(c.CarLoanDuration))
	search.Objects(w, "car_leasing_options", c.CarLeasingOptions, writeLeasingOption)
	if c.CarLoanOption != nil {
		search.Object(w, "car_loan_option", c.CarLoanOption, writeLoanOption)
	}
	if c.CarMonthlyCost != 0 {
		w.Number("car_monthly_cost", c.CarMonthlyCost)
	}
	if c.CarMonthlyCostType != "" {
		w.String("car_monthly_cost_type", c.CarMonthlyCostType)
	}

	if c.CarPriceHistory != nil {
		search.Objects(w, "car_price_history", c.CarPriceHistory, writePricePoint)
	}
	if c.CarPriceDrop != nil {
		search.Object(w, "car_price_drop", c.CarPriceDrop, writePriceCut)
	}
	if c.CarPriceDropped != "" {
		w.String("car_price_dropped", c.CarPriceDropped)
	}
	if c.CarPriceDropDate != 0 {
		w.Int("car_price_drop_date", c.CarPriceDropDate)
	}
	if c.CarPriceEstimate != nil {
		search.Object(w, "car_price_estimate", c.CarPriceEstimate, writePriceEstimate)
	}
	if c.CarPriceRating != "" {
		w.String("car_price_rating", c.CarPriceRating)
	}
	if c.CarPriceScore != 0 {
		w.Number("car_price_score", c.CarPriceScore)
	}

	w.Strings("car_equipment", c.CarEquipment)
	w.String("car_description", c.CarDescription)
	search.Objects(w, "car_images", c.CarImages, writeImage)
	search.Object(w, "car_primary_image", &c.CarPrimaryImage, writePrimaryImage)

	w.Int("car_site_id", c.CarSiteID)
	w.String("car_site_name", c.CarSiteName)
	w.String("car_site_city", c.CarSiteCity)
	w.String("car_site_region", c.CarSiteRegion)
	search.Objects(w, "car_sellers", c.CarSellers, writeSeller)
	w.String("car_companyerpid", c.CarCompanyerpid)
	w.String("car_departmenterpid", c.CarDepartmenterpid)

	w.Bool("caroftheweek", c.Caroftheweek)
	w.Bool("autos_on_show", c.AutosOnShow)
	w.Int("indexed_at", c.IndexedAt)
	w.String("site_name", c.SiteName)
}

func writeImage(w *search.Writer, im *Image) {
	w.String("original", im.Original)
	w.String("blur_data_url", im.BlurDataURL)
}

func writePrimaryImage(w *search.Writer, im *PrimaryImage) {
	w.String("thumbnail_url", im.ThumbnailURL)
	w.String("blur_data_url", im.BlurDataURL)
}

func writeSeller(w *search.Writer, s *Seller) {
	w.String("name", s.Name)
	w.String("email", s.Email)
	w.String("phone", s.Phone)
}

func writeLeasingOption(w *search.Writer, o *LeasingOption) {
	w.String("leasing_type", o.LeasingType)
	w.String("title", o.Title)
	w.Number("monthly_cost", o.MonthlyCost)
	w.String("monthly_cost_text", o.MonthlyCostText)
	w.String("description", o.Description)
	w.Int("duration", int64(o.Duration))
	w.Int("mileage", int64(o.Mileage))
	w.String("asterix", o.Asterix)
}

func writeLoanOption(w *search.Writer, o *LoanOption) {
	w.String("title", o.Title)
	w.Number("default_monthly_cost", o.DefaultMonthlyCost)
	w.String("default_monthly_cost_text", o.DefaultMonthlyCostText)
	search.Object(w, "default_contract_duration", &o.DefaultContractDuration, writeContractDuration)
	search.Objects(w, "contract_durations", o.ContractDurations, writeContractDuration)
	w.Number("interest_rate", o.InterestRate)
	w.String("interest_rate_text", o.InterestRateText)
	w.Number("invoice_fee", o.InvoiceFee)
	w.String("invoice_fee_text", o.InvoiceFeeText)
	w.Number("start_fee", o.StartFee)
	w.String("start_fee_text", o.StartFeeText)
	w.String("disclaimer", o.Disclaimer)
	w.String("description", o.Description)
}

func writeContractDuration(w *search.Writer, d *ContractDuration) {
	w.Int("months", int64(d.Months))
	w.Number("residual_percentage", d.ResidualPercentage)
	if d.CashAmountMaxPercentage != 0 {
		w.Number("cash_amount_max_percentage", d.CashAmountMaxPercentage)
	}
	w.Number("cash_amount_min_percentage", d.CashAmountMinPercentage)
}

func writePricePoint(w *search.Writer, p *PricePoint) {
	w.String("date", p.Date)
	w.Number("price", p.Price)
}

func writePriceCut(w *search.Writer, p *PriceCut) {
	w.Number("amount", p.Amount)
	w.String("date", p.Date)
}

func writePriceEstimate(w *search.Writer, e *PriceEstimate) {
	w.Number("low", e.Low)
	w.Number("high", e.High)
	w.Int("basis", int64(e.Basis))
}

// WriteDoc writes the dealer site as its search document (the sites_*
// indexes).
func (d *DealerSite) WriteDoc(w *search.Writer) {
	w.Int("site_id", d.SiteID)
	w.String("id", d.ID)
	w.String("slug", d.Slug)
	w.String("site_official_name", d.SiteOfficialName)
	w.String("site_street", d.SiteStreet)
	w.String("site_zip", d.SiteZip)
	w.String("site_city", d.SiteCity)
	w.String("site_region", d.SiteRegion)
	w.String("site_phone", d.SitePhone)
	w.String("site_email", d.SiteEmail)
	w.String("site_image_url", d.SiteImageURL)
	search.Object(w, "site_primary_image", &d.SitePrimaryImage, writeSiteImage)
	search.Object(w, "site_geocoord", &d.SiteGeocoord, writeGeoCoord)
	w.Strings("site_brands", d.SiteBrands)
	w.String("website_city", d.WebsiteCity)
	w.Int("website_sort_order", int64(d.WebsiteSortOrder))
	search.Objects(w, "site_departments", d.SiteDepartments, writeDepartment)
	w.String("site_name", d.SiteName)
}

func writeSiteImage(w *search.Writer, im *SiteImage) {
	w.String("thumbnail_url", im.ThumbnailURL)
	w.String("blur_data_url", im.BlurDataURL)
	w.String("original", im.Original)
}

func writeGeoCoord(w *search.Writer, g *GeoCoord) {
	w.String("latitude", g.Latitude)
	w.String("longitude", g.Longitude)
}

func writeDepartment(w *search.Writer, d *Department) {
	w.String("name", d.Name)
	w.String("official_name", d.OfficialName)
	w.String("department_type", d.DepartmentType)
	w.String("group", d.Group)
	w.String("phone", d.Phone)
	w.String("email", d.Email)
	search.Object(w, "openingschedule", &d.Openingschedule, writeOpeningSchedule)
	search.Objects(w, "brands", d.Brands, writeBrand)
	search.Objects(w, "users", d.Users, writeUser)
}

func writeOpeningSchedule(w *search.Writer, s *OpeningSchedule) {
	search.Objects(w, "openinghours", s.Openinghours, writeOpeningDay)
	search.Objects(w, "deviationdays", s.Deviationdays, writeOpeningDay)
}

func writeOpeningDay(w *search.Writer, d *OpeningDay) {
	w.String("day", d.Day)
	w.String("displayText", d.DisplayText)
}

func writeBrand(w *search.Writer, b *Brand) {
	w.String("name", b.Name)
	w.String("brand_code", b.BrandCode)
	w.String("erp_id", b.ErpID)
	w.String("email", b.Email)
}

func writeUser(w *search.Writer, u *User) {
	w.String("first_name", u.FirstName)
	w.String("last_name", u.LastName)
	w.String("title", u.Title)
	w.String("phone", u.Phone)
	w.String("email", u.Email)
}
