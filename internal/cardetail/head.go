package cardetail

import (
	"net/url"
	"strings"

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
func CarTitle(car map[string]any) string {
	parts := []string{}
	if boolean(car["car_is_used"]) {
		parts = append(parts, str(car["car_condition"]))
	}
	parts = append(parts, str(car["car_brand"]), str(car["car_model"]))
	if y := str(car["car_year"]); y != "" && y != "0" {
		parts = append(parts, y)
	}
	parts = append(parts, str(car["car_fuel"]))
	var keep []string
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" {
			keep = append(keep, p)
		}
	}
	return strings.Join(keep, " ")
}

func newCarHead(req *page.Request, dict content.Dictionary, car map[string]any) *carHead {
	title := CarTitle(car)
	h := &carHead{title: page.FillTitle(dict, req.Site.Settings.TitleTemplate, title), ogTitle: title}
	var desc []string
	for _, k := range []string{"car_model_text", "car_mileage_text", "car_gearbox", "car_price_text"} {
		if v := strings.TrimSpace(str(car[k])); v != "" {
			desc = append(desc, v)
		}
	}
	if dealer := str(car["car_site_name"]); dealer != "" {
		desc = append(desc, strings.TrimSpace(dealer+" "+str(car["car_site_city"])))
	}
	h.description = title + ". " + strings.Join(desc, ", ") + "."
	if pi, ok := car["car_primary_image"].(map[string]any); ok && str(pi["thumbnail_url"]) != "" {
		h.image = page.Absolute(req.BaseURL, "/_img?src="+url.QueryEscape(str(pi["thumbnail_url"]))+"&w=1280")
	}
	h.canonical = page.Absolute(req.BaseURL, DetailPath(dict, car))
	var images []string
	if list, ok := car["car_images"].([]any); ok {
		for _, im := range list {
			if m, ok := im.(map[string]any); ok && str(m["original"]) != "" {
				images = append(images, page.Absolute(req.BaseURL, str(m["original"])))
			}
		}
	}
	ld := map[string]any{
		"@context":            "https://schema.org",
		"@type":               "Car",
		"name":                title,
		"brand":               map[string]any{"@type": "Brand", "name": str(car["car_brand"])},
		"model":               str(car["car_model"]),
		"url":                 h.canonical,
		"description":         h.description,
		"fuelType":            str(car["car_fuel"]),
		"color":               str(car["car_color"]),
		"bodyType":            str(car["car_body"]),
		"vehicleTransmission": str(car["car_gearbox"]),
		"itemCondition":       map[bool]string{true: "https://schema.org/UsedCondition", false: "https://schema.org/NewCondition"}[boolean(car["car_is_used"])],
		"offers": map[string]any{
			"@type":         "Offer",
			"price":         num(car["car_price"]),
			"priceCurrency": str(car["car_price_currency"]),
			"availability":  "https://schema.org/InStock",
			"url":           h.canonical,
			"seller":        map[string]any{"@type": "AutoDealer", "name": str(car["car_site_name"])},
		},
	}
	if y := num(car["car_year"]); y > 0 {
		ld["vehicleModelDate"] = str(car["car_year"])
	}
	if vin := str(car["car_chassino"]); vin != "" {
		ld["vehicleIdentificationNumber"] = vin
	}
	if m := num(car["car_odometer"]); m > 0 {
		unit := "KMT"
		if strings.HasPrefix(strings.ToLower(str(car["car_odometer_unit"])), "mi") {
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
