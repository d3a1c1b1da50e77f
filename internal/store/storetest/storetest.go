// Package storetest runs one store test suite on every engine: SQLite always,
// PostgreSQL when TEST_DATABASE_URL is set. Each test gets a fresh database
// (a temp SQLite file, or its own PostgreSQL schema dropped afterwards).
package storetest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	"forecourt/internal/store"
)

// Each calls fn once per available engine as a subtest named after it.
func Each(t *testing.T, fn func(t *testing.T, db *store.DB)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) { fn(t, MustSQLite(t)) })
	if os.Getenv("TEST_DATABASE_URL") != "" {
		t.Run("postgres", func(t *testing.T) { fn(t, MustPostgres(t)) })
	}
}

// MustSQLite opens a migrated SQLite store in a temp dir.
func MustSQLite(tb testing.TB) *store.DB {
	tb.Helper()
	dir := tb.TempDir()
	db, err := store.Open(context.Background(), filepath.Join(dir, "data"), "")
	if err != nil {
		tb.Fatalf("open sqlite: %v", err)
	}
	tb.Cleanup(func() { db.Close() })
	return db
}

// MustPostgres opens a migrated PostgreSQL store in a fresh schema of the
// TEST_DATABASE_URL database; it skips when the variable is unset.
func MustPostgres(tb testing.TB) *store.DB {
	tb.Helper()
	base := os.Getenv("TEST_DATABASE_URL")
	if base == "" {
		tb.Skip("TEST_DATABASE_URL not set")
	}
	var b [6]byte
	rand.Read(b[:])
	schema := "t_" + hex.EncodeToString(b[:])
	admin, err := store.Open(context.Background(), "", base)
	if err != nil {
		tb.Fatalf("open postgres: %v", err)
	}
	if _, err := admin.Exec(`CREATE SCHEMA ` + schema); err != nil {
		admin.Close()
		tb.Fatalf("create schema: %v", err)
	}
	u, err := url.Parse(base)
	if err != nil {
		tb.Fatalf("parse TEST_DATABASE_URL: %v", err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	db, err := store.Open(context.Background(), "", u.String())
	if err != nil {
		tb.Fatalf("open postgres schema: %v", err)
	}
	tb.Cleanup(func() {
		db.Close()
		admin.Exec(`DROP SCHEMA ` + schema + ` CASCADE`)
		admin.Close()
	})
	return db
}
