package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"platter/internal/account"
	"platter/internal/config"
	"platter/internal/platter"
	"platter/internal/store"
)

const userUsage = `usage: platter user add --email E --password P --role manager|staff|driver|admin --scheme SLUG [--venue SLUG]
                        [--first-name F --last-name L]
       platter user add --email E --password P --role admin
       platter user list [--scheme SLUG]
       platter user remove --email E --scheme SLUG [--venue SLUG] [--role ROLE]

add creates the platform user (or sets its password) and gives it the role in
the scheme, or with --venue in that one venue only (staff of soho are not staff
of shoreditch). Staff sign in at /{scheme} with these details. --first-name and
--last-name name the user where the back office lists people (the board lists
drivers by name, by e-mail only without one). --role admin without --scheme
makes a platform admin: they sign in at /platform and create schemes.
list prints every membership (of one scheme with --scheme): scheme, e-mail,
role, venue ("-" for the whole scheme) and since when, tab-separated.
remove withdraws the user's memberships in the scheme (only that venue's with
--venue, only that role with --role) and revokes the user's sessions there at
once; the user account itself stays.`

// userCommand runs `platter user add|list|remove …`.
func userCommand(ctx context.Context, cfg *config.Config, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return usageError(userUsage)
	}
	switch args[0] {
	case "add":
		return userAdd(ctx, cfg, args[1:], stdout, stderr)
	case "list":
		return userList(ctx, cfg, args[1:], stdout, stderr)
	case "remove":
		return userRemove(ctx, cfg, args[1:], stdout, stderr)
	}
	return usageError(userUsage)
}

// userFlags is a flag set of `platter user <verb>` that prints the usage.
func userFlags(verb string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("platter user "+verb, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprintln(stderr, userUsage) }
	return fs
}

// parseUserFlags parses args; -h is not an error (nil, done true).
func parseUserFlags(fs *flag.FlagSet, args []string) (done bool, err error) {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return true, nil
		}
		return true, usageError(err.Error())
	}
	if fs.NArg() > 0 {
		return true, usageError("unexpected argument " + fs.Arg(0) + "\n\n" + userUsage)
	}
	return false, nil
}

func userAdd(ctx context.Context, cfg *config.Config, args []string, stdout, stderr io.Writer) error {
	fs := userFlags("add", stderr)
	var p store.PlatformUser
	var password string
	fs.StringVar(&p.Email, "email", "", "e-mail address (the sign-in name)")
	fs.StringVar(&password, "password", "", "password (docs/product.md §5: 8+ characters, lower, upper, digit); empty keeps an existing user's")
	fs.StringVar(&p.Role, "role", "", "manager, staff, driver or admin")
	fs.StringVar(&p.SchemeSlug, "scheme", "", "business_slug of the scheme")
	fs.StringVar(&p.VenueSlug, "venue", "", "venue slug, to limit the role to one venue")
	fs.StringVar(&p.FirstName, "first-name", "", "first name (empty keeps an existing user's)")
	fs.StringVar(&p.LastName, "last-name", "", "last name (empty keeps an existing user's)")
	if done, err := parseUserFlags(fs, args); done {
		return err
	}
	var problems []string
	if prob := account.EmailProblem(p.Email); prob != "" {
		problems = append(problems, "--email: not a valid e-mail address")
	}
	if password != "" && account.PasswordProblem(password) != "" {
		problems = append(problems, "--password: at least 8 characters with a lowercase letter, an uppercase letter and a digit")
	}
	if !account.IsRole(p.Role) {
		problems = append(problems, "--role: must be one of "+strings.Join(account.Roles, ", "))
	}
	if p.SchemeSlug == "" && p.Role != account.RoleAdmin {
		problems = append(problems, "--scheme: required (only a platform admin, --role admin, has none)")
	}
	if p.SchemeSlug == "" && p.VenueSlug != "" {
		problems = append(problems, "--venue: needs --scheme")
	}
	if len(problems) > 0 {
		return usageError(strings.Join(problems, "\n") + "\n\n" + userUsage)
	}
	return withStore(ctx, cfg, func(db *store.DB) error { return addUser(ctx, db, p, password, stdout) })
}

// userList prints the memberships, one a line.
func userList(ctx context.Context, cfg *config.Config, args []string, stdout, stderr io.Writer) error {
	fs := userFlags("list", stderr)
	scheme := fs.String("scheme", "", "business_slug of one scheme (default: every scheme)")
	if done, err := parseUserFlags(fs, args); done {
		return err
	}
	return withStore(ctx, cfg, func(db *store.DB) error {
		if *scheme != "" {
			if _, err := db.SchemeBySlug(ctx, *scheme); err != nil {
				return fmt.Errorf("there is no scheme %q", *scheme)
			}
		}
		ms, err := db.ListMembers(ctx, *scheme)
		if err != nil {
			return err
		}
		w := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
		fmt.Fprintln(w, "SCHEME\tEMAIL\tROLE\tVENUE\tSINCE")
		for _, m := range ms {
			venue := m.VenueSlug
			if venue == "" {
				venue = "-"
			}
			fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\n", m.SchemeSlug, m.Email, m.Role, venue, m.Since.Format(time.RFC3339))
		}
		return w.Flush()
	})
}

// userRemove withdraws memberships and revokes the user's sessions at the
// scheme.
func userRemove(ctx context.Context, cfg *config.Config, args []string, stdout, stderr io.Writer) error {
	fs := userFlags("remove", stderr)
	var r account.MemberRemoval
	fs.StringVar(&r.Email, "email", "", "e-mail address of the platform user")
	fs.StringVar(&r.SchemeSlug, "scheme", "", "business_slug of the scheme")
	fs.StringVar(&r.VenueSlug, "venue", "", "only the memberships of this venue")
	fs.StringVar(&r.Role, "role", "", "only this role")
	if done, err := parseUserFlags(fs, args); done {
		return err
	}
	var problems []string
	if account.EmailProblem(r.Email) != "" {
		problems = append(problems, "--email: not a valid e-mail address")
	}
	if r.SchemeSlug == "" {
		problems = append(problems, "--scheme: required")
	}
	if r.Role != "" && !account.IsRole(r.Role) {
		problems = append(problems, "--role: must be one of "+strings.Join(account.Roles, ", "))
	}
	if len(problems) > 0 {
		return usageError(strings.Join(problems, "\n") + "\n\n" + userUsage)
	}
	return withStore(ctx, cfg, func(db *store.DB) error {
		gone, err := db.RemoveMember(ctx, r, time.Now())
		if platter.ErrorCode(err) == platter.CodeNotFound {
			return fmt.Errorf("%s holds no such membership in %s", account.NormalizeEmail(r.Email), r.SchemeSlug)
		} else if err != nil {
			return err
		}
		for _, m := range gone {
			where := r.SchemeSlug
			if m.VenueSlug != "" {
				where += "/" + m.VenueSlug
			}
			fmt.Fprintf(stdout, "removed %s of %s from %s\n", m.Role, where, account.NormalizeEmail(r.Email))
		}
		fmt.Fprintf(stdout, "revoked the sessions of %s at %s\n", account.NormalizeEmail(r.Email), r.SchemeSlug)
		return nil
	})
}

func addUser(ctx context.Context, db *store.DB, p store.PlatformUser, password string, stdout io.Writer) error {
	if password != "" {
		h, err := account.HashPassword(password)
		if err != nil {
			return err
		}
		p.PasswordHash = h
	}
	upsert := db.UpsertPlatformUser
	if p.SchemeSlug == "" {
		upsert = db.AddPlatformAdmin
	}
	did, err := upsert(ctx, p, time.Now())
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout, did)
	return nil
}

// demoPassword is the password of the demo staff (docs/architecture.md §4c).
const demoPassword = "Platter-demo-1"

// loadDemoStaff creates the demo staff of docs/architecture.md §4c (idempotent) and
// prints how to sign in as them.
func loadDemoStaff(ctx context.Context, db *store.DB, stdout io.Writer) error {
	staff := []store.PlatformUser{
		{Email: "manager@demo.test", Role: account.RoleManager, SchemeSlug: "demo-burgers"},
		{Email: "manager@demo.test", Role: account.RoleManager, SchemeSlug: "demo-pierogi"},
		{Email: "driver@demo.test", Role: account.RoleDriver, SchemeSlug: "demo-burgers", FirstName: "Jamie", LastName: "Rider"},
		{Email: "driver@demo.test", Role: account.RoleDriver, SchemeSlug: "demo-pierogi", FirstName: "Jamie", LastName: "Rider"},
	}
	for _, p := range staff {
		if err := addUser(ctx, db, p, demoPassword, stdout); err != nil {
			return err
		}
	}
	fmt.Fprintf(stdout, "demo staff: manager@demo.test (manager of demo-burgers and demo-pierogi) and "+
		"driver@demo.test (driver Jamie Rider), password %s\n", demoPassword)
	return nil
}
