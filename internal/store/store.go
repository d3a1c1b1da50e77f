// Package store opens forecourt's system of record: a SQLite file by default
// or PostgreSQL when a URL is configured. It owns connections, migrations and
// the transaction helper; the domains own their SQL, written per engine.
package store

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
	_ "modernc.org/sqlite"             // registers the "sqlite" driver

	"forecourt/internal/errs"
)

// Engine names a storage engine.
type Engine string

const (
	SQLite   Engine = "sqlite"
	Postgres Engine = "postgres"
)

// DB is an open store. Domain stores pick their SQL by Engine.
type DB struct {
	*sql.DB
	Engine Engine
	// Path is the SQLite file (empty on PostgreSQL), for a component that
	// needs a connection pool of its own to the same file (the job queue).
	Path string
}

//go:embed migrations
var migrations embed.FS

// Open opens the store: PostgreSQL when databaseURL is set, otherwise the
// SQLite file forecourt.db under dataDir (created if absent). It applies
// pending migrations before returning.
func Open(ctx context.Context, dataDir, databaseURL string) (*DB, error) {
	var db *DB
	if databaseURL != "" {
		sdb, err := sql.Open("pgx", databaseURL)
		if err != nil {
			return nil, errs.E(errs.Invalid, "DATABASE_URL is not a valid PostgreSQL URL: %v", err)
		}
		sdb.SetMaxOpenConns(16)
		sdb.SetMaxIdleConns(16)
		sdb.SetConnMaxIdleTime(5 * time.Minute)
		db = &DB{DB: sdb, Engine: Postgres}
	} else {
		if err := os.MkdirAll(dataDir, 0o755); err != nil {
			return nil, fmt.Errorf("create data dir %s: %w", dataDir, err)
		}
		path := filepath.Join(dataDir, "forecourt.db")
		sdb, err := OpenSQLiteFile(path)
		if err != nil {
			return nil, err
		}
		db = &DB{DB: sdb, Engine: SQLite, Path: path}
	}
	pctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := db.PingContext(pctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("connect to %s store: %w", db.Engine, err)
	}
	if err := db.Migrate(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

// OpenSQLiteFile opens a SQLite database in WAL mode with a busy timeout, so
// that readers never wait for the single writer and writers queue briefly
// instead of failing.
func OpenSQLiteFile(path string) (*sql.DB, error) {
	dsn := "file:" + path + "?_pragma=journal_mode(WAL)&_pragma=busy_timeout(10000)&_pragma=foreign_keys(ON)&_pragma=synchronous(NORMAL)&_txlock=immediate"
	sdb, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("open sqlite %s: %w", path, err)
	}
	// One writer at a time is SQLite's model; a small pool serves readers.
	sdb.SetMaxOpenConns(8)
	return sdb, nil
}

// Migrate applies the embedded migrations of the engine that have not run
// yet, in file-name order, each in its own transaction. File names are
// <domain>_<NNNN>_<what>.sql so domains never collide.
func (db *DB) Migrate(ctx context.Context) error {
	create := `CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)`
	if _, err := db.ExecContext(ctx, create); err != nil {
		return fmt.Errorf("create schema_migrations: %w", err)
	}
	dir := "migrations/" + string(db.Engine)
	entries, err := fs.ReadDir(migrations, dir)
	if err != nil {
		return fmt.Errorf("read migrations: %w", err)
	}
	names := make([]string, 0, len(entries))
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".sql") {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	for _, name := range names {
		var n int
		if err := db.QueryRowContext(ctx, db.Rebind(`SELECT count(*) FROM schema_migrations WHERE name = ?`), name).Scan(&n); err != nil {
			return fmt.Errorf("check migration %s: %w", name, err)
		}
		if n > 0 {
			continue
		}
		body, err := migrations.ReadFile(dir + "/" + name)
		if err != nil {
			return err
		}
		err = db.Tx(ctx, func(tx *sql.Tx) error {
			if _, err := tx.ExecContext(ctx, string(body)); err != nil {
				return err
			}
			_, err := tx.ExecContext(ctx, db.Rebind(`INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)`), name, time.Now().UTC().Format(time.RFC3339))
			return err
		})
		if err != nil {
			return fmt.Errorf("migration %s: %w", name, err)
		}
	}
	return nil
}

// Tx runs fn in a transaction, committing when fn returns nil and rolling
// back otherwise.
func (db *DB) Tx(ctx context.Context, fn func(*sql.Tx) error) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// Rebind turns ? placeholders into $1, $2… for PostgreSQL. Only helpers and
// engine-neutral statements use it; domain SQL that differs per engine is
// written out per engine.
func (db *DB) Rebind(q string) string {
	if db.Engine != Postgres {
		return q
	}
	var b strings.Builder
	n := 0
	for i := 0; i < len(q); i++ {
		if q[i] == '?' {
			n++
			fmt.Fprintf(&b, "$%d", n)
			continue
		}
		b.WriteByte(q[i])
	}
	return b.String()
}

// State reports whether the store answers, for /healthz.
func (db *DB) State(ctx context.Context) string {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	if err := db.PingContext(ctx); err != nil {
		return "down: " + err.Error()
	}
	return "ok"
}
