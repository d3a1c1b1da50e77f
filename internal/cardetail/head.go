package cardetail

import (
	"net/url"
	"strconv"
	"strings"

	"forecourt/internal/catalog"
	"forecourt/internal/content"
	"forecourt/internal/page"
)

// carHead is what the detail page puts in the document head.
type carHead struct {
	notFound    bool
	title       string
	ogTitle     string
	description string
	image       string
	canonical   string
	jsonLD      map[string]any
}

// CarTitle is the page title of a car: brand, model, year and fuel,
// prefixed with the condition for used cars ("Begagnad Volvo XC60 2021 Diesel").
func CarTitle(car *catalog.Car) string {
	parts := []string{}
	if car.CarIsUsed {
		parts = append(parts, car.CarCondition)
	}
	parts = append(parts, car.CarBrand, car.CarModel)
	if car.CarYear != 0 {
		parts = append(parts, strconv.Itoa(car.CarYear))
	}
	parts = append(parts, car.CarFuel)
	var keep []string
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" {
			keep = append(keep, p)
		}
	}
	return strings.Join(keep, " ")
}

func newCarHead(req *page.Request, dict content.Dictionary, car *catalog.Car) *carHead {
	title := CarTitle(car)
	h := &carHead{title: page.FillTitle(dict, req.Site.Settings.TitleTemplate, title), ogTitle: title}
	var desc []string
	for _, v := range []string{car.CarModelText, car.CarMileageText, car.CarGearbox, car.CarPriceText} {
		if v = strings.TrimSpace(v); v != "" {
			desc = append(desc, v)
		}
	}
	if car.CarSiteName != "" {
		desc = append(desc, strings.TrimSpace(car.CarSiteName+" "+car.CarSiteCity))
	}
	h.description = title + ". " + strings.Join(desc, ", ") + "."
	if t := car.CarPrimaryImage.ThumbnailURL; t != "" {
		h.image = page.Absolute(req.BaseURL, "/_img?src="+url.QueryEscape(t)+"&w=1280")
	}
	h.canonical = page.Absolute(req.BaseURL, DetailPath(dict, car))
	var images []string
	for _, im := range car.CarImages {
		if im.Original != "" {
			images = append(images, page.Absolute(req.BaseURL, im.Original))
		}
	}
	ld := map[string]any{
		"@context":            "https://schema.org",
		"@type":               "Car",
		"name":                title,
		"brand":               map[string]any{"@type": "Brand", "name": car.CarBrand},
		"model":               car.CarModel,
		"url":                 h.canonical,
		"description":         h.description,
		"fuelType":            car.CarFuel,
		"color":               car.CarColor,
		"bodyType":            car.CarBody,
		"vehicleTransmission": car.CarGearbox,
		"itemCondition":       map[bool]string{true: "https://schema.org/UsedCondition", false: "https://schema.org/NewCondition"}[car.CarIsUsed],
		"offers": map[string]any{
			"@type":         "Offer",
			"price":         car.CarPrice,
			"priceCurrency": car.CarPriceCurrency,
			"availability":  "https://schema.org/InStock",
			"url":           h.canonical,
			"seller":        map[string]any{"@type": "AutoDealer", "name": car.CarSiteName},
		},
	}
	if car.CarYear > 0 {
		ld["vehicleModelDate"] = strconv.Itoa(car.CarYear)
	}
	if car.CarChassino != "" {
		ld["vehicleIdentificationNumber"] = car.CarChassino
	}
	if m := car.CarOdometer; m > 0 {
		unit := "KMT"
		if strings.HasPrefix(strings.ToLower(car.CarOdometerUnit), "mi") {
			unit = "SMI"
		}
		ld["mileageFromOdometer"] = map[string]any{"@type": "QuantitativeValue", "value": m, "unitCode": unit}
	}
	if len(images) > 0 {
		ld["image"] = images
	}
	h.jsonLD = ld
	return h
}

func (c *carHead) apply(h *page.Head) {
	if c.title != "" {
		h.Title = c.title
	}
	if c.notFound {
		h.Robots = "noindex"
		h.Canonical = ""
		return
	}
	h.OGTitle = c.ogTitle
	h.Description, h.OGDescription = c.description, c.description
	h.OGType = "product"
	if c.image != "" {
		h.OGImage = c.image
	}
	h.Canonical = c.canonical
	h.JSONLD = append(h.JSONLD, c.jsonLD)
}
