package web

import (
	"bytes"
	"compress/gzip"
	"crypto/rand"
	"encoding/json"
	"hash/crc32"
	"io"
	"strings"
	"testing"
)

// A document compressed in parts decodes to the document itself, with
// the length streamLen says.
func TestGzDocPartsMakeOneStream(t *testing.T) {
	doc := []byte(strings.Repeat("<p>Bilar i lager</p>", 500) + `<script>x</script>` + strings.Repeat("<li>Volvo XC60</li>", 300) + `<script></script>`)
	d := newGzDocPieces([]docPiece{{b: doc[:1000]}, {b: doc[1000:1001]}, {b: nil}, {b: doc[1001:]}}, gzipDocLevel)
	var out bytes.Buffer
	d.write(&out)
	if out.Len() != d.streamLen() {
		t.Errorf("stream of %d bytes, streamLen says %d", out.Len(), d.streamLen())
	}
	zr, err := gzip.NewReader(&out)
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(zr) // checks the CRC and length at the end
	if err != nil {
		t.Fatalf("decode: %v", err)
	}
	if !bytes.Equal(got, doc) {
		t.Fatal("decoded document differs")
	}
}

func TestGzDocCacheIsBounded(t *testing.T) {
	cache := newGzDocCache(2000)
	for i := 0; i < 50; i++ {
		doc := make([]byte, 1000)
		rand.Read(doc) // incompressible: each entry holds about 1 KB
		cache.put(uint64(i), newGzDocPieces([]docPiece{{b: doc}}, gzipDocLevel))
	}
	if cache.get(49) == nil || cache.get(0) != nil {
		t.Fatalf("the newest document must be kept and the oldest dropped")
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

func TestCRC32Combine(t *testing.T) {
	a := []byte("Hitta din nästa bil")
	for _, b := range [][]byte{nil, []byte("x"), bytes.Repeat([]byte("åäö"), 5000)} {
		want := crc32.ChecksumIEEE(append(append([]byte{}, a...), b...))
		if got := crc32Combine(crc32.ChecksumIEEE(a), crc32.ChecksumIEEE(b), len(b)); got != want {
			t.Errorf("combine with %d bytes = %08x, want %08x", len(b), got, want)
		}
	}
}

func TestGzDocRecompresses(t *testing.T) {
	doc := []byte(strings.Repeat("<li>Volvo XC60 2021 Diesel</li>", 800) + `<script>x</script>` + strings.Repeat("<p>Begagnad</p>", 400))
	first := newGzDocPieces([]docPiece{{b: doc[:24000]}, {b: doc[24000:]}}, gzipFirstLevel)
	pieces, err := first.pieces()
	if err != nil {
		t.Fatal(err)
	}
	better := newGzDocPieces(pieces, gzipDocLevel)
	if better.size > first.size {
		t.Errorf("level %d holds %d bytes, more than level %d's %d", gzipDocLevel, better.size, gzipFirstLevel, first.size)
	}
	cache := newGzDocCache(1 << 20)
	cache.put(7, first)
	cache.replace(7, first, better)
	if cache.get(7) != better || cache.bytes != better.size {
		t.Fatalf("replace kept %p (%d bytes)", cache.get(7), cache.bytes)
	}
	var out bytes.Buffer
	better.write(&out)
	zr, err := gzip.NewReader(&out)
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(zr)
	if err != nil || !bytes.Equal(got, doc) {
		t.Fatalf("recompressed document differs (%v)", err)
	}
}

// A document whose dictionary is a shared, precompressed part decodes to
// the document itself, before and after it is recompressed.
func TestGzDocWithSharedPart(t *testing.T) {
	dict := []byte(`{"a":"` + strings.Repeat("Köp bil ", 2000) + `"}`)
	doc := []byte(`<head><script>x</script></head><script id="__DICT__" type="application/json">` +
		string(dict) + `</script><script>` + strings.Repeat("<li>Volvo</li>", 300) + "</script>")
	start := bytes.Index(doc, dict)
	end := start + len(dict)
	d := compressDocument(doc, start, end, 42, gzipFirstLevel)
	if again := sharedPart(42, dict, gzipDocLevel); !bytes.Equal(again.z, d.parts[1].z) {
		t.Error("the shared part differs the second time")
	}
	pieces2, err := d.pieces()
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range []*gzDoc{d, newGzDocPieces(pieces2, gzipDocLevel)} {
		var out bytes.Buffer
		g.write(&out)
		if out.Len() != g.streamLen() {
			t.Errorf("stream of %d bytes, streamLen says %d", out.Len(), g.streamLen())
		}
		zr, err := gzip.NewReader(&out)
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(zr)
		if err != nil || !bytes.Equal(got, doc) {
			t.Fatalf("decoded %d bytes, %v", len(got), err)
		}
	}
}
