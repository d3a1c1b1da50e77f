package store

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"forecourt/internal/errs"
)

// Backup writes an online snapshot of a SQLite store to file: a consistent
// copy taken with VACUUM INTO while the server keeps serving (readers and
// the writer are not stopped; the copy is compact and has no WAL). The
// snapshot is written beside file and renamed into place after its
// integrity check, so file is either the old file or a complete snapshot.
// Restore by stopping the server and putting the file at
// $DATA_DIR/forecourt.db. PostgreSQL stores are backed up with pg_dump
// (an errs.Invalid error says so).
func (db *DB) Backup(ctx context.Context, file string) error {
	if db.Engine != SQLite {
		return errs.E(errs.Invalid, "the store is PostgreSQL: back it up with pg_dump (pg_dump --format=custom --file=FILE \"$DATABASE_URL\") and restore with pg_restore")
	}
	abs, err := filepath.Abs(file)
	if err != nil {
		return err
	}
	tmp := abs + ".partial"
	os.Remove(tmp)
	if _, err := db.ExecContext(ctx, `VACUUM INTO ?`, tmp); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("snapshot into %s: %w", tmp, err)
	}
	if err := checkSQLite(ctx, tmp); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, abs); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}

// checkSQLite runs SQLite's integrity check on the file at path.
func checkSQLite(ctx context.Context, path string) error {
	sdb, err := OpenSQLiteFile(path)
	if err != nil {
		return err
	}
	defer sdb.Close()
	var res string
	if err := sdb.QueryRowContext(ctx, `PRAGMA integrity_check`).Scan(&res); err != nil {
		return fmt.Errorf("check snapshot: %w", err)
	}
	if res != "ok" {
		return fmt.Errorf("snapshot %s failed its integrity check: %s", path, res)
	}
	// The check opened the copy in WAL mode: fold the WAL back so the
	// snapshot is one file.
	if _, err := sdb.ExecContext(ctx, `PRAGMA wal_checkpoint(TRUNCATE)`); err != nil {
		return err
	}
	if _, err := sdb.ExecContext(ctx, `PRAGMA journal_mode=DELETE`); err != nil {
		return err
	}
	return nil
}
