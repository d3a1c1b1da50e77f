package content

import (
	"encoding/json"
	"reflect"
	"sync"
)

// Every page's data carries its site's dictionary (some 600 texts, 25 KB of
// JSON). Sources hand out the same map for a site and language until they
// reload, and nothing writes to a dictionary once it is made, so its JSON is
// encoded once per map: sorting and escaping it per page was a tenth of a
// car page's CPU on the server.

// dictJSONMax bounds the remembered encodings (a source that made a new
// map per call would otherwise pin every one of them).
const dictJSONMax = 64

var dictJSON struct {
	sync.Mutex
	byMap map[uintptr]dictEncoding
}

// dictEncoding keeps the map itself so that its address cannot be reused by
// another map while the encoding is remembered under it.
type dictEncoding struct {
	dict Dictionary
	n    int
	json []byte
}

// MarshalJSON writes what encoding/json writes for the map (keys sorted,
// <, > and & escaped), from the remembered encoding when there is one.
func (d Dictionary) MarshalJSON() ([]byte, error) {
	if d == nil {
		return []byte("null"), nil
	}
	key := reflect.ValueOf(d).Pointer()
	dictJSON.Lock()
	e, ok := dictJSON.byMap[key]
	dictJSON.Unlock()
	if ok && e.n == len(d) {
		return e.json, nil
	}
	b, err := json.Marshal(map[string]string(d))
	if err != nil {
		return nil, err
	}
	dictJSON.Lock()
	if dictJSON.byMap == nil || len(dictJSON.byMap) >= dictJSONMax {
		dictJSON.byMap = map[uintptr]dictEncoding{}
	}
	dictJSON.byMap[key] = dictEncoding{dict: d, n: len(d), json: b}
	dictJSON.Unlock()
	return b, nil
}
