package web

import (
	"bytes"
	"compress/gzip"
	"crypto/rand"
	"encoding/json"
	"io"
	"strings"
	"testing"
)

func TestGzDocSplicesTheNonce(t *testing.T) {
	doc := []byte(strings.Repeat("<p>Bilar i lager</p>", 500) + `<script nonce="` + nonceMarker + `">x</script>` +
		strings.Repeat("<li>Volvo XC60</li>", 300) + `<script nonce="` + nonceMarker + `"></script>`)
	cache := newGzDocCache(1 << 20)
	var key [32]byte
	for _, nonce := range []string{"abc123", "another-nonce_value"} {
		var out bytes.Buffer
		cache.get(key, doc).write(&out, doc, nonce)
		zr, err := gzip.NewReader(&out)
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(zr) // checks the CRC and length at the end
		if err != nil {
			t.Fatalf("decode: %v", err)
		}
		want := bytes.ReplaceAll(doc, []byte(nonceMarker), []byte(nonce))
		if !bytes.Equal(got, want) {
			t.Fatalf("decoded document differs (nonce %q)", nonce)
		}
	}
	if cache.ll.Len() != 1 {
		t.Fatalf("cache entries = %d, want 1", cache.ll.Len())
	}
}

func TestGzDocCacheIsBounded(t *testing.T) {
	cache := newGzDocCache(2000)
	for i := 0; i < 50; i++ {
		var key [32]byte
		key[0] = byte(i)
		doc := make([]byte, 1000)
		rand.Read(doc) // incompressible: each entry holds about 1 KB
		cache.get(key, doc)
	}
	if cache.bytes > 2000 || cache.ll.Len() > 2 {
		t.Fatalf("cache holds %d bytes in %d entries", cache.bytes, cache.ll.Len())
	}
}

func TestSafeJSONMatchesEncodingJSON(t *testing.T) {
	v := map[string]any{
		"z": "</script><script>alert(1)</script> & \u2028\u2029 åäö 😀",
		"a": []any{1.5, 2.0, int64(1 << 40), nil, true, map[string]any{"b": "x", "a": "y"}},
		"m": map[string]any{"2": 2, "10": 10, "é": "e"},
	}
	got, err := safeJSON(v)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := json.Marshal(v)
	want = bytes.ReplaceAll(want, []byte("\u2028"), []byte(`\u2028`))
	want = bytes.ReplaceAll(want, []byte("\u2029"), []byte(`\u2029`))
	if !bytes.Equal(got, want) {
		t.Fatalf("safeJSON differs from encoding/json:\n got %s\nwant %s", got, want)
	}
	if bytes.Contains(got, []byte("</script>")) {
		t.Fatalf("unescaped </script> in %s", got)
	}
}
