package booking_test

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"sort"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"forecourt/internal/booking"
	"forecourt/internal/demo/stock"
	"forecourt/internal/site"
	"forecourt/internal/store"
	"forecourt/internal/store/storetest"
)

// demoWorkshops are the workshops of the group-se demo dealer sites.
func demoWorkshops(tb testing.TB) []*booking.Workshop {
	tb.Helper()
	st, err := stock.DemoStock("group-se", stock.SeedOptions{Scale: 0.001})
	if err != nil {
		tb.Fatal(err)
	}
	reg, err := site.New(site.All(), "group-se")
	if err != nil {
		tb.Fatal(err)
	}
	se, _ := reg.ByName("group-se")
	var ws []*booking.Workshop
	for i := range st.Sites {
		if w, ok := booking.FromDealerSite(&st.Sites[i], se); ok && w.DepartmentID != booking.NoFreeTimes {
			ws = append(ws, w)
		}
	}
	return ws
}

func p99(ds []time.Duration) time.Duration {
	sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
	return ds[len(ds)*99/100]
}

// BenchmarkAvailability40Workshops4Weeks lists four weeks of a
// three-service booking (interval service, wheel change, AC: 240 minutes)
// at 40 workshops that already hold about 1 000 bookings, as the workshop
// list and calendars do. One op is all 40 workshops.
func BenchmarkAvailability40Workshops4Weeks(b *testing.B) {
	engines(b, func(b *testing.B, db *store.DB) {
		ws := demoWorkshops(b)[:40]
		now := time.Date(2026, 11, 23, 12, 0, 0, 0, stockholm)
		e := booking.New(db, booking.NewDirectory(ws))
		e.Now = func() time.Time { return now }
		ctx := context.Background()
		from := booking.DateOf(now.In(stockholm)).AddDays(2)
		// Fill: a one-hour job every other start of every other day.
		n := 0
		for _, w := range ws {
			for d := 0; d < 28; d += 2 {
				day, _ := e.Slots(ctx, w.DepartmentID, from.AddDays(d), booking.Job{Minutes: 60})
				for i := 0; i < len(day.Starts) && i < 6; i += 2 {
					r := request(day.Starts[i], "")
					r.DepartmentID = w.DepartmentID
					if _, err := e.Book(ctx, r); err == nil {
						n++
					}
				}
			}
		}
		b.Logf("%d bookings in place", n)
		job := booking.Job{Minutes: booking.JobMinutes([]string{"originalservice", "wheelchange", "acservice"}, nil)}
		ids := make([]string, len(ws))
		for i, w := range ws {
			ids[i] = w.DepartmentID
		}
		// One query for all 40 (DaysAll), and 40 calls of Days.
		b.Run("all", func(b *testing.B) {
			var lat []time.Duration
			c0 := cpuTime()
			for b.Loop() {
				t0 := time.Now()
				if _, err := e.DaysAll(ctx, ids, from, from.AddDays(27), job); err != nil {
					b.Fatal(err)
				}
				lat = append(lat, time.Since(t0))
			}
			b.ReportMetric(float64(p99(lat).Microseconds())/1000, "p99-ms")
			b.ReportMetric(float64((cpuTime()-c0).Microseconds())/1000/float64(len(lat)), "cpu-ms/op")
		})
		b.Run("each", func(b *testing.B) {
			var lat []time.Duration
			c0 := cpuTime()
			for b.Loop() {
				t0 := time.Now()
				for _, id := range ids {
					if _, err := e.Days(ctx, id, from, from.AddDays(27), job); err != nil {
						b.Fatal(err)
					}
				}
				lat = append(lat, time.Since(t0))
			}
			b.ReportMetric(float64(p99(lat).Microseconds())/1000, "p99-ms")
			b.ReportMetric(float64((cpuTime()-c0).Microseconds())/1000/float64(len(lat)), "cpu-ms/op")
		})
	})
}

// BenchmarkBook16Clients books with 16 concurrent clients, each on its own
// workshop-days, so every booking succeeds; reports bookings a second.
func BenchmarkBook16Clients(b *testing.B) {
	engines(b, func(b *testing.B, db *store.DB) {
		ws := demoWorkshops(b)
		now := time.Date(2026, 11, 23, 12, 0, 0, 0, stockholm)
		e := booking.New(db, booking.NewDirectory(ws))
		e.Now = func() time.Time { return now }
		from := booking.DateOf(now.In(stockholm)).AddDays(2)
		// Open workshop-days, so that every client has something to book.
		type wd struct {
			w   *booking.Workshop
			day booking.Date
		}
		var open []wd
		for d := 0; d < 150; d++ {
			for _, w := range ws {
				if spans, _ := w.Hours(from.AddDays(d)); len(spans) > 0 {
					open = append(open, wd{w, from.AddDays(d)})
				}
			}
		}
		var seq, failed atomic.Int64
		b.SetParallelism(16 / max(1, runtimeProcs()))
		start := time.Now()
		b.ResetTimer()
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				i := seq.Add(1)
				w, day := open[int(i)%len(open)].w, open[int(i)%len(open)].day
				slots, err := e.Slots(context.Background(), w.DepartmentID, day, booking.Job{Minutes: 30})
				if err != nil || len(slots.Starts) == 0 {
					failed.Add(1)
					continue
				}
				r := request(slots.Starts[int(i)%len(slots.Starts)], fmt.Sprintf("bench-%d", i))
				r.DepartmentID, r.Minutes = w.DepartmentID, 30
				if _, err := e.Book(context.Background(), r); err != nil {
					failed.Add(1)
				}
			}
		})
		el := time.Since(start)
		b.ReportMetric(float64(b.N)/el.Seconds(), "bookings/s")
		b.ReportMetric(float64(failed.Load()), "not-booked")
	})
}

// engines runs a benchmark on SQLite and, with TEST_DATABASE_URL, PostgreSQL.
func engines(b *testing.B, fn func(b *testing.B, db *store.DB)) {
	b.Run("sqlite", func(b *testing.B) { fn(b, storetest.MustSQLite(b)) })
	if os.Getenv("TEST_DATABASE_URL") != "" {
		b.Run("postgres", func(b *testing.B) { fn(b, storetest.MustPostgres(b)) })
	}
}

func runtimeProcs() int { return runtime.GOMAXPROCS(0) }

// cpuTime is the CPU time (user and system) the process used so far: on a
// shared machine it shows the work an operation costs, whatever the wait.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
