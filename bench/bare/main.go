// Command bare is the ceiling bench/menu-list.sh compares menu/list to: a
// plain net/http server that answers every request with the same bytes
// (the file named by -body, read once), as application/json, and nothing
// else: no routing, middleware, database or compression. What menu/list
// reaches of its rate is what the API's own work costs.
package main

import (
	"flag"
	"log"
	"net/http"
	"os"
	"strconv"
	"time"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8099", "listen address")
	file := flag.String("body", "", "the file whose bytes every answer carries")
	flag.Parse()
	body, err := os.ReadFile(*file)
	if err != nil {
		log.Fatal(err)
	}
	length := strconv.Itoa(len(body))
	srv := &http.Server{Addr: *addr, ReadHeaderTimeout: 10 * time.Second,
		Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json; charset=utf-8")
			w.Header().Set("Content-Length", length)
			_, _ = w.Write(body)
		})}
	log.Fatal(srv.ListenAndServe())
}
