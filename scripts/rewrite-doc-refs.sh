#!/usr/bin/env bash
# Rewrites references to the design notes the project was started from, which
# live outside the repository, into references to the project's own documents
# (same section numbers):
#   DESIGN.md §N  -> docs/architecture.md §N
#   SPEC.md §N    -> docs/product.md §N   (also "SPEC §N")
#   STYLE.md      -> docs/style.md
# and bare mentions ("SPEC.md's texts", "the SPEC's words") the same way.
# It edits tracked files in place (not node_modules, not web/dist) and prints
# the files it changed. Run it from anywhere in the repository; it is
# idempotent. docs/refs_test.go fails while any such reference remains.
set -euo pipefail
cd "$(dirname "$0")/.."
self=scripts/rewrite-doc-refs.sh
mapfile -d '' files < <(git ls-files -z -- . ':!:*node_modules/*' ':!:web/dist/*' ':!:'"$self" \
  ':!:docs/refs_test.go' ':!:*.png' ':!:*.jpg' ':!:*.jpeg' ':!:*.webp' ':!:*.gz' ':!:*.ico' ':!:*.woff2')
changed=0
for f in "${files[@]}"; do
  [ -f "$f" ] || continue
  grep -qE '(DESIGN|SPEC|STYLE)\.md|\b(SPEC|DESIGN)\b' "$f" || continue
  before=$(cksum <"$f")
  perl -i -pe '
    s{(?<![\w/])DESIGN\.md}{docs/architecture.md}g;
    s{(?<![\w/])SPEC\.md}{docs/product.md}g;
    s{(?<![\w/])STYLE\.md}{docs/style.md}g;
    s{\bDESIGN (?=§)}{docs/architecture.md }g;
    s{\bthe SPEC\x27s\b}{docs/product.md\x27s}g;
    s{\b[Tt]he SPEC\b(?![_\w])}{docs/product.md}g;
    s{(?<![\w/])SPEC(?![_\w.])}{docs/product.md}g;
  ' "$f"
  if [ "$before" != "$(cksum <"$f")" ]; then
    echo "$f"
    changed=$((changed + 1))
  fi
done
echo "rewrote references in $changed files" >&2
