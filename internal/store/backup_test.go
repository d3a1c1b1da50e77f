package store_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"forecourt/internal/errs"
	"forecourt/internal/store"
	"forecourt/internal/store/storetest"
)

// TestBackupRestore takes an online snapshot while a writer keeps writing,
// then restores it as a fresh data folder: every row written before the
// backup is there and the file passes its integrity check.
func TestBackupRestore(t *testing.T) {
	ctx := context.Background()
	db := storetest.MustSQLite(t)
	put := func(i int) error {
		_, err := db.ExecContext(ctx, `INSERT INTO kv (key, value, updated_at) VALUES (?, ?, '2026-01-01')`, fmt.Sprintf("k%05d", i), "v")
		return err
	}
	for i := 0; i < 500; i++ {
		if err := put(i); err != nil {
			t.Fatal(err)
		}
	}
	// A writer keeps going during the backup (online).
	var stop atomic.Bool
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 500; !stop.Load(); i++ {
			if err := put(i); err != nil {
				t.Error(err)
				return
			}
		}
	}()
	file := filepath.Join(t.TempDir(), "backup.db")
	err := db.Backup(ctx, file)
	stop.Store(true)
	wg.Wait()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(file + ".partial"); !os.IsNotExist(err) {
		t.Error("the partial snapshot was left behind")
	}
	// Restore: the snapshot becomes DATA_DIR/forecourt.db.
	dir := t.TempDir()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "forecourt.db"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	restored, err := store.Open(ctx, dir, "")
	if err != nil {
		t.Fatal(err)
	}
	defer restored.Close()
	var n int
	restored.QueryRowContext(ctx, `SELECT count(*) FROM kv WHERE key < 'k00500'`).Scan(&n)
	if n != 500 {
		t.Errorf("restored %d of the 500 rows written before the backup", n)
	}
	// A second backup over the first replaces it.
	if err := db.Backup(ctx, file); err != nil {
		t.Errorf("backup over an existing file: %v", err)
	}
}

func TestBackupPostgresNamesPgDump(t *testing.T) {
	db := storetest.MustPostgres(t)
	err := db.Backup(context.Background(), filepath.Join(t.TempDir(), "x"))
	if !errs.Is(err, errs.Invalid) || !strings.Contains(err.Error(), "pg_dump") {
		t.Errorf("PostgreSQL backup: %v", err)
	}
}
