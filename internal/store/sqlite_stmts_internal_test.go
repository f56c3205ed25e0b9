package store

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
)

// TestSQLiteKeepsStatements looks inside a SQLite connection: a query run
// twice is compiled once and kept, a script of several statements is not
// kept, and the number kept stays bounded however many distinct queries
// run. (What a kept statement must still do right is tested on both
// databases in sqlite_stmts_test.go.)
func TestSQLiteKeepsStatements(t *testing.T) {
	ctx := context.Background()
	db, err := Open(ctx, "sqlite:"+filepath.Join(t.TempDir(), "kept.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.db.SetMaxOpenConns(1) // every query below on the same connection
	kept := func() map[string]*keptStmt {
		t.Helper()
		c, err := db.db.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		var m map[string]*keptStmt
		if err := c.Raw(func(dc any) error {
			m = dc.(*stmtConn).stmts
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		return m
	}
	const q = "SELECT 40 + ?"
	var n int
	if err := db.single().queryRow(ctx, q, 2).Scan(&n); err != nil || n != 42 {
		t.Fatalf("%s: %d, %v", q, n, err)
	}
	first := kept()[q]
	if first == nil {
		t.Fatalf("%q was not kept", q)
	}
	if err := db.single().queryRow(ctx, q, 3).Scan(&n); err != nil || n != 43 {
		t.Fatalf("%s again: %d, %v", q, n, err)
	}
	if again := kept()[q]; again != first {
		t.Fatalf("%q was compiled again", q)
	}
	if _, err := db.single().exec(ctx, "CREATE TABLE kept_script (id INT); INSERT INTO kept_script VALUES (1)"); err != nil {
		t.Fatal(err)
	}
	for s := range kept() {
		if s != q && s != "select 1" {
			t.Errorf("kept %q", s)
		}
	}
	for i := range maxCachedStmts + 10 {
		if err := db.single().queryRow(ctx, fmt.Sprintf("SELECT %d", i)).Scan(&n); err != nil || n != i {
			t.Fatalf("SELECT %d: %d, %v", i, n, err)
		}
	}
	if got := len(kept()); got > maxCachedStmts {
		t.Fatalf("%d statements kept, want at most %d", got, maxCachedStmts)
	}
}

// TestSQLiteKeptStatementNestedInItsOwnRows runs a query again, to the
// end, while its first rows are still being read on the same connection
// (a transaction): the second run must not reset the statement under the
// first.
func TestSQLiteKeptStatementNestedInItsOwnRows(t *testing.T) {
	ctx := context.Background()
	db, err := Open(ctx, "sqlite:"+filepath.Join(t.TempDir(), "nest.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.single().exec(ctx, "CREATE TABLE kept_nest (id INT PRIMARY KEY); INSERT INTO kept_nest VALUES (1), (2), (3)"); err != nil {
		t.Fatal(err)
	}
	const q = `SELECT id FROM kept_nest ORDER BY id`
	err = db.write(ctx, func(c conn) error {
		rows, err := c.query(ctx, q)
		if err != nil {
			return err
		}
		defer rows.Close()
		var outer []int
		for rows.Next() {
			var id int
			if err := rows.Scan(&id); err != nil {
				return err
			}
			outer = append(outer, id)
			inner, err := c.query(ctx, q)
			if err != nil {
				return err
			}
			n := 0
			for inner.Next() {
				n++
			}
			if err := inner.Close(); err != nil {
				return err
			}
			if n != 3 {
				t.Errorf("inner query read %d rows, want 3", n)
			}
		}
		if err := rows.Err(); err != nil {
			return err
		}
		if fmt.Sprint(outer) != "[1 2 3]" {
			t.Errorf("outer query read %v, want [1 2 3]", outer)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// The kept statement is free again afterwards.
	var n int
	if err := db.single().queryRow(ctx, q+" DESC").Scan(&n); err != nil || n != 3 {
		t.Fatalf("%d, %v", n, err)
	}
}
