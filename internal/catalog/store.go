package catalog

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"forecourt/internal/errs"
	"forecourt/internal/store"

	gojson "github.com/goccy/go-json"
)

// Store keeps cars, dealer sites and extra media per forecourt site in the
// system of record. Each record is stored as its JSON document plus the
// columns it is looked up by; SQL is written out per engine.
type Store struct {
	db *store.DB
	// now is the clock for updated_at; tests may replace it.
	now func() time.Time
}

// NewStore returns the catalog store on db (already migrated).
func NewStore(db *store.DB) *Store {
	return &Store{db: db, now: func() time.Time { return time.Now().UTC() }}
}

// Stock is everything a forecourt site holds, as saved by SaveStock.
type Stock struct {
	Sites []DealerSite
	Cars  []Car
	Media []ExtraMedia
}

// Changes counts the records an upsert inserted or changed; records whose
// document was already stored unchanged are not counted.
type Changes struct {
	Sites, Cars, Media int
}

// Counts are the numbers of records of one forecourt site.
type Counts struct {
	Cars, Sites, Media int
}

// batchRows is how many records go into one multi-row INSERT; with 8
// parameters per row it stays far below both engines' parameter limits.
const batchRows = 400

// docRow is a record ready to write: its key columns, document and hash.
type docRow struct {
	key  []any // key and lookup columns, in table order
	doc  string
	hash string
	// asking is a car's asking price (Car.AskingPrice), for the import
	// diff; zero on other records.
	asking float64
}

// skipStored drops the rows whose hash is the one stored for their key
// (key column 1; stored maps it to the stored hash) and returns the others.
// The upserts compare hashes too; this only spares sending and parsing
// documents that a re-imported feed did not change.
func skipStored[K comparable](rows []docRow, stored map[K]string) []docRow {
	if len(stored) == 0 {
		return rows
	}
	out := rows[:0]
	for _, r := range rows {
		if k, ok := r.key[1].(K); ok && stored[k] == r.hash {
			continue
		}
		out = append(out, r)
	}
	return out
}

func hashDoc(doc []byte) string {
	sum := sha256.Sum256(doc)
	return hex.EncodeToString(sum[:16])
}

// carRow encodes a car of siteName (its SiteName set to it) for the store.
func carRow(siteName string, car *Car) (docRow, error) {
	c := *car
	c.SiteName = siteName
	// Derived when the index is built, never stored (a feed's values go).
	c.CarPriceHistory, c.CarPriceDrop, c.CarPriceDropped, c.CarPriceDropDate = nil, nil, "", 0
	c.CarPriceEstimate, c.CarPriceRating, c.CarPriceScore = nil, "", 0
	doc, err := gojson.Marshal(&c)
	if err != nil {
		return docRow{}, errs.Wrap(err, "encode car %d", c.CarID)
	}
	return docRow{key: []any{siteName, c.CarID, c.Slug, NormalizeRegno(c.CarRegno), c.CarSiteID}, doc: string(doc), hash: hashDoc(doc), asking: c.AskingPrice()}, nil
}

func carRows(siteName string, cars []Car) ([]docRow, error) {
	// The last record of an id wins; PostgreSQL refuses one statement that
	// touches a row twice.
	idx := make(map[int64]int, len(cars))
	rows := make([]docRow, 0, len(cars))
	for i := range cars {
		r, err := carRow(siteName, &cars[i])
		if err != nil {
			return nil, err
		}
		c := &cars[i]
		if j, dup := idx[c.CarID]; dup {
			rows[j] = r
			continue
		}
		idx[c.CarID] = len(rows)
		rows = append(rows, r)
	}
	return rows, nil
}

func siteRows(siteName string, sites []DealerSite) ([]docRow, error) {
	idx := make(map[int64]int, len(sites))
	rows := make([]docRow, 0, len(sites))
	for i := range sites {
		s := sites[i]
		s.SiteName = siteName
		doc, err := json.Marshal(&s)
		if err != nil {
			return nil, errs.Wrap(err, "encode dealer site %d", s.SiteID)
		}
		r := docRow{key: []any{siteName, s.SiteID, s.Slug}, doc: string(doc), hash: hashDoc(doc)}
		if j, dup := idx[s.SiteID]; dup {
			rows[j] = r
			continue
		}
		idx[s.SiteID] = len(rows)
		rows = append(rows, r)
	}
	return rows, nil
}

func mediaRows(siteName string, media []ExtraMedia) ([]docRow, error) {
	idx := make(map[string]int, len(media))
	rows := make([]docRow, 0, len(media))
	for i := range media {
		m := media[i]
		key := NormalizeRegno(m.CarRegno)
		doc, err := json.Marshal(&m)
		if err != nil {
			return nil, errs.Wrap(err, "encode extra media %s", m.CarRegno)
		}
		r := docRow{key: []any{siteName, key}, doc: string(doc), hash: hashDoc(doc)}
		if j, dup := idx[key]; dup {
			rows[j] = r
			continue
		}
		idx[key] = len(rows)
		rows = append(rows, r)
	}
	return rows, nil
}

// Upsert statements per engine. The VALUES list is appended by
// upsertRows; the WHERE of DO UPDATE skips rows whose document is
// unchanged, so RowsAffected counts only real changes on both engines.
var upsertSQL = map[store.Engine]map[string][2]string{
	store.SQLite: {
		"cars": {
			`INSERT INTO catalog_cars (site_name, car_id, slug, car_regno, car_site_id, doc, doc_hash, updated_at) VALUES `,
			` ON CONFLICT (site_name, car_id) DO UPDATE SET slug = excluded.slug, car_regno = excluded.car_regno,
			  car_site_id = excluded.car_site_id, doc = excluded.doc, doc_hash = excluded.doc_hash, updated_at = excluded.updated_at
			  WHERE catalog_cars.doc_hash <> excluded.doc_hash`,
		},
		"sites": {
			`INSERT INTO catalog_sites (site_name, site_id, slug, doc, doc_hash, updated_at) VALUES `,
			` ON CONFLICT (site_name, site_id) DO UPDATE SET slug = excluded.slug, doc = excluded.doc,
			  doc_hash = excluded.doc_hash, updated_at = excluded.updated_at
			  WHERE catalog_sites.doc_hash <> excluded.doc_hash`,
		},
		"media": {
			`INSERT INTO catalog_extra_media (site_name, regno, doc, doc_hash, updated_at) VALUES `,
			` ON CONFLICT (site_name, regno) DO UPDATE SET doc = excluded.doc, doc_hash = excluded.doc_hash,
			  updated_at = excluded.updated_at
			  WHERE catalog_extra_media.doc_hash <> excluded.doc_hash`,
		},
	},
	store.Postgres: {
		"cars": {
			`INSERT INTO catalog_cars (site_name, car_id, slug, car_regno, car_site_id, doc, doc_hash, updated_at) VALUES `,
			` ON CONFLICT (site_name, car_id) DO UPDATE SET slug = EXCLUDED.slug, car_regno = EXCLUDED.car_regno,
			  car_site_id = EXCLUDED.car_site_id, doc = EXCLUDED.doc, doc_hash = EXCLUDED.doc_hash, updated_at = EXCLUDED.updated_at
			  WHERE catalog_cars.doc_hash IS DISTINCT FROM EXCLUDED.doc_hash`,
		},
		"sites": {
			`INSERT INTO catalog_sites (site_name, site_id, slug, doc, doc_hash, updated_at) VALUES `,
			` ON CONFLICT (site_name, site_id) DO UPDATE SET slug = EXCLUDED.slug, doc = EXCLUDED.doc,
			  doc_hash = EXCLUDED.doc_hash, updated_at = EXCLUDED.updated_at
			  WHERE catalog_sites.doc_hash IS DISTINCT FROM EXCLUDED.doc_hash`,
		},
		"media": {
			`INSERT INTO catalog_extra_media (site_name, regno, doc, doc_hash, updated_at) VALUES `,
			` ON CONFLICT (site_name, regno) DO UPDATE SET doc = EXCLUDED.doc, doc_hash = EXCLUDED.doc_hash,
			  updated_at = EXCLUDED.updated_at
			  WHERE catalog_extra_media.doc_hash IS DISTINCT FROM EXCLUDED.doc_hash`,
		},
	},
}

// timeArg is how each engine takes a timestamp: TEXT (RFC 3339) in SQLite,
// TIMESTAMPTZ in PostgreSQL.
func (s *Store) timeArg(t time.Time) any {
	if s.db.Engine == store.Postgres {
		return t
	}
	return t.UTC().Format(time.RFC3339Nano)
}

// upsertRows writes rows in multi-row batches inside tx and returns how many
// rows were inserted or changed.
func (s *Store) upsertRows(ctx context.Context, tx *sql.Tx, table string, rows []docRow) (int, error) {
	if len(rows) == 0 {
		return 0, nil
	}
	if s.db.Engine == store.Postgres {
		return s.upsertArrays(ctx, tx, table, rows)
	}
	parts := upsertSQL[s.db.Engine][table]
	now := s.timeArg(s.now())
	changed := 0
	var full *sql.Stmt // the statement of a full batch, prepared once
	defer func() {
		if full != nil {
			full.Close()
		}
	}()
	for start := 0; start < len(rows); start += batchRows {
		end := min(start+batchRows, len(rows))
		var q strings.Builder
		q.WriteString(parts[0])
		args := make([]any, 0, (end-start)*8)
		for i, r := range rows[start:end] {
			if i > 0 {
				q.WriteString(", ")
			}
			q.WriteByte('(')
			for j := 0; j < len(r.key)+3; j++ {
				if j > 0 {
					q.WriteString(", ")
				}
				q.WriteByte('?')
			}
			q.WriteByte(')')
			args = append(args, r.key...)
			args = append(args, r.doc, r.hash, now)
		}
		q.WriteString(parts[1])
		var res sql.Result
		var err error
		if end-start == batchRows {
			if full == nil {
				if full, err = tx.PrepareContext(ctx, q.String()); err != nil {
					return changed, errs.Wrap(err, "upsert %s: prepare", table)
				}
			}
			res, err = full.ExecContext(ctx, args...)
		} else {
			res, err = tx.ExecContext(ctx, q.String(), args...)
		}
		if err != nil {
			return changed, errs.Wrap(err, "upsert %s", table)
		}
		n, err := res.RowsAffected()
		if err != nil {
			return changed, errs.Wrap(err, "upsert %s: rows affected", table)
		}
		changed += int(n)
	}
	return changed, nil
}

// upsertArraysSQL are PostgreSQL's upserts of a whole chunk in one
// statement: the columns travel as arrays (pgx sends them in binary) and
// unnest turns them into rows, so a chunk costs one round trip and one plan
// however many rows it has. $1 is the site name, $2 the time, then one array
// per column after site_name: the key columns, the documents and their
// hashes.
var upsertArraysSQL = map[string]string{
	"cars": `INSERT INTO catalog_cars (site_name, car_id, slug, car_regno, car_site_id, doc, doc_hash, updated_at)
		SELECT $1, u.car_id, u.slug, u.car_regno, u.car_site_id, u.doc, u.doc_hash, $2
		FROM unnest($3::bigint[], $4::text[], $5::text[], $6::bigint[], $7::text[], $8::text[])
		  AS u(car_id, slug, car_regno, car_site_id, doc, doc_hash)
		ON CONFLICT (site_name, car_id) DO UPDATE SET slug = EXCLUDED.slug, car_regno = EXCLUDED.car_regno,
		  car_site_id = EXCLUDED.car_site_id, doc = EXCLUDED.doc, doc_hash = EXCLUDED.doc_hash, updated_at = EXCLUDED.updated_at
		  WHERE catalog_cars.doc_hash IS DISTINCT FROM EXCLUDED.doc_hash`,
	"sites": `INSERT INTO catalog_sites (site_name, site_id, slug, doc, doc_hash, updated_at)
		SELECT $1, u.site_id, u.slug, u.doc, u.doc_hash, $2
		FROM unnest($3::bigint[], $4::text[], $5::text[], $6::text[]) AS u(site_id, slug, doc, doc_hash)
		ON CONFLICT (site_name, site_id) DO UPDATE SET slug = EXCLUDED.slug, doc = EXCLUDED.doc,
		  doc_hash = EXCLUDED.doc_hash, updated_at = EXCLUDED.updated_at
		  WHERE catalog_sites.doc_hash IS DISTINCT FROM EXCLUDED.doc_hash`,
	"media": `INSERT INTO catalog_extra_media (site_name, regno, doc, doc_hash, updated_at)
		SELECT $1, u.regno, u.doc, u.doc_hash, $2
		FROM unnest($3::text[], $4::text[], $5::text[]) AS u(regno, doc, doc_hash)
		ON CONFLICT (site_name, regno) DO UPDATE SET doc = EXCLUDED.doc, doc_hash = EXCLUDED.doc_hash,
		  updated_at = EXCLUDED.updated_at
		  WHERE catalog_extra_media.doc_hash IS DISTINCT FROM EXCLUDED.doc_hash`,
}

// upsertArrays is upsertRows on PostgreSQL: one statement per chunk.
func (s *Store) upsertArrays(ctx context.Context, tx *sql.Tx, table string, rows []docRow) (int, error) {
	// Columns after site_name as typed slices ([]int64 or []string; pgx
	// encodes them as arrays), then documents and hashes.
	cols := make([]any, 0, len(rows[0].key)+1)
	for j := 1; j < len(rows[0].key); j++ {
		switch rows[0].key[j].(type) {
		case int64:
			col := make([]int64, len(rows))
			for i, r := range rows {
				col[i] = r.key[j].(int64)
			}
			cols = append(cols, col)
		default:
			col := make([]string, len(rows))
			for i, r := range rows {
				col[i] = r.key[j].(string)
			}
			cols = append(cols, col)
		}
	}
	docs, hashes := make([]string, len(rows)), make([]string, len(rows))
	for i, r := range rows {
		docs[i], hashes[i] = r.doc, r.hash
	}
	args := append([]any{rows[0].key[0], s.timeArg(s.now())}, cols...)
	args = append(args, docs, hashes)
	res, err := tx.ExecContext(ctx, upsertArraysSQL[table], args...)
	if err != nil {
		return 0, errs.Wrap(err, "upsert %s", table)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return 0, errs.Wrap(err, "upsert %s: rows affected", table)
	}
	return int(n), nil
}

// UpsertCars inserts or replaces cars of siteName (their SiteName is set to
// it) in batches inside one transaction. It returns how many were new or
// changed; cars stored with the same document are left alone.
func (s *Store) UpsertCars(ctx context.Context, siteName string, cars []Car) (int, error) {
	return s.UpsertCarsHook(ctx, siteName, cars, nil)
}

// UpsertCarsHook is UpsertCars that, when hook is not nil, also tells hook
// inside the same transaction which cars were new and whose asking price
// dropped (the import diff the saved-search alerts match against), so the
// diff exists exactly when the write does. Hook errors roll the write back.
func (s *Store) UpsertCarsHook(ctx context.Context, siteName string, cars []Car, hook CarsHook) (int, error) {
	rows, err := carRows(siteName, cars)
	if err != nil {
		return 0, err
	}
	return s.upsertCarRows(ctx, siteName, rows, nil, hook, s.now())
}

// upsertCarRows writes an import's rows (carRow, one per car id) in one
// transaction: cars whose document hash equals stored[car_id] (the hashes
// read before the import) are counted as unchanged without being written,
// and hook (when not nil) gets the diff of the rest inside the transaction;
// new and changed asking prices are recorded in the price history at at.
func (s *Store) upsertCarRows(ctx context.Context, siteName string, rows []docRow, stored map[int64]string, hook CarsHook, at time.Time) (int, error) {
	rows = skipStored(rows, stored)
	var n int
	err := s.db.Tx(ctx, func(tx *sql.Tx) error {
		// The asking prices before the write feed the price history and
		// the hook's diff.
		before, err := s.askingPrices(ctx, tx, siteName, rows)
		if err != nil {
			return err
		}
		n, err = s.upsertRows(ctx, tx, "cars", rows)
		if err != nil {
			return err
		}
		if err := s.recordPrices(ctx, tx, siteName, at, priceChanges(before, rows)); err != nil {
			return err
		}
		if hook == nil {
			return nil
		}
		if ch := diffCars(siteName, before, rows); !ch.Empty() {
			return hook(ctx, tx, ch)
		}
		return nil
	})
	return n, err
}

// CarHashes returns the document hash of every stored car of siteName by
// car id.
func (s *Store) CarHashes(ctx context.Context, siteName string) (map[int64]string, error) {
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT car_id, doc_hash FROM catalog_cars WHERE site_name = ?`), siteName)
	if err != nil {
		return nil, errs.Wrap(err, "list car hashes of %s", siteName)
	}
	defer rows.Close()
	out := map[int64]string{}
	for rows.Next() {
		var id int64
		var h string
		if err := rows.Scan(&id, &h); err != nil {
			return nil, errs.Wrap(err, "list car hashes of %s", siteName)
		}
		out[id] = h
	}
	return out, errs.Wrap(rows.Err(), "list car hashes of %s", siteName)
}

// UpsertSites is UpsertCars for dealer sites. A slug already used by another
// dealer site of the same forecourt site fails the whole call.
func (s *Store) UpsertSites(ctx context.Context, siteName string, sites []DealerSite) (int, error) {
	rows, err := siteRows(siteName, sites)
	if err != nil {
		return 0, err
	}
	var n int
	err = s.db.Tx(ctx, func(tx *sql.Tx) error {
		n, err = s.upsertRows(ctx, tx, "sites", rows)
		return err
	})
	return n, err
}

// UpsertMedia is UpsertCars for extra media records, keyed by registration.
func (s *Store) UpsertMedia(ctx context.Context, siteName string, media []ExtraMedia) (int, error) {
	rows, err := mediaRows(siteName, media)
	if err != nil {
		return 0, err
	}
	var n int
	err = s.db.Tx(ctx, func(tx *sql.Tx) error {
		n, err = s.upsertRows(ctx, tx, "media", rows)
		return err
	})
	return n, err
}

// SaveStock upserts a whole stock of siteName (dealer sites, cars, extra
// media) in one transaction. Nothing is removed.
func (s *Store) SaveStock(ctx context.Context, siteName string, st Stock) (Changes, error) {
	var ch Changes
	sites, err := siteRows(siteName, st.Sites)
	if err != nil {
		return ch, err
	}
	cars, err := carRows(siteName, st.Cars)
	if err != nil {
		return ch, err
	}
	media, err := mediaRows(siteName, st.Media)
	if err != nil {
		return ch, err
	}
	err = s.db.Tx(ctx, func(tx *sql.Tx) error {
		var err error
		if ch.Sites, err = s.upsertRows(ctx, tx, "sites", sites); err != nil {
			return err
		}
		if ch.Cars, err = s.upsertRows(ctx, tx, "cars", cars); err != nil {
			return err
		}
		ch.Media, err = s.upsertRows(ctx, tx, "media", media)
		return err
	})
	return ch, err
}

// keyColumn names the key column of each table that deleteMissing works on.
var keyColumn = map[string][2]string{
	"cars":  {"catalog_cars", "car_id"},
	"sites": {"catalog_sites", "site_id"},
	"media": {"catalog_extra_media", "regno"},
}

// deleteMissing removes the rows of siteName in table whose key is not in
// keep, inside one transaction, and returns how many it removed.
func deleteMissing[K comparable](ctx context.Context, s *Store, table, siteName string, keep map[K]bool) (int, error) {
	tc := keyColumn[table]
	removed := 0
	err := s.db.Tx(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, s.db.Rebind(`SELECT `+tc[1]+` FROM `+tc[0]+` WHERE site_name = ?`), siteName)
		if err != nil {
			return errs.Wrap(err, "list %s", table)
		}
		var gone []any
		for rows.Next() {
			var k K
			if err := rows.Scan(&k); err != nil {
				rows.Close()
				return errs.Wrap(err, "list %s", table)
			}
			if !keep[k] {
				gone = append(gone, k)
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return errs.Wrap(err, "list %s", table)
		}
		for start := 0; start < len(gone); start += batchRows {
			end := min(start+batchRows, len(gone))
			q := `DELETE FROM ` + tc[0] + ` WHERE site_name = ? AND ` + tc[1] + ` IN (?` + strings.Repeat(", ?", end-start-1) + `)`
			res, err := tx.ExecContext(ctx, s.db.Rebind(q), append([]any{siteName}, gone[start:end]...)...)
			if err != nil {
				return errs.Wrap(err, "delete %s", table)
			}
			n, _ := res.RowsAffected()
			removed += int(n)
		}
		return nil
	})
	return removed, err
}

// DeleteCarsExcept removes the cars of siteName whose id is not in keep (a
// full feed's ids) and returns how many it removed.
func (s *Store) DeleteCarsExcept(ctx context.Context, siteName string, keep map[int64]bool) (int, error) {
	n, err := deleteMissing(ctx, s, "cars", siteName, keep)
	if err != nil || n == 0 {
		return n, err
	}
	return n, s.deleteOrphanPrices(ctx, siteName)
}

// DeleteSitesExcept removes the dealer sites of siteName not in keep.
func (s *Store) DeleteSitesExcept(ctx context.Context, siteName string, keep map[int64]bool) (int, error) {
	return deleteMissing(ctx, s, "sites", siteName, keep)
}

// DeleteMediaExcept removes the extra media of siteName whose normalized
// registration is not in keep.
func (s *Store) DeleteMediaExcept(ctx context.Context, siteName string, keep map[string]bool) (int, error) {
	return deleteMissing(ctx, s, "media", siteName, keep)
}

func decodeDoc[T any](raw []byte, what string) (T, error) {
	var v T
	if err := gojson.Unmarshal(raw, &v); err != nil {
		return v, errs.Wrap(err, "decode stored %s", what)
	}
	return v, nil
}

// Car returns car id of siteName, or a NotFound error.
func (s *Store) Car(ctx context.Context, siteName string, id int64) (Car, error) {
	var raw []byte
	err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT doc FROM catalog_cars WHERE site_name = ? AND car_id = ?`), siteName, id).Scan(&raw)
	if errors.Is(err, sql.ErrNoRows) {
		return Car{}, errs.E(errs.NotFound, "no car %d on %s", id, siteName)
	}
	if err != nil {
		return Car{}, errs.Wrap(err, "get car %d", id)
	}
	return decodeDoc[Car](raw, "car")
}

// EachCar calls fn with every car of siteName in car_id order, streaming
// from the store; it stops at fn's first error and returns it.
func (s *Store) EachCar(ctx context.Context, siteName string, fn func(Car) error) error {
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT doc FROM catalog_cars WHERE site_name = ? ORDER BY car_id`), siteName)
	if err != nil {
		return errs.Wrap(err, "list cars of %s", siteName)
	}
	defer rows.Close()
	for rows.Next() {
		var raw []byte
		if err := rows.Scan(&raw); err != nil {
			return errs.Wrap(err, "list cars of %s", siteName)
		}
		c, err := decodeDoc[Car](raw, "car")
		if err != nil {
			return err
		}
		if err := fn(c); err != nil {
			return err
		}
	}
	return errs.Wrap(rows.Err(), "list cars of %s", siteName)
}

// Cars returns every car of siteName in car_id order (empty, not an error,
// when the site has none).
func (s *Store) Cars(ctx context.Context, siteName string) ([]Car, error) {
	var out []Car
	err := s.EachCar(ctx, siteName, func(c Car) error { out = append(out, c); return nil })
	return out, err
}

// DealerSites returns the dealer sites of siteName ordered by
// website_sort_order, then site_id.
func (s *Store) DealerSites(ctx context.Context, siteName string) ([]DealerSite, error) {
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT doc FROM catalog_sites WHERE site_name = ? ORDER BY site_id`), siteName)
	if err != nil {
		return nil, errs.Wrap(err, "list dealer sites of %s", siteName)
	}
	defer rows.Close()
	var out []DealerSite
	for rows.Next() {
		var raw []byte
		if err := rows.Scan(&raw); err != nil {
			return nil, errs.Wrap(err, "list dealer sites of %s", siteName)
		}
		d, err := decodeDoc[DealerSite](raw, "dealer site")
		if err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	if err := rows.Err(); err != nil {
		return nil, errs.Wrap(err, "list dealer sites of %s", siteName)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].WebsiteSortOrder < out[j].WebsiteSortOrder })
	return out, nil
}

// DealerSiteBySlug returns the dealer site of siteName with slug, or a
// NotFound error.
func (s *Store) DealerSiteBySlug(ctx context.Context, siteName, slug string) (DealerSite, error) {
	var raw []byte
	err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT doc FROM catalog_sites WHERE site_name = ? AND slug = ?`), siteName, slug).Scan(&raw)
	if errors.Is(err, sql.ErrNoRows) {
		return DealerSite{}, errs.E(errs.NotFound, "no dealer site %q on %s", slug, siteName)
	}
	if err != nil {
		return DealerSite{}, errs.Wrap(err, "get dealer site %q", slug)
	}
	return decodeDoc[DealerSite](raw, "dealer site")
}

// ExtraMedia returns the extra media of a registration on siteName (spaces
// and case do not matter), or a NotFound error.
func (s *Store) ExtraMedia(ctx context.Context, siteName, regno string) (ExtraMedia, error) {
	var raw []byte
	key := NormalizeRegno(regno)
	err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT doc FROM catalog_extra_media WHERE site_name = ? AND regno = ?`), siteName, key).Scan(&raw)
	if errors.Is(err, sql.ErrNoRows) || key == "" {
		return ExtraMedia{}, errs.E(errs.NotFound, "no extra media for %q on %s", regno, siteName)
	}
	if err != nil {
		return ExtraMedia{}, errs.Wrap(err, "get extra media %q", regno)
	}
	return decodeDoc[ExtraMedia](raw, "extra media")
}

// Counts returns the record counts of every forecourt site that has any.
func (s *Store) Counts(ctx context.Context) (map[string]Counts, error) {
	out := map[string]Counts{}
	for _, t := range []string{"catalog_cars", "catalog_sites", "catalog_extra_media"} {
		rows, err := s.db.QueryContext(ctx, `SELECT site_name, count(*) FROM `+t+` GROUP BY site_name`)
		if err != nil {
			return nil, errs.Wrap(err, "count %s", t)
		}
		for rows.Next() {
			var name string
			var n int
			if err := rows.Scan(&name, &n); err != nil {
				rows.Close()
				return nil, errs.Wrap(err, "count %s", t)
			}
			c := out[name]
			switch t {
			case "catalog_cars":
				c.Cars = n
			case "catalog_sites":
				c.Sites = n
			default:
				c.Media = n
			}
			out[name] = c
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, errs.Wrap(err, "count %s", t)
		}
	}
	return out, nil
}

// SiteNames returns the forecourt sites that have cars or dealer sites, sorted.
func (s *Store) SiteNames(ctx context.Context) ([]string, error) {
	counts, err := s.Counts(ctx)
	if err != nil {
		return nil, err
	}
	names := make([]string, 0, len(counts))
	for n := range counts {
		names = append(names, n)
	}
	sort.Strings(names)
	return names, nil
}

// String describes the counts for logs, e.g. "20000 cars, 48 sites, 0 media".
func (c Counts) String() string {
	return fmt.Sprintf("%d cars, %d sites, %d media", c.Cars, c.Sites, c.Media)
}
