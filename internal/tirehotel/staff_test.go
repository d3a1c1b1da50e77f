package tirehotel

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"

	"forecourt/internal/errs"
	"forecourt/internal/staff"
	"forecourt/internal/store"
	"forecourt/internal/store/storetest"
)

type auditLog struct {
	mu      sync.Mutex
	entries []staff.Entry
}

func (l *auditLog) Record(_ context.Context, e staff.Entry) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.entries = append(l.entries, e)
	return nil
}

// TestStaffLookupAndInspection: a workshop finds an agreement by plate only
// at its own departments, records an inspection (depths and status), and
// the customer's portal shows them; refusals change nothing.
func TestStaffLookupAndInspection(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := mustEnv(t, db)
		audit := &auditLog{}
		api := &StaffAPI{Store: e.st, Recorder: audit, Now: e.clock.Now}
		mux := http.NewServeMux()
		for _, r := range api.Routes() {
			h := r.Handler
			mux.HandleFunc(r.Pattern, func(w http.ResponseWriter, r *http.Request) {
				if err := h(w, r); err != nil {
					status := map[string]int{"invalid": 400, "not_found": 404, "unauthorized": 401, "too_large": 413, "unsupported_media_type": 415, "forbidden": 403}[string(errs.CodeOf(err))]
					if status == 0 {
						status = 500
					}
					http.Error(w, err.Error(), status)
				}
			})
		}
		mine := staff.Principal{Account: "verkstad", Role: staff.RoleWorkshop, Departments: []string{"D-1001"}}
		other := staff.Principal{Account: "verkstad-norrtalje", Role: staff.RoleWorkshop, Departments: []string{"D-1011"}}
		do := func(p *staff.Principal, method, target, body string) *httptest.ResponseRecorder {
			r := httptest.NewRequest(method, target, strings.NewReader(body))
			r.Host = "127.0.0.1"
			r.Header.Set("Origin", "http://127.0.0.1")
			if body != "" {
				r.Header.Set("Content-Type", "application/json")
			}
			if p != nil {
				r = r.WithContext(staff.WithPrincipal(r.Context(), *p))
			}
			w := httptest.NewRecorder()
			mux.ServeHTTP(w, r)
			return w
		}
		id := strconv.FormatInt(e.ids["TH-2"], 10)
		good := `{"treadMm":{"FL":6.5,"FR":6.4,"RL":3.9,"RR":4.0},"status":"replace_soon","note":"Bakdäcken räcker en säsong till"}`
		for _, c := range [][3]string{{"GET", "/api/staff/tirehotel?regno=XYZ789", ""}, {"POST", "/api/staff/tirehotel/" + id + "/inspection", good}} {
			if w := do(nil, c[0], c[1], c[2]); w.Code != 401 {
				t.Errorf("%s without a principal: %d", c[1], w.Code)
			}
			if w := do(&other, c[0], c[1], c[2]); w.Code != 404 {
				t.Errorf("%s at another workshop: %d %s", c[1], w.Code, w.Body.String())
			}
		}
		if w := do(&mine, "GET", "/api/staff/tirehotel?regno=NOP000", ""); w.Code != 404 {
			t.Errorf("unknown plate: %d", w.Code)
		}
		if w := do(&mine, "GET", "/api/staff/tirehotel?regno=", ""); w.Code != 400 {
			t.Errorf("no plate: %d", w.Code)
		}
		w := do(&mine, "GET", "/api/staff/tirehotel?regno=xyz%20789", "")
		var got struct {
			Agreement StaffAgreement `json:"agreement"`
		}
		if err := json.Unmarshal(w.Body.Bytes(), &got); err != nil || w.Code != 200 {
			t.Fatalf("lookup %d %s", w.Code, w.Body.String())
		}
		ag := got.Agreement
		if ag.Regno != "XYZ789" || ag.Department != "D-1001" || len(ag.Tyres) != 4 || ag.Tyres[0].Position != "FL" || ag.Customer.Phone != "+46701740606" || ag.Status != "ok" {
			t.Fatalf("agreement %+v", ag)
		}
		for _, bad := range []string{
			`{"treadMm":{"FL":6.5,"FR":6.4,"RL":5.9},"status":"ok"}`,
			`{"treadMm":{"FL":6.5,"FR":6.4,"RL":5.9,"RR":-1},"status":"ok"}`,
			`{"treadMm":{"FL":6.5,"FR":6.4,"RL":5.9,"RR":6},"status":"great"}`,
			`{"treadMm":{"FL":6.5,"FR":6.4,"RL":5.9,"RR":6},"status":"ok","colour":"red"}`,
		} {
			if w := do(&mine, "POST", "/api/staff/tirehotel/"+id+"/inspection", bad); w.Code != 400 {
				t.Errorf("%s: %d %s", bad, w.Code, w.Body.String())
			}
		}
		// TH-1 has two cars: the inspection names one.
		two := strconv.FormatInt(e.ids["TH-1"], 10)
		if w := do(&mine, "POST", "/api/staff/tirehotel/"+two+"/inspection", good); w.Code != 400 {
			t.Errorf("two cars, none named: %d", w.Code)
		}
		if w := do(&mine, "POST", "/api/staff/tirehotel/"+id+"/inspection", good); w.Code != 201 {
			t.Fatalf("inspection: %d %s", w.Code, w.Body.String())
		}
		a, err := e.st.Agreement(context.Background(), e.ids["TH-2"])
		if err != nil {
			t.Fatal(err)
		}
		v := a.Vehicles[0]
		if v.LastInspection == nil || v.LastInspection.Status != "replace_soon" || v.LastInspection.Note != "Bakdäcken räcker en säsong till" || v.LastInspection.Date != "2026-11-26" {
			t.Fatalf("portal's last inspection %+v", v.LastInspection)
		}
		depths := map[string]float64{}
		for _, tr := range v.Tires {
			depths[tr.EquipmentPosition] = tr.Wheel.ThreadDepth
			if tr.Wheel.ThreadStatusID != TreadReplaceSoon || tr.Wheel.ThreadStatusMessage != "Byt inom kort" {
				t.Errorf("tyre %+v", tr)
			}
		}
		if depths["VF"] != 6.5 || depths["HF"] != 6.4 || depths["VB"] != 3.9 || depths["HB"] != 4.0 {
			t.Errorf("depths %v", depths)
		}
		w = do(&mine, "GET", "/api/staff/tirehotel?regno=XYZ789", "")
		json.Unmarshal(w.Body.Bytes(), &got)
		if len(got.Agreement.Inspections) != 1 || got.Agreement.Inspections[0].TreadMm["RL"] != 3.9 || got.Agreement.Status != "replace_soon" {
			t.Fatalf("after: %+v", got.Agreement)
		}
		if len(audit.entries) != 1 || audit.entries[0].Action != "tirehotel.inspection" || audit.entries[0].Account != "verkstad" || audit.entries[0].Subject != id {
			t.Fatalf("audit %+v", audit.entries)
		}
	})
}
