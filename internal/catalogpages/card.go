package catalogpages

// CarCard is a car as the list cards show it: the page data carries only
// these fields (typed, so encoding the page data is cheap). Zero values of
// optional fields are left out.
type CarCard struct {
	CarID         int64   `json:"car_id"`
	Slug          string  `json:"slug"`
	Brand         string  `json:"car_brand"`
	Model         string  `json:"car_model"`
	ModelText     string  `json:"car_model_text,omitempty"`
	Year          int     `json:"car_year,omitempty"`
	Mileage       int     `json:"car_mileage"`
	Fuel          string  `json:"car_fuel,omitempty"`
	Gearbox       string  `json:"car_gearbox,omitempty"`
	Price         float64 `json:"car_price"`
	Currency      string  `json:"car_price_currency,omitempty"`
	HasCampaign   bool    `json:"car_has_campaign_price,omitempty"`
	CampaignPrice float64 `json:"car_campaign_price,omitempty"`
	IsSample      bool    `json:"car_is_sample,omitempty"`
	City          string  `json:"car_site_city,omitempty"`
	// MonthlyCost is the card's "from … a month" figure and MonthlyCostType
	// which offer it is ("loan" or "privateleasing"); see catalog.FillMonthlyCost.
	MonthlyCost     float64     `json:"car_monthly_cost,omitempty"`
	MonthlyCostType string      `json:"car_monthly_cost_type,omitempty"`
	Image           CardPicture `json:"car_primary_image"`
	// PriceDrop is a reduction within the last 30 days ('Sänkt pris'),
	// PriceRating the fair-price label and PriceEstimate its range and
	// basis (catalog.PriceModel.Rate); absent when there is none.
	PriceDrop     *PriceDrop     `json:"car_price_drop,omitempty"`
	PriceRating   string         `json:"car_price_rating,omitempty"`
	PriceEstimate *PriceEstimate `json:"car_price_estimate,omitempty"`
}

// PriceDrop is a card's recent reduction.
type PriceDrop struct {
	Amount float64 `json:"amount"`
	Date   string  `json:"date"`
}

// PriceEstimate is a card's expected price range and how many similar
// cars it compares with.
type PriceEstimate struct {
	Low   float64 `json:"low"`
	High  float64 `json:"high"`
	Basis int     `json:"basis"`
}

// CardPicture is a card's picture and its blur placeholder.
type CardPicture struct {
	ThumbnailURL string `json:"thumbnail_url,omitempty"`
	BlurDataURL  string `json:"blur_data_url,omitempty"`
}

// CardFields are the search fields CarCard is made of.
var CardFields = []string{"car_id", "slug", "car_brand", "car_model", "car_model_text", "car_year", "car_mileage",
	"car_fuel", "car_gearbox", "car_price", "car_price_currency", "car_has_campaign_price", "car_campaign_price",
	"car_is_sample", "car_primary_image", "car_site_city", "car_monthly_cost", "car_monthly_cost_type",
	"car_price_drop", "car_price_rating", "car_price_estimate"}

// Cards converts search documents (decoded JSON) into cards.
func Cards(docs []map[string]any) []CarCard {
	out := make([]CarCard, len(docs))
	for i, d := range docs {
		c := &out[i]
		c.CarID = int64(num(d["car_id"]))
		c.Slug, _ = d["slug"].(string)
		c.Brand, _ = d["car_brand"].(string)
		c.Model, _ = d["car_model"].(string)
		c.ModelText, _ = d["car_model_text"].(string)
		c.Year = int(num(d["car_year"]))
		c.Mileage = int(num(d["car_mileage"]))
		c.Fuel, _ = d["car_fuel"].(string)
		c.Gearbox, _ = d["car_gearbox"].(string)
		c.Price = num(d["car_price"])
		c.Currency, _ = d["car_price_currency"].(string)
		c.HasCampaign, _ = d["car_has_campaign_price"].(bool)
		c.CampaignPrice = num(d["car_campaign_price"])
		c.IsSample, _ = d["car_is_sample"].(bool)
		c.City, _ = d["car_site_city"].(string)
		c.MonthlyCost = num(d["car_monthly_cost"])
		c.MonthlyCostType, _ = d["car_monthly_cost_type"].(string)
		if pd, ok := d["car_price_drop"].(map[string]any); ok {
			c.PriceDrop = &PriceDrop{Amount: num(pd["amount"])}
			c.PriceDrop.Date, _ = pd["date"].(string)
		}
		c.PriceRating, _ = d["car_price_rating"].(string)
		if pe, ok := d["car_price_estimate"].(map[string]any); ok {
			c.PriceEstimate = &PriceEstimate{Low: num(pe["low"]), High: num(pe["high"]), Basis: int(num(pe["basis"]))}
		}
		if img, ok := d["car_primary_image"].(map[string]any); ok {
			c.Image.ThumbnailURL, _ = img["thumbnail_url"].(string)
			c.Image.BlurDataURL, _ = img["blur_data_url"].(string)
		}
	}
	return out
}

func num(v any) float64 {
	switch v := v.(type) {
	case float64:
		return v
	case int:
		return float64(v)
	case int64:
		return float64(v)
	}
	return 0
}
