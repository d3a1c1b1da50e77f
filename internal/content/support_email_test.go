package content_test

import (
	"context"
	"io/fs"
	"regexp"
	"testing"

	contentfiles "forecourt/content"
	"forecourt/internal/content"
)

// TestOneSupportAddress: a site that names its customer-service address in
// the dictionary (supportEmail: booking errors, the tyre hotel) shows that
// same address in its footer and nowhere another one (booking
// said kundtjanst@, the footer and the tyre hotel kundservice@).
func TestOneSupportAddress(t *testing.T) {
	src, err := content.LoadFiles(contentfiles.FS)
	if err != nil {
		t.Fatal(err)
	}
	mailto := regexp.MustCompile(`mailto:([^"'\s]+)`)
	checked := 0
	for _, site := range []string{"group-se"} {
		layout, err := fs.ReadFile(contentfiles.FS, site+"/site.yaml")
		if err != nil {
			t.Fatal(err)
		}
		for _, lang := range []string{"sv", "en"} {
			d, err := src.Dictionary(context.Background(), site, lang)
			if err != nil {
				t.Fatal(err)
			}
			want := d["supportEmail"]
			if want == "" {
				t.Fatalf("%s/%s: no supportEmail", site, lang)
			}
			for _, m := range mailto.FindAllStringSubmatch(string(layout), -1) {
				checked++
				if m[1] != want {
					t.Errorf("%s footer mails %s, the dictionary's supportEmail is %s", site, m[1], want)
				}
			}
		}
	}
	if checked == 0 {
		t.Error("no footer address checked")
	}
}
