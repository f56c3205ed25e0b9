// Package docs holds the project's own documents; its test keeps the
// references to them honest.
package docs_test

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The design notes the project was started from lived outside the
// repository; a clone does not have them. Everything cites the project's own
// documents instead: docs/architecture.md, docs/product.md and docs/style.md.
var outside = regexp.MustCompile(`\b(DESIGN|SPEC|STYLE)\.md\b|\b(SPEC|DESIGN) §`)

// cited matches a reference to a numbered section of one of our documents,
// with any further sections listed after it ("§4, §9", "§3–§4", "§5/§8").
var cited = regexp.MustCompile(`\b(architecture|product)\.md §(\d+[a-z]?)((?:\s*(?:,|–|-|/|and)\s*§\d+[a-z]?)*)`)

var section = regexp.MustCompile(`§(\d+[a-z]?)`)

// skip is the one file that must name the old documents: this test.
var skip = map[string]bool{"docs/refs_test.go": true}

// TestReferencesStayInTheRepository fails when a file of the repository
// cites a document outside it, or a section of docs/architecture.md or
// docs/product.md that does not exist.
func TestReferencesStayInTheRepository(t *testing.T) {
	root := filepath.Join("..")
	sections := map[string]map[string]bool{
		"architecture": headings(t, filepath.Join(root, "docs", "architecture.md")),
		"product":      headings(t, filepath.Join(root, "docs", "product.md")),
	}
	for _, name := range repoFiles(t, root) {
		if skip[name] {
			continue
		}
		b, err := os.ReadFile(filepath.Join(root, name))
		if err != nil || bytes.IndexByte(b, 0) >= 0 {
			continue // gone from the work tree, or binary
		}
		for i, line := range strings.Split(string(b), "\n") {
			if m := outside.FindString(line); m != "" {
				t.Errorf("%s:%d cites %q, which is not in the repository: cite docs/architecture.md, docs/product.md or docs/style.md",
					name, i+1, m)
			}
			for _, m := range cited.FindAllStringSubmatch(line, -1) {
				for _, s := range section.FindAllStringSubmatch("§"+m[2]+m[3], -1) {
					if !sections[m[1]][s[1]] {
						t.Errorf("%s:%d cites %s.md §%s, which has no such section", name, i+1, m[1], s[1])
					}
				}
			}
		}
	}
}

var mdLink = regexp.MustCompile(`\]\(([^)#\s]+)(?:#[^)\s]*)?\)`)

// TestMarkdownLinksResolve fails when a Markdown file links to a file of
// the repository that does not exist.
func TestMarkdownLinksResolve(t *testing.T) {
	root := filepath.Join("..")
	for _, name := range repoFiles(t, root) {
		if !strings.HasSuffix(name, ".md") {
			continue
		}
		b, err := os.ReadFile(filepath.Join(root, name))
		if err != nil {
			continue
		}
		for _, m := range mdLink.FindAllStringSubmatch(string(b), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			if _, err := os.Stat(filepath.Join(root, filepath.Dir(name), target)); err != nil {
				t.Errorf("%s links to %s, which does not exist", name, target)
			}
		}
	}
}

// headings returns the section numbers of a document: "## 4b. …" gives "4b".
func headings(t *testing.T, path string) map[string]bool {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^## (\d+[a-z]?)\. `).FindAllStringSubmatch(string(b), -1) {
		out[m[1]] = true
	}
	return out
}

// repoFiles lists the repository's files relative to root: the tracked ones
// when git is at hand, else every file outside dependencies and build output.
func repoFiles(t *testing.T, root string) []string {
	t.Helper()
	cmd := exec.Command("git", "ls-files", "-z")
	cmd.Dir = root
	if out, err := cmd.Output(); err == nil {
		var files []string
		for _, f := range strings.Split(string(out), "\x00") {
			if f != "" && !strings.Contains(f, "node_modules/") && !strings.HasPrefix(f, "web/dist/") {
				files = append(files, f)
			}
		}
		return files
	}
	var files []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			switch d.Name() {
			case ".git", "node_modules", "bin", "data", "test-results", "playwright-report":
				return filepath.SkipDir
			}
			if rel == "web/dist" {
				return filepath.SkipDir
			}
			return nil
		}
		files = append(files, rel)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}
