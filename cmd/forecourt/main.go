// Command forecourt is the dealer group's web platform in one binary:
//
//	forecourt serve     serve the sites (HTTP, render workers, search)
//	forecourt seed      create the demo data if absent
//	forecourt migrate   apply database migrations
//	forecourt import    import a stock feed (cars or dealer sites)
//	forecourt leads     GDPR export or erasure of one person's data
//	forecourt reminders send the owner reminders that are due
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	_ "time/tzdata" // site time zones must resolve on machines without tzdata
)

type command struct {
	name    string
	summary string
	run     func(ctx context.Context, args []string, stdout, stderr io.Writer) error
}

func commands() []command {
	return []command{
		{"serve", "serve the sites on http://127.0.0.1:$PORT", runServe},
		{"seed", "create the demo content data and stock if absent", runSeed},
		{"migrate", "apply database migrations and exit", runMigrate},
		{"import", "import a stock feed: import cars|sites|media --site <name> [--full] FILE", runImport},
		{"hash-password", "print a bcrypt hash of a password for EDITOR_ACCOUNTS", runHashPassword},
		{"backup", "write an online snapshot of the SQLite store: backup FILE", runBackup},
		{"leads", "GDPR: leads export|erase --email ADDRESS (leads, form submissions, mails, bookings, reminders)", runLeads},
		{"reminders", "owner reminders: reminders run [--now 2027-11-01T09:00] sends the due ones", runReminders},
	}
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "Usage: forecourt <command> [flags]\n\nCommands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-9s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\nRun 'forecourt <command> --help' for the flags of a command.")
	fmt.Fprintln(w)
	printSettings(w)
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		usage(stdout)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	for _, c := range commands() {
		if c.name == args[0] {
			err := c.run(ctx, args[1:], stdout, stderr)
			if errors.Is(err, flag.ErrHelp) {
				return 0
			}
			if err != nil {
				fmt.Fprintf(stderr, "forecourt %s: %v\n", c.name, err)
				return 1
			}
			return 0
		}
	}
	fmt.Fprintf(stderr, "forecourt: unknown command %q\n\n", args[0])
	usage(stderr)
	return 2
}

// newFlags makes a flag set whose --help prints the command's summary.
// parseArgs parses fl over args with flags allowed before, between and
// after the positional arguments, which it returns in order.
func parseArgs(fl *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fl.Parse(args); err != nil {
			return nil, err
		}
		if fl.NArg() == 0 {
			return pos, nil
		}
		pos = append(pos, fl.Arg(0))
		args = fl.Args()[1:]
	}
}

func newFlags(name, summary string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "Usage: forecourt %s [flags]\n\n%s\n\nFlags:\n", name, summary)
		fs.PrintDefaults()
	}
	return fs
}
