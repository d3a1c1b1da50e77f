package editing

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"

	"forecourt/internal/errs"
)

// Version is one saved value of a field.
type Version struct {
	ID          int64      `json:"id"`
	ItemID      string     `json:"itemId"`
	Target      string     `json:"target"`
	Lang        string     `json:"language"`
	Field       string     `json:"field"`
	Kind        Kind       `json:"kind"`
	Value       any        `json:"value"`
	Editor      string     `json:"editor"`
	CreatedAt   time.Time  `json:"createdAt"`
	PublishedAt *time.Time `json:"publishedAt,omitempty"`
}

// Override is the value the overlay puts on a field.
type Override struct {
	Kind  Kind
	Value any
}

// Overrides are the overlay's values: target → field → value.
type Overrides map[string]map[string]Override

// SaveDraft stores e as a new draft version by editor.
func (st *Store) SaveDraft(ctx context.Context, e Edit, editor string) (*Version, error) {
	return st.saveTarget(ctx, e, e.Target(), editor)
}

const versionCols = `id, item_id, target, lang, field, kind, value, editor, created_at, published_at`

func scanVersion(row interface{ Scan(...any) error }) (*Version, error) {
	var v Version
	var kind, value string
	var created, published timeCol
	if err := row.Scan(&v.ID, &v.ItemID, &v.Target, &v.Lang, &v.Field, &kind, &value, &v.Editor, &created, &published); err != nil {
		return nil, err
	}
	v.Kind = Kind(kind)
	if err := json.Unmarshal([]byte(value), &v.Value); err != nil {
		return nil, err
	}
	v.CreatedAt = created.T
	if published.Valid {
		t := published.T
		v.PublishedAt = &t
	}
	return &v, nil
}

// History lists the versions of a field, newest first.
func (st *Store) History(ctx context.Context, site, lang, target, field string) ([]Version, error) {
	rows, err := st.db.QueryContext(ctx, st.db.Rebind(`SELECT `+versionCols+` FROM editing_field_versions
		WHERE site = ? AND lang = ? AND target = ? AND field = ? ORDER BY id DESC LIMIT 200`), site, lang, target, field)
	if err != nil {
		return nil, errs.Wrap(err, "read field history")
	}
	defer rows.Close()
	out := []Version{}
	for rows.Next() {
		v, err := scanVersion(rows)
		if err != nil {
			return nil, errs.Wrap(err, "read field history")
		}
		out = append(out, *v)
	}
	return out, errs.Wrap(rows.Err(), "read field history")
}

// Revert makes version id of a field its newest draft again (a new
// version with the old value, so history is never rewritten). Errors:
// NotFound when site has no such version.
func (st *Store) Revert(ctx context.Context, site string, id int64, editor string) (*Version, error) {
	old, err := scanVersion(st.db.QueryRowContext(ctx, st.db.Rebind(`SELECT `+versionCols+` FROM editing_field_versions WHERE site = ? AND id = ?`), site, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errs.E(errs.NotFound, "There is no version %d of a field of this site.", id)
	}
	if err != nil {
		return nil, errs.Wrap(err, "read field version")
	}
	e := Edit{Site: site, ItemID: old.ItemID, Lang: old.Lang, Field: old.Field, Kind: old.Kind, Value: old.Value}
	return st.saveTarget(ctx, e, old.Target, editor)
}

func (st *Store) saveTarget(ctx context.Context, e Edit, target, editor string) (*Version, error) {
	b, err := json.Marshal(e.Value)
	if err != nil {
		return nil, errs.Wrap(err, "encode field value")
	}
	now := st.now().UTC()
	v := &Version{ItemID: e.ItemID, Target: target, Lang: e.Lang, Field: e.Field, Kind: e.Kind, Value: e.Value, Editor: editor, CreatedAt: now}
	q := `INSERT INTO editing_field_versions (site, item_id, target, lang, field, kind, value, editor, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`
	err = st.db.QueryRowContext(ctx, st.db.Rebind(q), e.Site, v.ItemID, target, v.Lang, v.Field, string(v.Kind), string(b), editor, st.ts(now)).Scan(&v.ID)
	if err != nil {
		return nil, errs.Wrap(err, "save field version")
	}
	return v, nil
}

// Publish makes every draft of the page item in lang published: visitors
// see them from now on. It returns how many versions it published.
func (st *Store) Publish(ctx context.Context, site, itemID, lang string) (int, error) {
	res, err := st.db.ExecContext(ctx, st.db.Rebind(`UPDATE editing_field_versions SET published_at = ?
		WHERE site = ? AND item_id = ? AND lang = ? AND published_at IS NULL`), st.ts(st.now()), site, itemID, lang)
	if err != nil {
		return 0, errs.Wrap(err, "publish drafts")
	}
	n, _ := res.RowsAffected()
	return int(n), nil
}

// Overrides returns the newest value of every edited field of site in
// lang: the newest version of each (drafts) or the newest published one.
func (st *Store) Overrides(ctx context.Context, site, lang string, drafts bool) (Overrides, error) {
	cond := ` AND w.published_at IS NOT NULL`
	if drafts {
		cond = ""
	}
	q := `SELECT v.target, v.field, v.kind, v.value FROM editing_field_versions v
		WHERE v.site = ? AND v.lang = ? AND v.id = (SELECT max(w.id) FROM editing_field_versions w
			WHERE w.site = v.site AND w.lang = v.lang AND w.target = v.target AND w.field = v.field` + cond + `)`
	rows, err := st.db.QueryContext(ctx, st.db.Rebind(q), site, lang)
	if err != nil {
		return nil, errs.Wrap(err, "read field overrides")
	}
	defer rows.Close()
	out := Overrides{}
	for rows.Next() {
		var target, field, kind, value string
		if err := rows.Scan(&target, &field, &kind, &value); err != nil {
			return nil, errs.Wrap(err, "read field overrides")
		}
		var v any
		if err := json.Unmarshal([]byte(value), &v); err != nil {
			return nil, errs.Wrap(err, "decode field override")
		}
		if out[target] == nil {
			out[target] = map[string]Override{}
		}
		out[target][field] = Override{Kind: Kind(kind), Value: v}
	}
	return out, errs.Wrap(rows.Err(), "read field overrides")
}
