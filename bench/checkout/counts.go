package main

// What the server and the driver used in the measured window.

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"
)

type cpu struct{ server, driver time.Duration }

// counts are the server's platter_db_statements_total and
// platter_db_transactions_total: what it sent the database in the window,
// the background jobs' share (the receipts' outbox) included.
type counts struct{ statements, transactions float64 }

// dbCounts reads them from the server's /metrics (zero without a URL).
func dbCounts(url string) (counts, error) {
	var out counts
	if url == "" {
		return out, nil
	}
	resp, err := http.Get(url)
	if err != nil {
		return out, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return out, err
	}
	for _, line := range strings.Split(string(b), "\n") {
		name, value, ok := strings.Cut(line, " ")
		if !ok {
			continue
		}
		f, _ := strconv.ParseFloat(value, 64)
		switch name {
		case "platter_db_statements_total":
			out.statements = f
		case "platter_db_transactions_total":
			out.transactions = f
		}
	}
	return out, nil
}

// cpuTimes reads the CPU time used so far by the server (-1 without a
// pid; several pids, comma-separated, summed: instances behind a load
// balancer) and by this process.
func cpuTimes(serverPIDs string) (cpu, error) {
	out := cpu{server: -1}
	d, err := procCPU("self")
	if err != nil {
		return out, err
	}
	out.driver = d
	for _, pid := range strings.Split(serverPIDs, ",") {
		if pid == "" {
			continue
		}
		t, err := procCPU(pid)
		if err != nil {
			return out, err
		}
		out.server = max(out.server, 0) + t
	}
	return out, nil
}

// procCPU is utime + stime of /proc/PID/stat (in USER_HZ ticks, 100 a
// second on Linux).
func procCPU(pid string) (time.Duration, error) {
	raw, err := os.ReadFile("/proc/" + pid + "/stat")
	if err != nil {
		return 0, err
	}
	// The command name (field 2) may hold spaces: count from its ')'.
	s := string(raw)
	fields := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	if len(fields) < 13 {
		return 0, fmt.Errorf("/proc/%s/stat: too short", pid)
	}
	utime, err1 := strconv.ParseInt(fields[11], 10, 64)
	stime, err2 := strconv.ParseInt(fields[12], 10, 64)
	if err := errors.Join(err1, err2); err != nil {
		return 0, err
	}
	return time.Duration(utime+stime) * 10 * time.Millisecond, nil
}
