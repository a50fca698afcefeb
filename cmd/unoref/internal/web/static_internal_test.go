package web

import (
	"io/fs"
	"mime"
	"path"
	"testing"
)

// Every file under assets/static has its type named in staticTypes, the
// media type package mime gives it (here, in the test): the file server
// then never asks package mime, which would read the system's table of
// types into the daemon's memory for good.
func TestStaticTypes(t *testing.T) {
	files, err := fs.Glob(assets, "assets/static/*")
	if err != nil || len(files) == 0 {
		t.Fatalf("no static files: %v", err)
	}
	for _, f := range files {
		ext := path.Ext(f)
		got, ok := staticTypes[ext]
		if !ok {
			t.Errorf("%s: no type in staticTypes for %q", f, ext)
			continue
		}
		have, _, err := mime.ParseMediaType(got)
		want, _, _ := mime.ParseMediaType(mime.TypeByExtension(ext))
		if err != nil || have != want {
			t.Errorf("%s: staticTypes says %q, package mime %q", f, got, want)
		}
	}
}
