package store

import "platter/internal/catalog"

// A menu's rows and each table's one column list, as in catalog_rows.go.
// Items and modifier items are keyed by ref in their menu (menu_id), not in
// their category, so moving one between categories updates category_id and
// keeps the id.

type menuRow struct {
	Name        string
	LayoutStyle int
}

var menuRowColumns = columns[menuRow]{
	{"name", func(r *menuRow) any { return &r.Name }},
	{"layout_style", func(r *menuRow) any { return &r.LayoutStyle }},
}

type menuRecord struct {
	ID, SchemeID int64
	Ref          string
	Doc          menuRow
	Version      int64
}

var menuColumns = join(
	columns[menuRecord]{
		{"id", func(r *menuRecord) any { return &r.ID }},
		{"scheme_id", func(r *menuRecord) any { return &r.SchemeID }},
		{"ref", func(r *menuRecord) any { return &r.Ref }},
	},
	part(menuRowColumns, func(r *menuRecord) *menuRow { return &r.Doc }),
	columns[menuRecord]{{"version", func(r *menuRecord) any { return &r.Version }}},
)

func (r *menuRecord) menu() (catalog.Menu, error) {
	return catalog.Menu{ID: r.ID, SchemeID: r.SchemeID, Ref: r.Ref, Name: r.Doc.Name,
		LayoutStyle: r.Doc.LayoutStyle, Version: r.Version}, nil
}

type categoryRow struct {
	Name     string
	Position int
}

var categoryRowColumns = columns[categoryRow]{
	{"name", func(r *categoryRow) any { return &r.Name }},
	{"position", func(r *categoryRow) any { return &r.Position }},
}

type categoryRecord struct {
	ID  int64
	Ref string
	Doc categoryRow
}

var categoryColumns = join(refColumns[categoryRecord](func(r *categoryRecord) (*int64, *string) { return &r.ID, &r.Ref }),
	part(categoryRowColumns, func(r *categoryRecord) *categoryRow { return &r.Doc }))

func (r *categoryRecord) category() (catalog.Category, error) {
	return catalog.Category{ID: r.ID, Ref: r.Ref, Name: r.Doc.Name, Position: r.Doc.Position}, nil
}

type itemRow struct {
	CategoryID           int64
	Title, Description   string
	ImageURL             string
	Price                int64
	IsNew, IsAvailable   bool
	SelectMin, SelectMax int
	OrderTypes           string // JSON, as toJSON writes it
	Position             int
	Dayparts             string // JSON, as toJSON writes it
	ImageID              int64
}

var itemRowColumns = columns[itemRow]{
	{"category_id", func(r *itemRow) any { return &r.CategoryID }},
	{"title", func(r *itemRow) any { return &r.Title }},
	{"description", func(r *itemRow) any { return &r.Description }},
	{"image_url", func(r *itemRow) any { return &r.ImageURL }},
	{"price", func(r *itemRow) any { return &r.Price }},
	{"is_new", func(r *itemRow) any { return &r.IsNew }},
	{"is_available", func(r *itemRow) any { return &r.IsAvailable }},
	{"select_min", func(r *itemRow) any { return &r.SelectMin }},
	{"select_max", func(r *itemRow) any { return &r.SelectMax }},
	{"order_types", func(r *itemRow) any { return &r.OrderTypes }},
	{"position", func(r *itemRow) any { return &r.Position }},
	{"dayparts", func(r *itemRow) any { return &r.Dayparts }},
	{"image_id", func(r *itemRow) any { return &r.ImageID }},
}

type itemRecord struct {
	ID  int64
	Ref string
	Doc itemRow
}

var itemColumns = join(refColumns[itemRecord](func(r *itemRecord) (*int64, *string) { return &r.ID, &r.Ref }),
	part(itemRowColumns, func(r *itemRecord) *itemRow { return &r.Doc }))

// item is the record as the catalogue's Item; ModifierCategoryIDs are
// filled by findItemModifiers.
func (r *itemRecord) item() (catalog.Item, error) {
	d := &r.Doc
	it := catalog.Item{ID: r.ID, CategoryID: d.CategoryID, Ref: r.Ref, Title: d.Title,
		Description: d.Description, ImageURL: d.ImageURL, Price: d.Price, IsNew: d.IsNew,
		IsAvailable: d.IsAvailable, SelectMin: d.SelectMin, SelectMax: d.SelectMax, Position: d.Position,
		ModifierCategoryIDs: []int64{}, ImageID: d.ImageID}
	if err := fromJSON(d.Dayparts, &it.Dayparts); err != nil {
		return it, err
	}
	return it, fromJSON(d.OrderTypes, &it.OrderTypes)
}

type modCategoryRow struct {
	Name                 string
	SelectMin, SelectMax int
	Position             int
}

var modCategoryRowColumns = columns[modCategoryRow]{
	{"name", func(r *modCategoryRow) any { return &r.Name }},
	{"select_min", func(r *modCategoryRow) any { return &r.SelectMin }},
	{"select_max", func(r *modCategoryRow) any { return &r.SelectMax }},
	{"position", func(r *modCategoryRow) any { return &r.Position }},
}

type modCategoryRecord struct {
	ID  int64
	Ref string
	Doc modCategoryRow
}

var modCategoryColumns = join(
	refColumns[modCategoryRecord](func(r *modCategoryRecord) (*int64, *string) { return &r.ID, &r.Ref }),
	part(modCategoryRowColumns, func(r *modCategoryRecord) *modCategoryRow { return &r.Doc }))

func (r *modCategoryRecord) modifierCategory() (catalog.ModifierCategory, error) {
	d := &r.Doc
	return catalog.ModifierCategory{ID: r.ID, Ref: r.Ref, Name: d.Name, SelectMin: d.SelectMin,
		SelectMax: d.SelectMax, Position: d.Position}, nil
}

type modItemRow struct {
	ModifierCategoryID int64
	Name               string
	Price              int64
	IsAvailable        bool
	Position           int
}

var modItemRowColumns = columns[modItemRow]{
	{"modifier_category_id", func(r *modItemRow) any { return &r.ModifierCategoryID }},
	{"name", func(r *modItemRow) any { return &r.Name }},
	{"price", func(r *modItemRow) any { return &r.Price }},
	{"is_available", func(r *modItemRow) any { return &r.IsAvailable }},
	{"position", func(r *modItemRow) any { return &r.Position }},
}

type modItemRecord struct {
	ID  int64
	Ref string
	Doc modItemRow
}

var modItemColumns = join(
	refColumns[modItemRecord](func(r *modItemRecord) (*int64, *string) { return &r.ID, &r.Ref }),
	part(modItemRowColumns, func(r *modItemRecord) *modItemRow { return &r.Doc }))

func (r *modItemRecord) modifierItem() (catalog.ModifierItem, error) {
	d := &r.Doc
	return catalog.ModifierItem{ID: r.ID, ModifierCategoryID: d.ModifierCategoryID, Ref: r.Ref, Name: d.Name,
		Price: d.Price, IsAvailable: d.IsAvailable, Position: d.Position}, nil
}

// refColumns are the id and ref columns every menu record starts with.
func refColumns[T any](idRef func(*T) (*int64, *string)) columns[T] {
	return columns[T]{
		{"id", func(r *T) any { id, _ := idRef(r); return id }},
		{"ref", func(r *T) any { _, ref := idRef(r); return ref }},
	}
}
