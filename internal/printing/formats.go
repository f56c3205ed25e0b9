package printing

import (
	"bytes"
	"encoding/base64"
	"encoding/xml"
	"strconv"
)

// Media types a CloudPRNT printer may ask a job in, the server's
// preference first.
const (
	MediaStarPRNT = "application/vnd.star.starprnt"
	MediaPNG      = "image/png"
	MediaText     = "text/plain"
)

// MediaTypes is what a CloudPRNT poll answer offers.
var MediaTypes = []string{MediaStarPRNT, MediaPNG, MediaText}

// textWidth is a ticket's text width: 48 columns of Font A on an 80 mm roll.
const textWidth = 48

// Render is the ticket in one of MediaTypes (ok false: not one of them).
func (tk Ticket) Render(mediaType string) (body []byte, ok bool) {
	switch mediaType {
	case MediaText:
		return []byte(tk.Text(textWidth)), true
	case MediaPNG:
		return tk.Draw().PNG(), true
	case MediaStarPRNT:
		return tk.Draw().StarPRNT(), true
	}
	return nil, false
}

// StarPRNT is the raster as StarPRNT commands: initialise (ESC @), the
// raster (ESC GS S 1 xL xH yL yH 0 data), feed and a partial cut (ESC d 3).
// A band of at most 255 rows per command keeps each command small.
func (r Raster) StarPRNT() []byte {
	w, h, data := r.Bits()
	var b bytes.Buffer
	b.Write([]byte{0x1b, 0x40})
	for y := 0; y < h; y += 255 {
		n := min(255, h-y)
		b.Write([]byte{0x1b, 0x1d, 0x53, 1, byte(w), byte(w >> 8), byte(n), byte(n >> 8), 0})
		b.Write(data[y*w : (y+n)*w])
	}
	b.Write([]byte{0x1b, 0x64, 0x03})
	return b.Bytes()
}

// EposRequest is Server Direct Print's answer to a printer's GetRequest
// with a job: the ePOS-Print document (the ticket as a raster image, so
// every letter prints whatever the printer's code pages, then a cut) under
// the job's id.
func (tk Ticket) EposRequest(jobID string) []byte {
	w, h, data := tk.Draw().Bits()
	var b bytes.Buffer
	b.WriteString(xml.Header)
	b.WriteString(`<PrintRequestInfo Version="2.00"><ePOSPrint><Parameter><devid>local_printer</devid>`)
	b.WriteString(`<timeout>10000</timeout><printjobid>`)
	_ = xml.EscapeText(&b, []byte(jobID))
	b.WriteString(`</printjobid></Parameter><PrintData>`)
	b.WriteString(`<epos-print xmlns="http://www.epson-pos.com/schemas/2011/03/epos-print">`)
	b.WriteString(`<image width="` + strconv.Itoa(w*8) + `" height="` + strconv.Itoa(h) +
		`" color="color_1" mode="mono">`)
	b.WriteString(base64.StdEncoding.EncodeToString(data))
	b.WriteString(`</image><feed line="3"/><cut type="feed"/></epos-print></PrintData></ePOSPrint></PrintRequestInfo>`)
	return b.Bytes()
}

// EposResult is what a printer's SetResponse reports of one job.
type EposResult struct {
	JobID   string
	Success bool
	Code    string
	Status  Status
}

// ParseEposResponse reads a SetResponse's ResponseFile: the
// PrintResponseInfo document with each job's printjobid and result.
func ParseEposResponse(doc []byte) ([]EposResult, error) {
	var v struct {
		Prints []struct {
			JobID    string `xml:"Parameter>printjobid"`
			Response struct {
				Success string `xml:"success,attr"`
				Code    string `xml:"code,attr"`
				Status  string `xml:"status,attr"`
			} `xml:"PrintResponse>response"`
		} `xml:"ePOSPrint"`
	}
	if err := xml.Unmarshal(doc, &v); err != nil {
		return nil, err
	}
	out := make([]EposResult, 0, len(v.Prints))
	for _, p := range v.Prints {
		out = append(out, EposResult{JobID: p.JobID, Success: p.Response.Success == "true",
			Code: clean(p.Response.Code, 40), Status: EpsonStatus(p.Response.Status)})
	}
	return out, nil
}
