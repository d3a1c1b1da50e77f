package search

import (
	"testing"
)

// FuzzParseQuery: any body either fails with an Invalid error or gives a
// query within the bounds that the index runs without panicking.
func FuzzParseQuery(f *testing.F) {
	for _, s := range []string{
		`{"index":"vehicles_group_se","keyphrase":"volvo","fields":["car_id"],"facets":[{"name":"car_brand","child_name":"car_model","sort_order":"asc"},{"name":"car_price"}],"sort_name":"car_price_asc","filters":{"car_brand":["Volvo>XC60"],"car_price":[100000, "250 000"],"caroftheweek":[true],"car_id.neq":[123],"car_year":[2020]}}`,
		`{"index":"vehicles_group_se","limit":0}`,
		`{"index":"vehicles_group_se","filters":{"car_price.range":["", "300000"]},"sortName":"car_mileage_desc"}`,
		`{"index":"sites_group_se","keyphrase":"göteborg","offset":48,"limit":48}`,
		`{"index":"vehicles_group_se","facets":[{"name":"car_brand"},{"name":"car_brand"}]}`,
		`[]`, `{`, `{"limit":1e999}`, `{"index":"x","filters":{"a":[{}]}}`,
	} {
		f.Add([]byte(s))
	}
	ix, err := Build(VehiclesSchema(), fixture())
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		q, err := ParseQuery(body)
		if err != nil {
			return
		}
		if q.Limit < 0 || q.Limit > MaxLimit || q.Offset < 0 || q.Offset > MaxOffset || len(q.Facets) > MaxFacets || len(q.Filters) > MaxFilters {
			t.Fatalf("query out of bounds: %+v", q)
		}
		if q.Index == "vehicles_group_se" {
			ix.Search(q) // an error is fine, a panic is not
		}
	})
}
