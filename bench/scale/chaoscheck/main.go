// Command chaoscheck judges a bench/scale/chaos.sh run: it reads the
// database the instances used (directly, with database/sql) and the logs
// chaosdriver wrote (calls, mail received, webhooks received, board stream
// events), and proves or refutes, one row each:
//
//   - every prepare answered 200 has exactly one order (by idempotency key);
//   - every confirmed payment belongs to exactly one paid order, and no
//     order's payment became paid twice;
//   - every paid order reached a board stream, and no stream lost or
//     repeated an event across its reconnections;
//   - every order e-mail was sent exactly once (by recipient and subject;
//     every order has its own address);
//   - every webhook delivery was made at least once with one webhook-id,
//     and each paid order has one order.paid event;
//   - the promo code's use limit and the pre-order slots' capacity held;
//   - every refund queued was made.
//
// It prints the table (and appends it to -results), and exits 1 naming
// the properties that failed. -settle first waits, at most that long, for
// the instances to finish their queued mail, webhooks and refunds;
// -settle-only does only that.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"
)

func main() {
	dbURL := flag.String("db", "", "the database, as PLATTER_DATABASE_URL")
	logDir := flag.String("logs", ".", "chaosdriver's log directory")
	settle := flag.Duration("settle", 0, "wait at most this long for queued mail, webhooks and refunds to be done")
	settleOnly := flag.Bool("settle-only", false, "only wait (-settle), then exit")
	results := flag.String("results", "", "append the table to this file")
	flag.Parse()
	if err := run(*dbURL, *logDir, *settle, *settleOnly, *results); err != nil {
		fmt.Fprintln(os.Stderr, "chaoscheck:", err)
		os.Exit(1)
	}
}

func run(dbURL, logDir string, settle time.Duration, settleOnly bool, results string) error {
	db, err := open(dbURL)
	if err != nil {
		return err
	}
	defer db.Close()
	if settle > 0 {
		deadline := time.Now().Add(settle)
		for {
			m, h, r, err := pending(db)
			if err == nil && m+h+r == 0 {
				break
			}
			if time.Now().After(deadline) {
				fmt.Fprintf(os.Stderr, "chaoscheck: still pending after %s: %d mail, %d webhooks, %d refunds (%v)\n",
					settle, m, h, r, err)
				break
			}
			time.Sleep(500 * time.Millisecond)
		}
	}
	if settleOnly {
		return nil
	}
	w := &world{}
	if err := w.readLogs(logDir); err != nil {
		return err
	}
	if err := w.readDB(db); err != nil {
		return err
	}
	rs := check(w)
	out := io.Writer(os.Stdout)
	if results != "" {
		f, err := os.OpenFile(results, os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			return err
		}
		defer f.Close()
		out = io.MultiWriter(os.Stdout, f)
	}
	var failed []string
	fmt.Fprintln(out, "| property | verdict | counted | first failures |")
	fmt.Fprintln(out, "|---|---|---|---|")
	for _, r := range rs {
		verdict := "holds"
		if !r.ok {
			verdict, failed = "**FAILED**", append(failed, r.name)
		}
		fmt.Fprintf(out, "| %s | %s | %s | %s |\n", r.name, verdict, r.counted,
			strings.ReplaceAll(strings.Join(r.failures, "; "), "|", "\\|"))
	}
	if len(failed) > 0 {
		return fmt.Errorf("failed: %s", strings.Join(failed, "; "))
	}
	return nil
}
