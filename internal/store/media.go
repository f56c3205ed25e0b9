package store

import (
	"context"
	"time"

	"platter/internal/media"
)

// The back office's pictures (docs/architecture.md §10): written once, read
// by anyone who knows the scheme, the id and the variant's name.

// SaveMedia stores a picture already re-encoded by media.Processor for
// the scheme, uploaded by userID, and returns its id.
func (db *DB) SaveMedia(ctx context.Context, schemeID, userID int64, img *media.Image, now time.Time) (int64, error) {
	var id int64
	err := db.write(ctx, func(c conn) error {
		if err := c.queryRow(ctx, `INSERT INTO media (scheme_id, user_id, purpose, width, height, created_at)
			VALUES (?, ?, ?, ?, ?, ?) RETURNING id`,
			schemeID, userID, string(img.Purpose), img.Width, img.Height, utc(now)).Scan(&id); err != nil {
			return err
		}
		for _, v := range img.Variants {
			if _, err := c.exec(ctx, `INSERT INTO media_variants (media_id, name, content_type, width, height, data)
				VALUES (?, ?, ?, ?, ?, ?)`, id, v.Name, v.ContentType, v.Width, v.Height, v.Data); err != nil {
				return err
			}
		}
		return nil
	})
	return id, err
}

// MediaVariant returns variant name of picture id of the scheme with slug
// schemeSlug; a picture of another scheme is not found, as a missing one.
func (db *DB) MediaVariant(ctx context.Context, schemeSlug string, id int64, name string) (*media.Variant, error) {
	v := media.Variant{Name: name}
	err := db.read(ctx, func(c conn) error {
		return c.queryRow(ctx, `SELECT v.content_type, v.width, v.height, v.data
			FROM media_variants v JOIN media m ON m.id = v.media_id JOIN schemes s ON s.id = m.scheme_id
			WHERE s.slug = ? AND m.id = ? AND v.name = ?`, schemeSlug, id, name).
			Scan(&v.ContentType, &v.Width, &v.Height, &v.Data)
	})
	if err != nil {
		return nil, err
	}
	return &v, nil
}

// MediaPurpose returns what picture id of the scheme was uploaded for; a
// picture of another scheme is not found.
func (db *DB) MediaPurpose(ctx context.Context, schemeID, id int64) (media.Purpose, error) {
	var p string
	err := db.read(ctx, func(c conn) error {
		return c.queryRow(ctx, `SELECT purpose FROM media WHERE id = ? AND scheme_id = ?`, id, schemeID).Scan(&p)
	})
	return media.Purpose(p), err
}
