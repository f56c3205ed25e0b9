package account

import (
	"strings"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// NormalizeEmail is the one form of an address used for lookups and
// uniqueness: trimmed, Unicode NFKC, case-folded, and NFKC again (folding
// can undo normalisation). So "\u212aate@example.com" (Kelvin sign),
// "ｋate@example.com" (fullwidth) and "KATE@example.com" are all
// kate@example.com, and a look-alike finds the one account rather than a
// second one. Mail is only ever sent to the address an account stored,
// never to the one typed. Changing this function requires re-normalising
// stored rows (store.RenormalizeEmails).
func NormalizeEmail(s string) string {
	s = norm.NFKC.String(strings.TrimSpace(s))
	return norm.NFKC.String(cases.Fold().String(s))
}
