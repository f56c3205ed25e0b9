package mail

import "html/template"

// The HTML part is hand-written Go html/template output in the shape MJML
// and similar tools compile to, without a build step or a dependency:
// nested role="presentation" tables for layout (Outlook's Word engine
// ignores floats and flex), every style inline (Gmail drops <style> in
// some of its apps), one fluid column of at most 600 px that fills a phone
// from 320 px, a ghost table for Outlook's fixed width, a bulletproof
// button (a padded link in a coloured cell). The inline colours are the
// scheme's theme (light or dark); color-scheme and prefers-color-scheme
// rules (!important, to beat the inline ones) follow the reader's setting
// where the client supports them (Apple Mail, iOS, Outlook.com, Thunderbird).
// Escaping is html/template's: names, titles and reasons are text.

// view is what the layout shows.
type view struct {
	Lang, Subject        string
	Scheme, Logo         string
	Initial              string // the monogram shown when the logo is not an image mail shows
	Heading              string
	Paragraphs           []string
	Quote                []string // someone's own words (staff's reply), a line each, set apart
	Code                 string
	Facts                []fact
	ReceiptHead          []string // column headings: quantity, item, price, total
	Lines                []viewLine
	Totals               []total
	Notes                []string // under the totals: VAT, the card
	Button               *link
	OrOpen               string // "Or open this link:"
	Footer               []string
	P, Light, DarkColors Palette
}

type fact struct{ Label, Value string }

type viewLine struct {
	Qty, Title  string
	Mods        []string
	Unit, Total string
	UnitNote    string // the text part's "£13.49 each"
}

type total struct {
	Label, Amount string
	Strong        bool
}

type link struct{ Label, URL string }

var htmlLayout = template.Must(template.New("mail").Funcs(template.FuncMap{
	"css": func(s string) template.CSS { return template.CSS(s) },
	// Outlook's conditional comments (html/template drops comments of
	// the template itself): a fixed 600 px ghost table around the column.
	"msoOpen": func() template.HTML {
		return `<!--[if mso]><table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0"><tr><td><![endif]-->`
	},
	"msoClose": func() template.HTML { return `<!--[if mso]></td></tr></table><![endif]-->` },
}).Parse(`<!doctype html>
<html lang="{{.Lang}}" xmlns="http://www.w3.org/1999/xhtml">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>{{.Subject}}</title>
<style>
:root{color-scheme:light dark;supported-color-schemes:light dark}
body{margin:0;padding:0;width:100%!important;-webkit-text-size-adjust:100%}
a{word-break:break-word}
{{with .Light}}@media (prefers-color-scheme: light){
.m-page{background:{{css .Page}}!important}
.m-card{background:{{css .Card}}!important}
.m-text{color:{{css .Text}}!important}
.m-muted{color:{{css .Muted}}!important}
.m-line{border-color:{{css .Border}}!important}
.m-link{color:{{css .Link}}!important}
.m-btn{background:{{css .Button}}!important;color:{{css .OnButton}}!important}
}{{end}}
{{with .DarkColors}}@media (prefers-color-scheme: dark){
.m-page{background:{{css .Page}}!important}
.m-card{background:{{css .Card}}!important}
.m-text{color:{{css .Text}}!important}
.m-muted{color:{{css .Muted}}!important}
.m-line{border-color:{{css .Border}}!important}
.m-link{color:{{css .Link}}!important}
.m-btn{background:{{css .Button}}!important;color:{{css .OnButton}}!important}
}{{end}}
</style>
</head>
{{$p := .P}}<body class="m-page" style="margin:0;padding:0;background:{{css $p.Page}};font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:{{css $p.Text}}">
<table role="presentation" class="m-page" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;background:{{css $p.Page}}">
<tr><td align="center" style="padding:16px 8px">
{{msoOpen}}
<table role="presentation" class="m-card" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background:{{css $p.Card}};border-radius:12px;border-top:4px solid {{css $p.Brand}}">
<tr><td style="padding:20px 20px 4px 20px">
<table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr>
{{if .Logo}}<td style="padding:0 12px 0 0;vertical-align:middle"><img src="{{.Logo}}" width="44" height="44" alt="" style="display:block;width:44px;height:44px;border:0;border-radius:22px"></td>
{{else if .Initial}}<td style="padding:0 12px 0 0;vertical-align:middle"><table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr><td class="m-btn" width="44" height="44" align="center" valign="middle" style="width:44px;height:44px;border-radius:22px;background:{{css $p.Button}};color:{{css $p.OnButton}};font-size:20px;line-height:44px;font-weight:bold;text-align:center">{{.Initial}}</td></tr></table></td>{{end}}
<td class="m-text" style="vertical-align:middle;font-size:18px;line-height:24px;font-weight:bold;color:{{css $p.Text}}">{{.Scheme}}</td>
</tr></table>
</td></tr>
<tr><td class="m-text" style="padding:16px 20px 0 20px;color:{{css $p.Text}}">
<h1 class="m-text" style="margin:0 0 12px 0;font-size:22px;line-height:28px;color:{{css $p.Text}}">{{.Heading}}</h1>
{{range .Paragraphs}}<p class="m-text" style="margin:0 0 12px 0;font-size:16px;line-height:24px;color:{{css $p.Text}}">{{.}}</p>
{{end}}{{if .Quote}}<table role="presentation" class="m-line" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;margin:0 0 12px 0;border-left:4px solid {{css $p.Brand}}"><tr><td class="m-text" style="padding:4px 0 4px 12px;color:{{css $p.Text}}">
{{range .Quote}}<p class="m-text" style="margin:0 0 8px 0;font-size:16px;line-height:24px;color:{{css $p.Text}}">{{.}}</p>
{{end}}</td></tr></table>
{{end}}{{if .Code}}<p class="m-text" style="margin:8px 0 16px 0;font-size:32px;line-height:40px;letter-spacing:6px;font-weight:bold;font-family:Menlo,Consolas,monospace;color:{{css $p.Text}}">{{.Code}}</p>
{{end}}</td></tr>
{{if .Button}}<tr><td style="padding:8px 20px 16px 20px">
<table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr><td class="m-btn" style="border-radius:8px;background:{{css $p.Button}}">
<a class="m-btn" href="{{.Button.URL}}" style="display:inline-block;padding:12px 22px;border-radius:8px;background:{{css $p.Button}};color:{{css $p.OnButton}};font-size:16px;line-height:20px;font-weight:bold;text-decoration:none">{{.Button.Label}}</a>
</td></tr></table>
<p class="m-muted" style="margin:12px 0 0 0;font-size:13px;line-height:18px;color:{{css $p.Muted}}">{{.OrOpen}} <a class="m-link" href="{{.Button.URL}}" style="color:{{css $p.Link}};word-break:break-all">{{.Button.URL}}</a></p>
</td></tr>{{end}}
{{if .Facts}}<tr><td style="padding:4px 20px 8px 20px">
<table role="presentation" class="m-line" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;border-top:1px solid {{css $p.Border}}">
{{range .Facts}}<tr><td class="m-muted" valign="top" style="padding:8px 12px 0 0;font-size:14px;line-height:20px;color:{{css $p.Muted}};white-space:nowrap">{{.Label}}</td><td class="m-text" valign="top" style="padding:8px 0 0 0;font-size:14px;line-height:20px;color:{{css $p.Text}}">{{.Value}}</td></tr>
{{end}}</table>
</td></tr>{{end}}
{{if .Lines}}<tr><td style="padding:12px 20px 0 20px">
<table role="presentation" class="m-line" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;border-top:1px solid {{css $p.Border}};font-size:14px;line-height:20px">
<tr>{{range $i, $h := .ReceiptHead}}<th scope="col" class="m-muted" align="{{if lt $i 2}}left{{else}}right{{end}}" style="padding:8px 0 4px {{if eq $i 0}}0{{else}}8px{{end}};font-size:12px;font-weight:normal;color:{{css $p.Muted}}">{{$h}}</th>{{end}}</tr>
{{range .Lines}}<tr>
<td class="m-text" valign="top" style="padding:8px 0 0 0;white-space:nowrap;color:{{css $p.Text}}">{{.Qty}}</td>
<td class="m-text" valign="top" style="padding:8px 0 0 8px;color:{{css $p.Text}}"><strong>{{.Title}}</strong>{{range .Mods}}<div class="m-muted" style="padding:2px 0 0 12px;font-size:13px;line-height:18px;color:{{css $p.Muted}}">{{.}}</div>{{end}}</td>
<td class="m-text" valign="top" align="right" style="padding:8px 0 0 8px;white-space:nowrap;color:{{css $p.Text}}">{{.Unit}}</td>
<td class="m-text" valign="top" align="right" style="padding:8px 0 0 8px;white-space:nowrap;color:{{css $p.Text}}">{{.Total}}</td>
</tr>
{{end}}</table>
</td></tr>{{end}}
{{if .Totals}}<tr><td style="padding:12px 20px 0 20px">
<table role="presentation" class="m-line" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;border-top:1px solid {{css $p.Border}}">
{{range .Totals}}{{if .Strong}}<tr><td class="m-text" style="padding:10px 0 0 0;font-size:18px;line-height:24px;font-weight:bold;color:{{css $p.Text}}">{{.Label}}</td><td class="m-text" align="right" style="padding:10px 0 0 8px;font-size:18px;line-height:24px;font-weight:bold;white-space:nowrap;color:{{css $p.Text}}">{{.Amount}}</td></tr>
{{else}}<tr><td class="m-text" style="padding:6px 0 0 0;font-size:14px;line-height:20px;color:{{css $p.Text}}">{{.Label}}</td><td class="m-text" align="right" style="padding:6px 0 0 8px;font-size:14px;line-height:20px;white-space:nowrap;color:{{css $p.Text}}">{{.Amount}}</td></tr>
{{end}}{{end}}</table>
{{range .Notes}}<p class="m-muted" style="margin:6px 0 0 0;font-size:13px;line-height:18px;color:{{css $p.Muted}}">{{.}}</p>
{{end}}</td></tr>{{end}}
<tr><td style="padding:20px 20px 20px 20px">
{{range .Footer}}<p class="m-muted" style="margin:0 0 8px 0;font-size:13px;line-height:18px;color:{{css $p.Muted}}">{{.}}</p>
{{end}}</td></tr>
</table>
{{msoClose}}
</td></tr></table>
</body>
</html>
`))
