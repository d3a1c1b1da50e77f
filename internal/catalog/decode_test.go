package catalog

import (
	"bufio"
	"encoding/json"
	"io"
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// CheckDecodeFastPath checks that the one-decode path of decodeRecord
// gives what decoding field by field gives on every line of feed
// (TestDecodeRecordFastPath passes the demo feed, which the catalogue's
// own tests cannot make), and that keys it cannot vouch for take the slow
// path.
func CheckDecodeFastPath(t *testing.T, feed io.Reader) {
	t.Helper()
	fields := jsonFields(reflect.TypeFor[Car]())
	sc := bufio.NewScanner(feed)
	sc.Buffer(nil, maxLine)
	n := 0
	for sc.Scan() {
		line := sc.Bytes()
		if !onlyKnownKeys(line, fields) {
			t.Fatalf("demo line %d not taken by the fast path", n+1)
		}
		fast, _, ok := decodeRecord[Car](line, fieldErrs{})
		var slow Car
		var raw map[string]json.RawMessage
		if err := json.Unmarshal(line, &raw); err != nil || !ok {
			t.Fatal(err)
		}
		rv := reflect.ValueOf(&slow).Elem()
		for k, v := range raw {
			if err := json.Unmarshal(v, rv.Field(fields[k]).Addr().Interface()); err != nil {
				t.Fatal(err)
			}
		}
		if d := cmp.Diff(slow, fast); d != "" {
			t.Fatalf("line %d (-slow +fast):\n%s", n+1, d)
		}
		n++
	}
	if n == 0 {
		t.Fatal("empty demo feed")
	}
	for _, tc := range []struct {
		in   string
		want bool
	}{
		{`{}`, true},
		{` { "car_id" : 1 , "slug":"a-b", "car_images":[{"original":"x}"}], "car_loan_option":null } `, true},
		{`{"CAR_ID": 1}`, false},                      // encoding/json would match it case-insensitively
		{`{"car_id": 1, "car_id": 2}`, false},         // duplicate
		{`{"car_\u0069d": 1}`, false},                 // escaped key
		{`{"car_id": 1, "zz": [1,{"a":"]"}]}`, false}, // unknown
		{`[1]`, false},
		{`{"car_id": 1`, false},
	} {
		if got := onlyKnownKeys([]byte(tc.in), fields); got != tc.want {
			t.Errorf("onlyKnownKeys(%s) = %v, want %v", tc.in, got, tc.want)
		}
	}
}
