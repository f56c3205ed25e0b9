package httpapi

import (
	"context"
	"errors"
	"io"
	"mime"
	"net/http"
	"strconv"
	"time"

	"platter/internal/audit"
	"platter/internal/i18n"
	"platter/internal/media"
	"platter/internal/notify/mail"
	"platter/internal/ordering"
	"platter/internal/platter"
	"platter/internal/support"
)

// Support is what the API needs of the support store (store.DB). Every
// method names the scheme and the owner (or staff) beside the id.
type Support interface {
	SavePhoto(ctx context.Context, p support.Photo, now time.Time) (int64, error)
	Photo(ctx context.Context, schemeID, id int64, r ordering.Reach) (*support.Photo, error)
	InsertSupportRequest(ctx context.Context, r support.Request, mail *mail.Message, now time.Time) (*support.Request, error)
	SupportRequestsOfOrder(ctx context.Context, schemeID, orderID int64) ([]support.Request, error)
	SupportInbox(ctx context.Context, schemeID int64, reach ordering.Reach, status string, page, perPage int) ([]support.Request, int, error)
	ReplySupport(ctx context.Context, r support.Reply, reach ordering.Reach, a audit.Audit, now time.Time) (*support.Request, error)
}

// uploadBodyLimit bounds the whole multipart body of an upload: the photo's
// 800 KB and room for the part headers and boundaries. Past it the read
// fails (http.MaxBytesReader) and the photo is refused as too large.
const uploadBodyLimit = support.MaxPhotoBytes + 16*1024

// photoPath is where a stored photo is served (GET, with the session).
const photoPath = "upload/photo"

func (s *Server) supportStore() (Support, error) {
	if s.support == nil {
		return nil, platter.Internal(errors.New("httpapi: no support store configured"))
	}
	return s.support, nil
}

// upload answers POST /api/v3/upload: a multipart body whose field "file"
// is, without a "purpose" field before it, a support photo (a JPEG of at
// most 800 KB, checked by its content; any session); with purpose "menu"
// or "logo", a back-office picture (a manager's; media.go). Either is
// re-encoded (dropping its metadata) and stored; the answer is {id, url}
// (and the picture's variants).
func (s *Server) upload(w http.ResponseWriter, r *http.Request, c *Caller) {
	lang := i18n.Negotiate(r.Header.Get("Accept-Language"))
	ctx, cancel := context.WithTimeout(r.Context(), s.timeouts.Call)
	defer cancel()
	data, err := s.storeUpload(ctx, w, r, c)
	if err != nil {
		s.writeError(w, r, lang, err)
		return
	}
	writeReply(w, &reply{Data: data})
}

func photoURL(id int64) string {
	return "/api/v3/" + photoPath + "?id=" + strconv.FormatInt(id, 10)
}

func (s *Server) storeUpload(ctx context.Context, w http.ResponseWriter, r *http.Request, c *Caller) (any, error) {
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "multipart/form-data" {
		return nil, support.ErrBadPhoto()
	}
	// A manager may send a 5 MB picture; anyone else no more than a photo.
	r.Body = http.MaxBytesReader(w, r.Body, uploadLimit(c))
	mr, err := r.MultipartReader()
	if err != nil {
		return nil, support.ErrBadPhoto()
	}
	purpose := ""
	for {
		part, err := mr.NextPart()
		if err != nil {
			// No "file" part (io.EOF), a malformed body, or one over the
			// limit: the customer's remedy is the same JPEG ≤ 800 KB.
			if purpose != "" {
				return nil, media.ErrBadImage()
			}
			return nil, support.ErrBadPhoto()
		}
		switch part.FormName() {
		case "purpose":
			if purpose, err = formValue(part); err != nil {
				return nil, err
			}
		case "file":
			if purpose != "" {
				return s.storeMedia(ctx, part, c, media.Purpose(purpose))
			}
			id, err := s.storePhoto(ctx, part, c)
			if err != nil {
				return nil, err
			}
			return map[string]any{"id": id, "url": photoURL(id)}, nil
		default:
			// Another field: skip it, within the body limit.
			_, _ = io.Copy(io.Discard, part)
		}
	}
}

func (s *Server) storePhoto(ctx context.Context, part io.Reader, c *Caller) (int64, error) {
	st, err := s.supportStore()
	if err != nil {
		return 0, err
	}
	data, width, height, err := s.photos.Process(ctx, part)
	if err != nil {
		// A read that failed (the body over its limit, a broken
		// multipart) is the customer's file; our own failures (busy,
		// internal) are already *platter.Error.
		var pe *platter.Error
		if !errors.As(err, &pe) {
			return 0, support.ErrBadPhoto()
		}
		return 0, err
	}
	return st.SavePhoto(ctx, support.Photo{SchemeID: c.SchemeID, UserID: c.UserID,
		ContentType: "image/jpeg", Width: width, Height: height, Data: data}, s.now())
}

// photo answers GET /api/v3/upload/photo?id=: the stored photo, to its
// uploader or the scheme's staff; anyone else of the scheme gets 1404, as
// for a photo that does not exist.
func (s *Server) photo(w http.ResponseWriter, r *http.Request, c *Caller) {
	lang := i18n.Negotiate(r.Header.Get("Accept-Language"))
	st, err := s.supportStore()
	if err != nil {
		s.writeError(w, r, lang, err)
		return
	}
	id, err := strconv.ParseInt(r.URL.Query().Get("id"), 10, 64)
	if err != nil || id <= 0 {
		s.writeError(w, r, lang, platter.NotFound())
		return
	}
	p, err := st.Photo(r.Context(), c.SchemeID, id, reachOf(c))
	if err != nil {
		s.writeError(w, r, lang, err)
		return
	}
	// Private to the signed-in reader: never kept by a shared cache.
	writeStored(w, r, p.ContentType, p.Data, "private, max-age=3600")
}

// supportInput is supports/insert's data.
type supportInput struct {
	OrderID     int64   `json:"order_id"`
	Kind        string  `json:"kind"`
	Description string  `json:"description" text:"multiline"`
	PhotoIDs    []int64 `json:"photo_ids"`
}

// supportJSON is a support request in the support_requests of orders/get:
// with the venue's replies and status changes, oldest first.
type supportJSON struct {
	ID          int64         `json:"id"`
	Kind        string        `json:"kind"`
	Description string        `json:"description"`
	Status      string        `json:"status"`
	Photos      []string      `json:"photo_urls"`
	CreatedAt   string        `json:"created_at"`
	Messages    []messageJSON `json:"messages"`
}

func toSupportJSON(r *support.Request) supportJSON {
	out := supportJSON{ID: r.ID, Kind: r.Kind, Description: r.Description, Status: r.Status,
		Photos: photoURLs(r.PhotoIDs), CreatedAt: stamp(r.CreatedAt), Messages: make([]messageJSON, 0, len(r.Messages))}
	for i := range r.Messages {
		out.Messages = append(out.Messages, toMessageJSON(&r.Messages[i]))
	}
	return out
}

// supportInsert answers supports/insert: a request about one of the
// caller's orders, with photos the caller uploaded. Another's order is
// 1404; a photo that is not the caller's (or is used already) is 4002.
func (s *Server) supportInsert(r *request, c *Caller) (*reply, error) {
	st, err := s.supportStore()
	if err != nil {
		return nil, err
	}
	var d supportInput
	if err := decode(r.Data, &d); err != nil {
		return nil, err
	}
	if len(d.PhotoIDs) > support.MaxPhotos {
		// Checked before anything else reads the list, however long.
		d.PhotoIDs = d.PhotoIDs[:support.MaxPhotos+1]
	}
	req := support.Request{SchemeID: c.SchemeID, UserID: c.UserID, OrderID: d.OrderID, Kind: d.Kind,
		Description: d.Description, PhotoIDs: d.PhotoIDs}
	if err := support.Clean(&req); err != nil {
		return nil, err
	}
	mail, err := s.supportMail(r, c, &req)
	if err != nil {
		return nil, err
	}
	saved, err := st.InsertSupportRequest(r.Context(), req, mail, s.now())
	if err != nil {
		return nil, err
	}
	if mail != nil && s.mailQueued != nil {
		s.mailQueued()
	}
	return &reply{Data: map[string]any{"id": saved.ID, "status": saved.Status}}, nil
}

// supportMail is the customer's "we received your request" mail; nil
// until order mails are wired (orders_mail.go).
func (s *Server) supportMail(_ *request, _ *Caller, _ *support.Request) (*mail.Message, error) {
	return nil, nil
}
