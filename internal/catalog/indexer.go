package catalog

import (
	"context"
	"fmt"
	"log/slog"
	"runtime/debug"
	"sort"
	"strings"
	"sync"
	"time"

	"forecourt/internal/search"
	"forecourt/internal/site"
)

// Signature summarises a forecourt site's stored stock (counts and the
// latest change) so a server can notice an import made by another process
// and rebuild that site's indexes.
func (s *Store) Signature(ctx context.Context, siteName string) (string, error) {
	var sig strings.Builder
	for _, table := range []string{"catalog_cars", "catalog_sites"} {
		var n int
		var latest string
		// Same SQL on both engines (the cast: PostgreSQL's updated_at is a
		// timestamp); the table name is one of two constants.
		q := s.db.Rebind(`SELECT count(*), coalesce(CAST(max(updated_at) AS TEXT), '') FROM ` + table + ` WHERE site_name = ?`)
		if err := s.db.QueryRowContext(ctx, q, siteName).Scan(&n, &latest); err != nil {
			return "", fmt.Errorf("signature of %s: %w", table, err)
		}
		fmt.Fprintf(&sig, "%d@%s;", n, latest)
	}
	return sig.String(), nil
}

// Indexer keeps the search engine's vehicles_* and sites_* indexes in step
// with the store: it builds them at start and rebuilds a site's indexes
// when its stock changes. Queries keep using the previous index until the
// new one is swapped in, so they never wait for a rebuild.
type Indexer struct {
	Service *Service
	Engine  *search.Engine
	Sites   *site.Registry
	Log     *slog.Logger
	// Built, when set, is called after each round of index builds (the
	// server fits its memory limit to the new live heap).
	Built func()
	// Swapped, when set, is called with a site's name after its new
	// indexes were swapped in (the server's documents of the site are then
	// made again from them).
	Swapped func(siteName string)

	mu    sync.Mutex
	sigs  map[string]string
	state map[string]string
}

// BuildAll loads every site's stock and builds its indexes.
func (ix *Indexer) BuildAll(ctx context.Context) error {
	ix.init()
	for _, st := range ix.Sites.All() {
		if err := ix.rebuild(ctx, st); err != nil {
			return err
		}
	}
	ix.afterBuilds()
	return nil
}

// afterBuilds returns the garbage of index builds (the builders' postings
// and the records read from the store) to the OS, which would otherwise keep it in the process's resident memory
// for minutes, then tells Built (the live heap is now the new indexes').
// Once per round of builds: it costs a GC and a scavenge.
func (ix *Indexer) afterBuilds() {
	debug.FreeOSMemory()
	if ix.Built != nil {
		ix.Built()
	}
}

func (ix *Indexer) init() {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	if ix.sigs == nil {
		ix.sigs = map[string]string{}
		ix.state = map[string]string{}
	}
}

func (ix *Indexer) setState(name, state string) {
	ix.mu.Lock()
	ix.state[name] = state
	ix.mu.Unlock()
}

// rebuild reloads one site's documents from the store and swaps in fresh
// indexes.
func (ix *Indexer) rebuild(ctx context.Context, st *site.Site) error {
	start := time.Now()
	sig, err := ix.Service.Store().Signature(ctx, st.Name)
	if err != nil {
		return err
	}
	// Records go into the builders as the store yields them and write
	// themselves into the indexes' packed copies.
	cb, err := search.NewBuilder(search.VehiclesSchema(), 1024)
	if err != nil {
		return err
	}
	sb, err := search.NewBuilder(search.SitesSchema(), 64)
	if err != nil {
		return err
	}
	err = ix.Service.EachDoc(ctx, st.Name,
		func(c *Car) error { return cb.Add(c) },
		func(d *DealerSite) error { return sb.Add(d) })
	if err != nil {
		return fmt.Errorf("build the indexes of %s: %w", st.Name, err)
	}
	cars, err := cb.Finish()
	if err != nil {
		return fmt.Errorf("build %s: %w", st.VehiclesIndex(), err)
	}
	sites, err := sb.Finish()
	if err != nil {
		return fmt.Errorf("build %s: %w", st.SitesIndex(), err)
	}
	ix.Engine.Replace(st.VehiclesIndex(), cars)
	ix.Engine.Replace(st.SitesIndex(), sites)
	if ix.Swapped != nil {
		ix.Swapped(st.Name)
	}
	ix.mu.Lock()
	ix.sigs[st.Name] = sig
	ix.state[st.Name] = fmt.Sprintf("%d cars, %d sites", cars.Len(), sites.Len())
	ix.mu.Unlock()
	ix.log().Info("search index built", "site", st.Name, "cars", cars.Len(), "dealer_sites", sites.Len(), "ms", time.Since(start).Milliseconds())
	return nil
}

// Watch checks every interval whether a site's stock changed (an import by
// another process or replica) and rebuilds that site's indexes. It returns
// when ctx ends.
func (ix *Indexer) Watch(ctx context.Context, every time.Duration) {
	ix.init()
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		for _, st := range ix.Sites.All() {
			sig, err := ix.Service.Store().Signature(ctx, st.Name)
			if err != nil {
				ix.log().Warn("stock signature failed", "site", st.Name, "err", err)
				continue
			}
			ix.mu.Lock()
			same := ix.sigs[st.Name] == sig
			ix.mu.Unlock()
			if same {
				continue
			}
			ix.setState(st.Name, "rebuilding")
			if err := ix.rebuild(ctx, st); err != nil {
				ix.log().Error("index rebuild failed; previous index kept", "site", st.Name, "err", err)
				ix.setState(st.Name, "stale: "+err.Error())
			}
			ix.afterBuilds()
		}
	}
}

// State reports the indexes for /healthz.
func (ix *Indexer) State(ctx context.Context) string {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	if len(ix.state) == 0 {
		return "building"
	}
	parts := make([]string, 0, len(ix.state))
	for n, s := range ix.state {
		parts = append(parts, n+": "+s)
	}
	sort.Strings(parts)
	return "ok (" + strings.Join(parts, "; ") + ")"
}

func (ix *Indexer) log() *slog.Logger {
	if ix.Log != nil {
		return ix.Log
	}
	return slog.Default()
}
