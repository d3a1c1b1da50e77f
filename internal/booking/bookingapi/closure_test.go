package bookingapi_test

import (
	"context"
	"slices"
	"testing"

	"forecourt/internal/booking"
	"forecourt/internal/store"
	"forecourt/internal/store/storetest"
)

// TestClosureRemovesCustomerTimes: a workshop's closure and its stored
// week take effect at once on the customers' timeslots: a blocked morning
// loses its times, a closed day is closed with the closure's reason, and
// the same answer comes back once the closure is removed.
func TestClosureRemovesCustomerTimes(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		ctx := context.Background()
		e := f.api.Engine
		if _, err := e.SeedHours(ctx); err != nil {
			t.Fatal(err)
		}
		w := volvoWorkshop(f)
		get := func() []weekDay {
			return decode[[]weekDay](t, do(f, "GET", "/api/mechmate/timeslots/from/ABC123/"+w.DepartmentID+"/2026-11-30T00:00:00/?serviceOfferings=originalservice", ""))
		}
		before := get()
		if !slices.Contains(before[0].AvailableSlots, "09:00") || !slices.Contains(before[1].AvailableSlots, "10:00") {
			t.Fatalf("before: %+v", before[:2])
		}
		c, err := e.AddClosure(ctx, booking.Closure{DepartmentID: w.DepartmentID, From: "2026-11-30T07:00:00", To: "2026-11-30T12:00:00", Reason: "Utbildning", CreatedBy: "verkstad"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.AddClosure(ctx, booking.Closure{DepartmentID: w.DepartmentID, From: "2026-12-01T00:00:00", To: "2026-12-02T00:00:00", Reason: "Inventering", CreatedBy: "verkstad"}); err != nil {
			t.Fatal(err)
		}
		after := get()
		for _, s := range after[0].AvailableSlots {
			if s < "12:00" {
				t.Errorf("Monday offers %s inside the closure: %v", s, after[0].AvailableSlots)
			}
		}
		if len(after[0].AvailableSlots) == 0 || after[0].AllDaySlotAvailable {
			t.Errorf("Monday afternoon: %+v", after[0])
		}
		if d := after[1]; len(d.AvailableSlots) != 0 || d.AllDaySlotAvailable || !d.Closed || d.ClosedName != "Inventering" {
			t.Errorf("closed Tuesday: %+v", d)
		}
		if err := e.DeleteClosure(ctx, c.ID); err != nil {
			t.Fatal(err)
		}
		if again := get(); !slices.Equal(again[0].AvailableSlots, before[0].AvailableSlots) {
			t.Errorf("after removing the closure: %v, want %v", again[0].AvailableSlots, before[0].AvailableSlots)
		}
	})
}
