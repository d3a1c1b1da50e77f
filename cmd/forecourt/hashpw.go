package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"forecourt/internal/editing"
)

// runHashPassword prints the bcrypt hash of a password read from stdin (one
// line), for EDITOR_ACCOUNTS="name:hash". The password is never an argument,
// so it does not land in the shell history or the process list.
func runHashPassword(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fl := newFlags("hash-password", "Read a password from standard input (one line) and print its bcrypt hash for EDITOR_ACCOUNTS=\"name:hash\".", stderr)
	if err := fl.Parse(args); err != nil {
		return err
	}
	return hashPassword(os.Stdin, stdout, stderr)
}

func hashPassword(in io.Reader, stdout, stderr io.Writer) error {
	fmt.Fprint(stderr, "password: ")
	line, err := bufio.NewReader(in).ReadString('\n')
	if err != nil && line == "" {
		return fmt.Errorf("read password from standard input: %w", err)
	}
	h, err := editing.HashPassword(strings.TrimRight(line, "\r\n"))
	if err != nil {
		return err
	}
	fmt.Fprintln(stderr)
	fmt.Fprintln(stdout, h)
	return nil
}
