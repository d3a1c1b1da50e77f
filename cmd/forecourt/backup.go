package main

import (
	"context"
	"fmt"
	"io"
	"time"
)

// runBackup is "forecourt backup FILE": an online snapshot of the SQLite
// store while the server keeps running. PostgreSQL: use pg_dump.
func runBackup(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fl := newFlags("backup", "Write an online snapshot of the SQLite store under DATA_DIR to FILE (the server may keep running).\nRestore: stop the server, copy FILE to $DATA_DIR/forecourt.db, start it. For PostgreSQL (DATABASE_URL) use pg_dump.", stderr)
	if err := fl.Parse(args); err != nil {
		return err
	}
	if fl.NArg() != 1 {
		fl.Usage()
		return fmt.Errorf("want one argument, the backup file")
	}
	db, err := openConfigured(ctx)
	if err != nil {
		return err
	}
	defer db.Close()
	start := time.Now()
	if err := db.Backup(ctx, fl.Arg(0)); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "forecourt: backup of the %s store written to %s in %s\n", db.Engine, fl.Arg(0), time.Since(start).Round(time.Millisecond))
	return nil
}
