package tirehotel

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"forecourt/internal/errs"
	"forecourt/internal/httpguard"
	"forecourt/internal/staff"
)

// The workshop's side of the tyre hotel: look up an agreement by plate (only
// at a department the signed-in staff member may operate) and record an
// inspection after a wheel change, whose tread depths and status the
// customer then sees in the portal.

// Inspection statuses and the portal's status of a tyre for each.
const (
	InspectionOK          = "ok"
	InspectionReplaceSoon = "replace_soon"
	InspectionReplace     = "replace"
	// TreadReplaceSoon is a tyre that will need replacing within a season.
	TreadReplaceSoon = 2
)

var inspectionTexts = map[string]struct {
	id  int
	msg string
}{
	InspectionOK:          {TreadOK, "Bra"},
	InspectionReplaceSoon: {TreadReplaceSoon, "Byt inom kort"},
	InspectionReplace:     {TreadReplace, "Bör bytas"},
}

// staffPositions are the contract's positions (front/rear, left/right) and
// the stored equipment positions (vänster/höger fram/bak).
var staffPositions = []struct{ api, stored string }{{"FL", "VF"}, {"FR", "HF"}, {"RL", "VB"}, {"RR", "HB"}}

// Inspection is one recorded inspection of a car's tyres.
type Inspection struct {
	ID      string             `json:"id"`
	At      time.Time          `json:"at"`
	TreadMm map[string]float64 `json:"treadMm"`
	Status  string             `json:"status"`
	Note    string             `json:"note"`
	By      string             `json:"by"`
}

// LastInspection is what the customer's portal shows of the latest
// inspection: when, the status and the workshop's note.
type LastInspection struct {
	Date   string `json:"date"` // YYYY-MM-DD, Stockholm
	Status string `json:"status"`
	Text   string `json:"text"`
	Note   string `json:"note"`
}

// StaffTyre is a stored tyre as the workshop sees it.
type StaffTyre struct {
	Position  string  `json:"position"` // FL, FR, RL, RR
	Brand     string  `json:"brand"`
	Model     string  `json:"model"`
	Dimension string  `json:"dimension"`
	Season    string  `json:"season"` // winter, summer
	TreadMm   float64 `json:"treadMm"`
	Status    string  `json:"status"`
}

// StaffAgreement is the answer of the workshop's lookup.
type StaffAgreement struct {
	ID         int64  `json:"id"`
	Number     string `json:"number"`
	Regno      string `json:"regno"`
	Department string `json:"department"`
	Customer   struct {
		Name  string `json:"name"`
		Email string `json:"email"`
		Phone string `json:"phone"`
	} `json:"customer"`
	Car struct {
		Brand string `json:"brand"`
		Model string `json:"model"`
	} `json:"car"`
	Tyres       []StaffTyre  `json:"tyres"`
	Status      string       `json:"status"`
	Inspections []Inspection `json:"inspections"`
}

func statusOfTread(id int) string {
	switch id {
	case TreadReplace:
		return InspectionReplace
	case TreadReplaceSoon:
		return InspectionReplaceSoon
	}
	return InspectionOK
}

// inspections reads a car's inspections, newest first (at most 20).
func (s *Store) inspections(ctx context.Context, regNo string) ([]Inspection, error) {
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT id, tread, status, note, created_by, created_at FROM tirehotel_inspections
		WHERE reg_no = ? ORDER BY created_at DESC, id DESC LIMIT 20`), regNo)
	if err != nil {
		return nil, errs.Wrap(err, "read inspections")
	}
	defer rows.Close()
	out := []Inspection{}
	for rows.Next() {
		var in Inspection
		var tread string
		var at int64
		if err := rows.Scan(&in.ID, &tread, &in.Status, &in.Note, &in.By, &at); err != nil {
			return nil, errs.Wrap(err, "read inspections")
		}
		stored := map[string]float64{}
		if err := json.Unmarshal([]byte(tread), &stored); err != nil {
			return nil, errs.Wrap(err, "decode inspection")
		}
		in.TreadMm = map[string]float64{}
		for _, p := range staffPositions {
			if v, ok := stored[p.stored]; ok {
				in.TreadMm[p.api] = v
			}
		}
		in.At = time.UnixMilli(at).UTC()
		out = append(out, in)
	}
	return out, errs.Wrap(rows.Err(), "read inspections")
}

// lastInspection is the portal's view of the car's latest inspection.
func (s *Store) lastInspection(ctx context.Context, regNo string) (*LastInspection, error) {
	ins, err := s.inspections(ctx, regNo)
	if err != nil || len(ins) == 0 {
		return nil, err
	}
	in := ins[0]
	return &LastInspection{Date: in.At.In(inspectionZone).Format("2006-01-02"), Status: in.Status, Text: inspectionTexts[in.Status].msg, Note: in.Note}, nil
}

var inspectionZone = func() *time.Location {
	l, err := time.LoadLocation("Europe/Stockholm")
	if err != nil {
		return time.UTC
	}
	return l
}()

// StaffLookup returns the agreement of the plate when its car's tyres are
// stored at a department may allows; any other plate answers NotFound alike.
func (s *Store) StaffLookup(ctx context.Context, rawPlate string, may func(department string) bool) (StaffAgreement, error) {
	notFound := errs.E(errs.NotFound, "No tyre hotel agreement for that registration at your workshops.")
	plate, ok := NormalizePlate(rawPlate)
	if !ok {
		return StaffAgreement{}, &errs.Error{Code: errs.Invalid, Message: "Enter a registration number.", Fields: map[string]string{"regno": "a registration number such as ABC123"}}
	}
	id, err := s.AgreementIDByPlate(ctx, plate)
	if errs.Is(err, errs.NotFound) {
		return StaffAgreement{}, notFound
	}
	if err != nil {
		return StaffAgreement{}, err
	}
	ag, err := s.Agreement(ctx, id)
	if err != nil {
		return StaffAgreement{}, err
	}
	var v *Vehicle
	for i := range ag.Vehicles {
		if ag.Vehicles[i].RegNo == plate {
			v = &ag.Vehicles[i]
		}
	}
	if v == nil || !may(v.Location.ErpID) {
		return StaffAgreement{}, notFound
	}
	out := StaffAgreement{ID: ag.ID, Number: ag.Number, Regno: v.RegNo, Department: v.Location.ErpID, Tyres: []StaffTyre{}, Status: InspectionOK}
	out.Customer.Name, out.Customer.Email, out.Customer.Phone = strings.TrimSpace(ag.FirstName+" "+ag.LastName), ag.Email, ag.Phone
	out.Car.Brand, out.Car.Model = v.Brand, v.Model
	worst := TreadOK
	for _, t := range v.Tires {
		st := StaffTyre{Position: t.EquipmentPosition, TreadMm: t.Wheel.ThreadDepth, Status: statusOfTread(t.Wheel.ThreadStatusID),
			Dimension: fmt.Sprintf("%d/%d R%d", t.Wheel.SectionWidth, t.Wheel.AspectRatio, t.Wheel.RimDiameter), Season: "summer"}
		for _, p := range staffPositions {
			if p.stored == t.EquipmentPosition {
				st.Position = p.api
			}
		}
		st.Brand, st.Model, _ = strings.Cut(t.Wheel.Name, " ")
		if strings.Contains(strings.ToLower(t.Wheel.ThreadPattern), "vinter") {
			st.Season = "winter"
		}
		if t.Wheel.ThreadStatusID == TreadReplace || (t.Wheel.ThreadStatusID == TreadReplaceSoon && worst != TreadReplace) {
			worst = t.Wheel.ThreadStatusID
		}
		out.Tyres = append(out.Tyres, st)
	}
	out.Status = statusOfTread(worst)
	if out.Inspections, err = s.inspections(ctx, v.RegNo); err != nil {
		return StaffAgreement{}, err
	}
	return out, nil
}

// InspectionRequest is the body of an inspection.
type InspectionRequest struct {
	// Regno names the car when the agreement has more than one.
	Regno   string             `json:"regno,omitempty"`
	TreadMm map[string]float64 `json:"treadMm"`
	Status  string             `json:"status"`
	Note    string             `json:"note"`
}

// Limits of an inspection.
const (
	maxTreadMm = 20.0
	maxNote    = 500
)

// Inspect records an inspection of a car of agreement id (whose tyres are
// stored at a department may allows; else NotFound) and writes its depths
// and status into the stored tyres, in one transaction. Errors: NotFound;
// Invalid with fields treadMm.FL…, status, note, regno.
func (s *Store) Inspect(ctx context.Context, id int64, req InspectionRequest, by string, may func(department string) bool, now time.Time) (Inspection, string, error) {
	notFound := errs.E(errs.NotFound, "No tyre hotel agreement with that id at your workshops.")
	ag, err := s.Agreement(ctx, id)
	if errs.Is(err, errs.NotFound) {
		return Inspection{}, "", notFound
	}
	if err != nil {
		return Inspection{}, "", err
	}
	var mine []Vehicle
	for _, v := range ag.Vehicles {
		if may(v.Location.ErpID) {
			mine = append(mine, v)
		}
	}
	if len(mine) == 0 {
		return Inspection{}, "", notFound
	}
	fe := errs.FieldErrors{}
	var v *Vehicle
	if req.Regno != "" {
		plate, _ := NormalizePlate(req.Regno)
		for i := range mine {
			if mine[i].RegNo == plate {
				v = &mine[i]
			}
		}
		if v == nil {
			fe.Add("regno", "a car of the agreement")
		}
	} else if len(mine) == 1 {
		v = &mine[0]
	} else {
		fe.Add("regno", "the agreement has several cars: name one")
	}
	stored := map[string]float64{}
	for _, p := range staffPositions {
		d, ok := req.TreadMm[p.api]
		if !ok || math.IsNaN(d) || d < 0 || d > maxTreadMm {
			fe.Add("treadMm."+p.api, fmt.Sprintf("a depth of 0 to %g mm", maxTreadMm))
			continue
		}
		stored[p.stored] = math.Round(d*10) / 10
	}
	if len(req.TreadMm) > len(staffPositions) {
		fe.Add("treadMm", "FL, FR, RL and RR only")
	}
	text, ok := inspectionTexts[req.Status]
	if !ok {
		fe.Add("status", "ok, replace_soon or replace")
	}
	req.Note = strings.TrimSpace(req.Note)
	if utf8.RuneCountInString(req.Note) > maxNote || strings.ContainsRune(req.Note, 0) {
		fe.Add("note", fmt.Sprintf("at most %d characters", maxNote))
	}
	if err := fe.Err("Check the inspection."); err != nil {
		return Inspection{}, "", err
	}
	tread, _ := json.Marshal(stored)
	var b [6]byte
	rand.Read(b[:])
	in := Inspection{ID: "IN-" + strings.ToUpper(hex.EncodeToString(b[:])), At: now.UTC().Truncate(time.Millisecond), Status: req.Status, Note: req.Note, By: by, TreadMm: map[string]float64{}}
	for _, p := range staffPositions {
		in.TreadMm[p.api] = stored[p.stored]
	}
	err = s.db.Tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, s.db.Rebind(`INSERT INTO tirehotel_inspections (id, reg_no, agreement_id, tread, status, note, created_by, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)`), in.ID, v.RegNo, ag.ID, string(tread), in.Status, in.Note, by, ms(now)); err != nil {
			return errs.Wrap(err, "store inspection")
		}
		for pos, d := range stored {
			if _, err := tx.ExecContext(ctx, s.db.Rebind(`UPDATE tirehotel_tyres SET tread_depth = ?, status_id = ?, status_message = ? WHERE reg_no = ? AND position = ?`),
				d, text.id, text.msg, v.RegNo, pos); err != nil {
				return errs.Wrap(err, "update tyre")
			}
		}
		return nil
	})
	if err != nil {
		return Inspection{}, "", err
	}
	return in, v.Location.ErpID, nil
}

// StaffAPI serves the workshop's tyre-hotel calls (/api/staff/tirehotel…)
// in the project's error shape: a signed-in staff member (staff.Principal)
// who may operate the car's department; everything else is NotFound.
type StaffAPI struct {
	Store    *Store
	Recorder staff.Recorder
	Guard    httpguard.Mutation
	// Session wraps every route (the staff session middleware); nil: the
	// principal is already in the context.
	Session func(h func(w http.ResponseWriter, r *http.Request) error) func(w http.ResponseWriter, r *http.Request) error
	Log     *slog.Logger
	Now     func() time.Time
}

// Routes lists the endpoints.
func (a *StaffAPI) Routes() []Route {
	guard := a.Guard
	if guard.MaxBody == 0 {
		guard.MaxBody = maxBody
	}
	wrap := func(h func(w http.ResponseWriter, r *http.Request) error) func(w http.ResponseWriter, r *http.Request) error {
		h = func(next func(w http.ResponseWriter, r *http.Request) error) func(w http.ResponseWriter, r *http.Request) error {
			return func(w http.ResponseWriter, r *http.Request) error {
				w.Header().Set("Cache-Control", "no-store")
				return next(w, r)
			}
		}(h)
		if a.Session != nil {
			h = a.Session(h)
		}
		return h
	}
	return []Route{
		{"GET /api/staff/tirehotel", "staff-tirehotel", wrap(a.lookup)},
		{"POST /api/staff/tirehotel/{id}/inspection", "staff-tirehotel-inspection", wrap(guard.Wrap(a.inspect))},
	}
}

var errNoStaff = errs.E(errs.Unauthorized, "Sign in as staff first.")

func (a *StaffAPI) now() time.Time {
	if a.Now != nil {
		return a.Now()
	}
	return time.Now()
}

// lookup serves "GET /api/staff/tirehotel?regno=".
func (a *StaffAPI) lookup(w http.ResponseWriter, r *http.Request) error {
	p, ok := staff.PrincipalFrom(r.Context())
	if !ok {
		return errNoStaff
	}
	ag, err := a.Store.StaffLookup(r.Context(), r.URL.Query().Get("regno"), p.MayDepartment)
	if err != nil {
		return err
	}
	return staffJSON(w, http.StatusOK, map[string]any{"agreement": ag})
}

// inspect serves "POST /api/staff/tirehotel/{id}/inspection" → 201.
func (a *StaffAPI) inspect(w http.ResponseWriter, r *http.Request) error {
	p, ok := staff.PrincipalFrom(r.Context())
	if !ok {
		return errNoStaff
	}
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		return errs.E(errs.NotFound, "No tyre hotel agreement with that id at your workshops.")
	}
	var req InspectionRequest
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return httpguard.TooLarge(maxBody)
		}
		return &errs.Error{Code: errs.Invalid, Message: "Send one JSON object with the documented fields.", Fields: map[string]string{"body": errs.JSONProblem(err)}}
	}
	in, dep, err := a.Store.Inspect(r.Context(), id, req, p.Account, p.MayDepartment, a.now())
	if err != nil {
		return err
	}
	detail := fmt.Sprintf("%s FL %.1f FR %.1f RL %.1f RR %.1f %s", dep, in.TreadMm["FL"], in.TreadMm["FR"], in.TreadMm["RL"], in.TreadMm["RR"], in.Status)
	if a.Recorder != nil {
		if err := a.Recorder.Record(r.Context(), staff.Entry{At: a.now().UTC(), Account: p.Account, Action: "tirehotel.inspection", Subject: strconv.FormatInt(id, 10), Detail: detail}); err != nil {
			a.logger().Error("recording a staff action failed", "action", "tirehotel.inspection", "err", err)
		}
	} else {
		a.logger().Error("no audit recorder: staff action not recorded", "action", "tirehotel.inspection")
	}
	return staffJSON(w, http.StatusCreated, in)
}

func (a *StaffAPI) logger() *slog.Logger {
	if a.Log != nil {
		return a.Log
	}
	return slog.Default()
}

func staffJSON(w http.ResponseWriter, status int, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return errs.Wrap(err, "encode answer")
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	w.Write(append(b, '\n'))
	return nil
}
