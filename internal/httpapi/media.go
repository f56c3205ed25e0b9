package httpapi

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"platter/internal/i18n"
	"platter/internal/media"
	"platter/internal/platter"
)

// Media is what the API needs of the store for the back office's pictures
// (store.DB).
type Media interface {
	SaveMedia(ctx context.Context, schemeID, userID int64, img *media.Image, now time.Time) (int64, error)
	MediaVariant(ctx context.Context, schemeSlug string, id int64, name string) (*media.Variant, error)
	MediaPurpose(ctx context.Context, schemeID, id int64) (media.Purpose, error)
}

// mediaBodyLimit bounds a manager's multipart upload: the picture's 5 MB
// and room for the other fields, part headers and boundaries.
const mediaBodyLimit = media.MaxBytes + 64*1024

// mediaPath is the public route of a stored picture's variant:
// /api/v3/media/{scheme}/{id}-{variant}, e.g. .../demo-burgers/12-320.jpg.
const mediaPath = "media/{scheme}/{file}"

// imageUploader is the row a picture upload is held to, beside upload's
// own (any session): a manager of the whole scheme.
var imageUploader = route{path: "upload", access: manager, scope: scopeScheme}

func uploadLimit(c *Caller) int64 {
	if c.SchemeWide(roles[manager]...) {
		return mediaBodyLimit
	}
	return uploadBodyLimit
}

// formValue reads a short text field of a multipart body.
func formValue(part io.Reader) (string, error) {
	b, err := io.ReadAll(io.LimitReader(part, 33))
	if err != nil || len(b) > 32 {
		return "", platter.Invalid(map[string]string{"purpose": "upload.purpose_invalid"})
	}
	return string(b), nil
}

func (s *Server) mediaStore() (Media, error) {
	if s.media == nil {
		return nil, platter.Internal(errors.New("httpapi: no media store configured"))
	}
	return s.media, nil
}

// storeMedia re-encodes and stores a back-office picture (docs/architecture.md
// §10) and answers its id, the url of its largest variant and every
// variant. Only a scheme-wide manager may; anyone else is 1403 before the
// file is read.
func (s *Server) storeMedia(ctx context.Context, part io.Reader, c *Caller, purpose media.Purpose) (any, error) {
	if err := imageUploader.admits(c); err != nil {
		return nil, err
	}
	st, err := s.mediaStore()
	if err != nil {
		return nil, err
	}
	img, err := s.images.Process(ctx, purpose, part)
	if err != nil {
		var pe *platter.Error
		if !errors.As(err, &pe) {
			// The body broke off or went over its limit while being read.
			if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
				return nil, err
			}
			return nil, media.ErrImageTooLarge()
		}
		return nil, err
	}
	id, err := st.SaveMedia(ctx, c.SchemeID, c.UserID, img, s.now())
	if err != nil {
		return nil, err
	}
	variants := make([]map[string]any, 0, len(img.Variants))
	for _, v := range img.Variants {
		variants = append(variants, map[string]any{"name": v.Name, "width": v.Width, "height": v.Height,
			"url": mediaURL(c.SchemeSlug, id, v.Name)})
	}
	return map[string]any{"id": id, "purpose": string(purpose), "width": img.Width, "height": img.Height,
		"url": mediaURL(c.SchemeSlug, id, img.Variants[0].Name), "variants": variants}, nil
}

// smallLogo is the 128-pixel variant of an uploaded logo's url (the
// headers show it at 32–64 CSS px, as the client's imageVariant picks), or
// url itself when it is not an uploaded logo.
func smallLogo(url string) string {
	if strings.HasPrefix(url, "/api/v3/media/") && strings.HasSuffix(url, "-512.png") {
		return strings.TrimSuffix(url, "512.png") + "128.png"
	}
	return url
}

// mediaURL is where variant name of picture id is served.
func mediaURL(slug string, id int64, name string) string {
	return "/api/v3/media/" + pathSegment(slug) + "/" + strconv.FormatInt(id, 10) + "-" + name
}

// mediaVariant answers GET /api/v3/media/{scheme}/{id}-{variant}: a stored
// picture, to anyone (the storefront shows it to every visitor). A stored
// variant never changes, so it is cached for a year by browsers and any
// shared cache; another scheme's id is 1404, as a missing one.
func (s *Server) mediaVariant(w http.ResponseWriter, r *http.Request, _ *Caller) {
	lang := i18n.Negotiate(r.Header.Get("Accept-Language"))
	st, err := s.mediaStore()
	if err != nil {
		s.writeError(w, r, lang, err)
		return
	}
	idText, name, ok := strings.Cut(r.PathValue("file"), "-")
	id, err := strconv.ParseInt(idText, 10, 64)
	if !ok || err != nil || id <= 0 || len(name) > 16 {
		s.writeError(w, r, lang, platter.NotFound())
		return
	}
	v, err := st.MediaVariant(r.Context(), r.PathValue("scheme"), id, name)
	if err != nil {
		s.writeError(w, r, lang, err)
		return
	}
	w.Header().Set("Content-Security-Policy", "default-src 'none'; sandbox")
	writeStored(w, r, v.ContentType, v.Data, "public, max-age=31536000, immutable")
}

// writeStored answers 200 with a stored file's bytes (none for HEAD), of its
// own Content-Type, which the browser is told not to second-guess, and kept
// by caches as cacheControl says.
func writeStored(w http.ResponseWriter, r *http.Request, contentType string, data []byte, cacheControl string) {
	h := w.Header()
	h.Set("Content-Type", contentType)
	h.Set("Content-Length", strconv.Itoa(len(data)))
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Cache-Control", cacheControl)
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		_, _ = w.Write(data)
	}
}
