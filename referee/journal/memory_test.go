package journal

import (
	"context"
	"database/sql"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// Every connection the journal opens has its page-cache bound: the
// journal's own and the copy's cacheKiB; the rolling copier's two, the
// reader that checks a copy and a connection openDB opens for Check or
// WriteSnapshot passKiB; a connection the pool opens again as well.
func TestEveryConnectionHasTheCacheBound(t *testing.T) {
	ctx := context.Background()
	s := roundEndScript()
	j, path := openTemp(t)
	tb := startScript(t, j, s)
	playToRoundEnd(t, tb, s, s.nsetup)
	j.waitCopy()
	if j.copy.db == nil {
		t.Fatal("no rolling copy was made at the round end")
	}
	copyDB, err := openCopy(ctx, BackupPath(path))
	if err != nil {
		t.Fatal(err)
	}
	defer copyDB.Close()
	reader, err := openReader(BackupPath(path))
	if err != nil {
		t.Fatal(err)
	}
	defer reader.Close()
	other, err := openDB(path, j.opts, passKiB)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	for _, c := range []struct {
		name  string
		db    *sql.DB
		conns int // how many it may hold at once
		kib   int
	}{
		{"the journal's", j.db, 1, cacheKiB},
		{"the copier's", j.copy.db, 2, passKiB},
		{"the copy's", copyDB, 1, cacheKiB},
		{"the copy's reader", reader, 1, passKiB},
		{"openDB's", other, 1, passKiB},
	} {
		for _, fresh := range []bool{false, true} {
			if fresh {
				// The pool closes each connection handed back: the
				// next ones are opened again.
				c.db.SetMaxIdleConns(0)
			}
			held := make([]*sql.Conn, c.conns)
			for i := range held {
				if held[i], err = c.db.Conn(ctx); err != nil {
					t.Fatalf("%s connection %d: %v", c.name, i+1, err)
				}
			}
			for i, conn := range held {
				var kib int
				if err := conn.QueryRowContext(ctx, "PRAGMA cache_size").Scan(&kib); err != nil {
					t.Fatalf("%s connection %d: %v", c.name, i+1, err)
				}
				if kib != -c.kib {
					t.Errorf("%s connection %d (reopened: %v): cache_size = %d, want %d", c.name, i+1, fresh, kib, -c.kib)
				}
			}
			for _, conn := range held {
				conn.Close()
			}
		}
	}
}

// No database is opened but through openSQL, which sets the cache bound.
func TestOnlyOpenSQLOpensDatabases(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Body == nil || fn.Name.Name == "openSQL" {
				continue
			}
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				sel, ok := n.(*ast.SelectorExpr)
				if ok && (sel.Sel.Name == "Open" || sel.Sel.Name == "OpenDB") {
					if id, ok := sel.X.(*ast.Ident); ok && id.Name == "sql" {
						t.Errorf("%s: %s opens a database with sql.%s, not openSQL: its connections would cache SQLite's default 2 MB", fset.Position(sel.Pos()), fn.Name.Name, sel.Sel.Name)
					}
				}
				return true
			})
		}
	}
}

// gameChain reads what gameLines does and hashes it as chainOf does.
func TestGameChain(t *testing.T) {
	ctx := context.Background()
	s := roundEndScript()
	j, _ := openTemp(t)
	tb := startScript(t, j, s)
	playScript(t, tb, s, s.nsetup, len(s.evs)/2)
	for _, upTo := range []int{0, 1, 7, len(s.evs) / 4, 1 << 30} {
		lines, err := gameLines(ctx, j.db, "", tb.ID(), upTo)
		if err != nil {
			t.Fatal(err)
		}
		n, sum, err := gameChain(ctx, j.db, "", tb.ID(), upTo)
		if err != nil {
			t.Fatal(err)
		}
		if want := chainOf(lines); n != len(lines) || sum != want {
			t.Errorf("gameChain(up to %d) = %d lines, %x; want %d, %x", upTo, n, sum[:4], len(lines), want[:4])
		}
	}
}
