// Command reports measures the sales report (admin/reports/sales, the
// store's SalesReport: the SQL sums and Go's grouping, without HTTP) on a
// year of orders: it makes a fresh database (SQLite in a temporary
// directory; PostgreSQL as a new database beside -postgres, dropped after),
// migrates it, imports the demo schemes and writes -orders paid orders of
// demo-burgers spread over the year before -today (two venues, lunch and
// dinner peaks, 1–3 lines each, 3 % refunded a day later) plus a tenth as
// many of demo-pierogi and as many unpaid ones, which the report must
// skip. Then it runs each report -runs times and prints p50/p99; with
// -results it appends them to bench/RESULTS.md.
//
//	go run ./bench/reports -orders 100000 -results bench/RESULTS.md \
//	    -postgres 'postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable'
package main

import (
	"context"
	"database/sql"
	"flag"
	"fmt"
	"math/rand/v2"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"slices"
	"strings"
	"time"

	"platter/demo"
	"platter/internal/catalog"
	"platter/internal/report"
	"platter/internal/store"
)

func main() {
	orders := flag.Int("orders", 100000, "paid orders of demo-burgers over the year")
	runs := flag.Int("runs", 50, "runs of each report")
	pg := flag.String("postgres", "", "a PostgreSQL server's URL (a database is made beside it); empty: SQLite only")
	today := flag.String("today", time.Now().UTC().Format(time.DateOnly), "the last day of the year of orders")
	results := flag.String("results", "", "append the figures to this RESULTS.md")
	profile := flag.String("cpuprofile", "", "write CPU profiles of the report runs (not the seeding) to this file name + .SQLite / .PostgreSQL")
	keep := flag.Bool("keep", false, "keep the databases (their places are printed) to EXPLAIN the queries on them")
	flag.Parse()
	ctx := context.Background()
	var out []string
	dir, err := os.MkdirTemp("", "bench-reports-")
	check(err)
	if *keep {
		fmt.Fprintf(os.Stderr, "SQLite database kept in %s\n", dir)
	} else {
		defer os.RemoveAll(dir)
	}
	cpuProfile = *profile
	out = append(out, run(ctx, "SQLite", "sqlite:"+filepath.Join(dir, "bench.db"), *orders, *runs, *today)...)
	if *pg != "" {
		u, drop := freshPostgres(ctx, *pg)
		if *keep {
			fmt.Fprintf(os.Stderr, "PostgreSQL database kept: %s\n", u)
		} else {
			defer drop()
		}
		out = append(out, run(ctx, "PostgreSQL", u, *orders, *runs, *today)...)
	}
	host, _ := os.Hostname()
	head := fmt.Sprintf("## Sales report on a year of orders — %s\n"+
		"Machine: %s, %d cores, %s. %d paid orders of demo-burgers over the year to %s (2 venues, 1–3 lines, 3 %% refunded), "+
		"%d of demo-pierogi, %d unpaid; store.SalesReport in process (no HTTP), %d runs each, one at a time. "+
		"%s Load: the 1-minute load average as each report's runs ended.\n\n"+
		"| database | report | rows | p50 ms | p99 ms | load |\n|---|---|---|---|---|---|\n",
		time.Now().UTC().Format("2006-01-02T15:04Z"), host, runtime.NumCPU(), runtime.Version(), *orders, *today,
		*orders/10, *orders/10, *runs, readsFrom(sums))
	text := head + strings.Join(out, "\n") + "\n"
	fmt.Print(text)
	if *results != "" {
		f, err := os.OpenFile(*results, os.O_APPEND|os.O_WRONLY, 0)
		check(err)
		_, err = f.WriteString("\n" + text)
		check(err)
		check(f.Close())
	}
}

// run seeds one database and measures the reports on it.
func run(ctx context.Context, name, dbURL string, orders, runs int, today string) []string {
	db, err := store.Open(ctx, dbURL)
	check(err)
	defer db.Close()
	check(db.Migrate(ctx))
	ids := map[string]int64{}
	for _, d := range demo.Documents() {
		doc, errs := catalog.ParseSchemeDoc(d.Data)
		if len(errs) > 0 {
			panic(errs)
		}
		res, err := db.ImportScheme(ctx, doc)
		check(err)
		ids[doc.BusinessSlug] = res.SchemeID
	}
	end, err := time.Parse(time.DateOnly, today)
	check(err)
	end = end.AddDate(0, 0, 1)
	start := end.AddDate(-1, 0, 0)
	t0 := time.Now()
	seed(ctx, db, ids["demo-burgers"], orders, start, end, true, 1)
	seed(ctx, db, ids["demo-pierogi"], orders/10, start, end, true, 2)
	seed(ctx, db, ids["demo-burgers"], orders/10, start, end, false, 3)
	// The orders went in by SQL, past the writes that keep the report's
	// sums: sum them as migration 0033 does (the store of before 0033, run
	// by this same program for the figures before, has none).
	if r, ok := any(db).(rebuilder); ok {
		t := time.Now()
		check(r.RebuildReportSums(ctx, 0))
		fmt.Fprintf(os.Stderr, "%s: report sums rebuilt in %s\n", name, time.Since(t).Round(time.Millisecond))
	}
	if db.Dialect() == store.Postgres {
		_, err := db.SQL().ExecContext(ctx, "VACUUM ANALYZE")
		check(err)
	} else {
		_, err := db.SQL().ExecContext(ctx, "ANALYZE")
		check(err)
	}
	fmt.Fprintf(os.Stderr, "%s: seeded in %s\n", name, time.Since(t0).Round(time.Millisecond))
	from := start.Format(time.DateOnly)
	last := end.AddDate(0, 0, -1)
	month := last.AddDate(0, 0, -30).Format(time.DateOnly)
	cases := []struct {
		label string
		f     report.Filter
	}{
		{"year by day", report.Filter{From: from, To: today, GroupBy: report.ByDay}},
		{"year by hour", report.Filter{From: from, To: today, GroupBy: report.ByHour}},
		{"year by item", report.Filter{From: from, To: today, GroupBy: report.ByItem}},
		{"year by venue", report.Filter{From: from, To: today, GroupBy: report.ByVenue}},
		{"year, one venue, by order type", report.Filter{VenueSlug: "soho", From: from, To: today, GroupBy: report.ByOrderType}},
		{"31 days by day", report.Filter{From: month, To: today, GroupBy: report.ByDay}},
		{"today by hour", report.Filter{From: today, To: today, GroupBy: report.ByHour}},
	}
	var out []string
	if cpuProfile != "" {
		f, err := os.Create(cpuProfile + "." + name)
		check(err)
		defer f.Close()
		check(pprof.StartCPUProfile(f))
		defer pprof.StopCPUProfile()
	}
	for _, c := range cases {
		if bad := c.f.Check(); bad != nil {
			panic(fmt.Sprint(c.f, bad))
		}
		var times []time.Duration
		var rows int
		for range runs {
			t := time.Now()
			s, err := db.SalesReport(ctx, ids["demo-burgers"], c.f)
			check(err)
			times = append(times, time.Since(t))
			rows = len(s.Rows)
			if c.label == "year by venue" && s.Totals.Orders != int64(orders) {
				panic(fmt.Sprintf("the year counts %d orders, want %d", s.Totals.Orders, orders))
			}
		}
		slices.Sort(times)
		out = append(out, fmt.Sprintf("| %s | %s | %d | %.1f | %.1f | %s |", name, c.label, rows,
			ms(times[len(times)/2]), ms(times[(len(times)*99+99)/100-1]), load()))
	}
	return out
}

// rebuilder is the store of migration 0033 on: it keeps the report's sums.
type rebuilder interface {
	RebuildReportSums(ctx context.Context, schemeID int64) error
}

// sums tells whether this build's store keeps the report's sums.
var _, sums = any((*store.DB)(nil)).(rebuilder)

// readsFrom says what the measured store reads.
func readsFrom(sums bool) string {
	if sums {
		return "The store reads the running sums of migration 0033 (`report_sums` by venue date, hour, venue and " +
			"order type; `report_item_sums` by date, venue and title), summed after seeding by RebuildReportSums as " +
			"the migration does."
	}
	return "Indexes (migration 0027): `orders_report` (scheme_id, paid_at + the summed columns: covering; INCLUDE " +
		"on PostgreSQL), `refunds_report` (scheme_id, created_at, …); order_lines by its UNIQUE (order_id, position)."
}

// load is the 1-minute load average ("?" where /proc/loadavg is not).
func load() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return "?"
	}
	return f[0]
}

// cpuProfile names the files of the report runs' CPU profiles
// (-cpuprofile), one per database: the name, a dot and the database's.
var cpuProfile string

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// seed writes n orders of a scheme between start and end in batches: paid
// ones (with lines and a refund of every 33rd) or unpaid, expired ones.
func seed(ctx context.Context, db *store.DB, schemeID int64, n int, start, end time.Time, paid bool, salt uint64) {
	rng := rand.New(rand.NewPCG(salt, 21))
	var venues []int64
	rows, err := db.SQL().QueryContext(ctx, rebind(db, "SELECT id FROM venues WHERE scheme_id = ? ORDER BY id"), schemeID)
	check(err)
	for rows.Next() {
		var id int64
		check(rows.Scan(&id))
		venues = append(venues, id)
	}
	check(rows.Err())
	var currency string
	check(db.SQL().QueryRowContext(ctx, rebind(db, "SELECT currency FROM schemes WHERE id = ?"), schemeID).Scan(&currency))
	var user int64
	check(db.SQL().QueryRowContext(ctx, rebind(db, `INSERT INTO users (scheme_id, email, email_norm, password_hash,
		is_guest, created_at, updated_at) VALUES (?, '', '', '', TRUE, ?, ?) RETURNING id`), schemeID, start, start).Scan(&user))
	var number int64
	_ = db.SQL().QueryRowContext(ctx, rebind(db, "SELECT COALESCE(MAX(order_number), 0) FROM orders WHERE scheme_id = ?"),
		schemeID).Scan(&number)
	days := int(end.Sub(start).Hours() / 24)
	const batch = 400
	for done := 0; done < n; done += batch {
		tx, err := db.SQL().BeginTx(ctx, nil)
		check(err)
		var ords, lines, refunds [][]any
		for i := done; i < min(n, done+batch); i++ {
			number++
			// Lunch (11–14) and dinner (17–21) peaks, London time roughly.
			hour := 11 + rng.IntN(4)
			if rng.IntN(2) == 0 {
				hour = 17 + rng.IntN(5)
			}
			at := start.Add(time.Duration(rng.IntN(days))*24*time.Hour + time.Duration(hour)*time.Hour +
				time.Duration(rng.IntN(3600))*time.Second)
			ot := rng.IntN(2)
			var sub int64
			nl := 1 + rng.IntN(3)
			var ls [][]any
			for p := range nl {
				price := int64(399 + rng.IntN(1200))
				ls = append(ls, []any{p, int64(1 + rng.IntN(12)), fmt.Sprintf("Item %d", rng.IntN(25)), 1, price, price, 2000})
				sub += price
			}
			disc := int64(0)
			if rng.IntN(10) == 0 {
				disc = sub / 10
			}
			fee, tip := int64(0), int64(rng.IntN(3)*50)
			if ot == 0 {
				fee = 299
			}
			total := sub - disc + fee + tip
			status, pay, paidAt := "collected", "paid", any(at)
			if !paid {
				status, pay, paidAt = "cancelled", "expired", nil
			}
			ords = append(ords, []any{schemeID, venues[rng.IntN(len(venues))], user, number, status, pay, ot, true,
				"bench@example.test", currency, sub, disc, 0, fee, tip, total, total / 6, 2000, 0,
				fmt.Sprintf("b%d-%d", salt, number), "h", at, at, at.Add(15 * time.Minute), paidAt})
			for _, l := range ls {
				lines = append(lines, append([]any{number}, l...))
			}
			if paid && number%33 == 0 {
				refunds = append(refunds, []any{number, total, at.Add(24 * time.Hour)})
			}
		}
		insert(ctx, db, tx, `INSERT INTO orders (scheme_id, venue_id, user_id, order_number, status, payment_status,
			order_type, is_asap, email, currency, subtotal, discount, service_charge, delivery_fee, tip, total, tax,
			vat_rate_bp, stamps_earned, idempotency_key, request_hash, created_at, updated_at, expires_at, paid_at)`, ords)
		ids := map[int64]int64{}
		r, err := tx.QueryContext(ctx, rebind(db, "SELECT order_number, id FROM orders WHERE scheme_id = ? AND order_number > ?"),
			schemeID, number-int64(len(ords)))
		check(err)
		for r.Next() {
			var num, id int64
			check(r.Scan(&num, &id))
			ids[num] = id
		}
		check(r.Err())
		for _, l := range lines {
			l[0] = ids[l[0].(int64)]
		}
		insert(ctx, db, tx, "INSERT INTO order_lines (order_id, position, item_id, title, qty, unit_price, total, vat_rate_bp)", lines)
		var rs [][]any
		for _, x := range refunds {
			id := ids[x[0].(int64)]
			rs = append(rs, []any{id, schemeID, fmt.Sprintf("re_bench_%d", id), "pay", "sandbox", x[1], currency, "done",
				x[2], x[2], x[2]})
		}
		insert(ctx, db, tx, `INSERT INTO refunds (order_id, scheme_id, ref, payment_ref, provider, amount, currency, status,
			next_at, created_at, done_at)`, rs)
		check(tx.Commit())
	}
}

// insert writes rows with one multi-row INSERT.
func insert(ctx context.Context, db *store.DB, tx *sql.Tx, head string, rows [][]any) {
	if len(rows) == 0 {
		return
	}
	one := "(" + strings.TrimSuffix(strings.Repeat("?, ", len(rows[0])), ", ") + ")"
	var args []any
	vals := make([]string, len(rows))
	for i, r := range rows {
		vals[i] = one
		args = append(args, r...)
	}
	_, err := tx.ExecContext(ctx, rebind(db, head+" VALUES "+strings.Join(vals, ", ")), args...)
	check(err)
}

func rebind(db *store.DB, q string) string {
	if db.Dialect() != store.Postgres {
		return q
	}
	var b strings.Builder
	n := 0
	for _, r := range q {
		if r == '?' {
			n++
			fmt.Fprintf(&b, "$%d", n)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// freshPostgres makes an empty database on the server of admin and returns
// its URL and a function that drops it.
func freshPostgres(ctx context.Context, admin string) (string, func()) {
	u, err := url.Parse(admin)
	check(err)
	name := fmt.Sprintf("bench_reports_%d", os.Getpid())
	a, err := sql.Open("pgx", admin)
	check(err)
	_, err = a.ExecContext(ctx, "CREATE DATABASE "+name)
	check(err)
	u.Path = "/" + name
	return u.String(), func() {
		_, _ = a.ExecContext(context.Background(), "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
		a.Close()
	}
}

func check(err error) {
	if err != nil {
		panic(err)
	}
}
