package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"reflect"
	"strings"

	"github.com/unoref/unoref/cmd/unoref/internal/table"
	"github.com/unoref/unoref/lang/msg"
)

// decodeStrict reads one JSON object from r into v, a pointer to a struct,
// as strictly as the page writes it: every key is a field of v spelt
// exactly (encoding/json alone matches keys ignoring case, so
// {"kind":"undo"} would undo), no key twice (encoding/json keeps the last),
// nothing after the object. A refusal says what was wrong in the page's
// words and repeats at most msg.Echo of what was sent.
func decodeStrict(r io.Reader, v any) error {
	b, err := io.ReadAll(r)
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return refusal("page.error.json.long")
	}
	if err != nil {
		return refusal("page.error.json")
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	if err := checkObject(dec, reflect.TypeOf(v).Elem()); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return refusal("page.error.json.one")
	}
	dec = json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			return jsonRefusal("page.error.json.type", te.Field)
		}
		return refusal("page.error.json")
	}
	return nil
}

// checkObject reads the next value of dec, which must be an object whose
// keys are fields of t (a struct) and appear once; a field that is itself
// a struct (or a pointer to one) is checked the same way.
func checkObject(dec *json.Decoder, t reflect.Type) error {
	tok, err := dec.Token()
	if err != nil {
		return refusal("page.error.json")
	}
	if tok == nil {
		return nil // null: encoding/json leaves the value as it is
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return refusal("page.error.json.object")
	}
	fields := jsonFields(t)
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return refusal("page.error.json")
		}
		key, _ := tok.(string)
		ft, ok := fields[key]
		switch {
		case !ok:
			return &table.ActionError{Msg: msg.Sentence{{Key: "page.error.json.field",
				Args: msg.Args{Value: msg.Echo(key), Text: fieldList(t)}}}}
		case seen[key]:
			return jsonRefusal("page.error.json.twice", key)
		}
		seen[key] = true
		if err := checkValue(dec, ft); err != nil {
			return err
		}
	}
	if _, err := dec.Token(); err != nil { // '}'
		return refusal("page.error.json")
	}
	return nil
}

// checkValue reads the next value of dec: checked as an object when t is a
// struct, else read whole for encoding/json to judge.
func checkValue(dec *json.Decoder, t reflect.Type) error {
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() == reflect.Struct {
		return checkObject(dec, t)
	}
	var skip json.RawMessage
	if err := dec.Decode(&skip); err != nil {
		return refusal("page.error.json")
	}
	return nil
}

// jsonFields are the keys encoding/json writes for the exported fields of
// the struct t, and their types.
func jsonFields(t reflect.Type) map[string]reflect.Type {
	m := map[string]reflect.Type{}
	for f := range t.Fields() {
		if name, ok := jsonName(f); ok {
			m[name] = f.Type
		}
	}
	return m
}

// jsonName is the key of field f: its tag's name, else its Go name; false
// for a field encoding/json leaves out.
func jsonName(f reflect.StructField) (string, bool) {
	if !f.IsExported() {
		return "", false
	}
	name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
	switch name {
	case "-":
		return "", false
	case "":
		return f.Name, true
	}
	return name, true
}

// fieldList is the keys of t as a refusal lists them.
func fieldList(t reflect.Type) string {
	var names []string
	for f := range t.Fields() {
		if name, ok := jsonName(f); ok {
			names = append(names, name)
		}
	}
	return strings.Join(names, ", ")
}

// jsonRefusal is the refusal key about the field field.
func jsonRefusal(key, field string) error {
	return &table.ActionError{Msg: msg.Sentence{{Key: key, Args: msg.Args{Value: msg.Echo(field)}}}}
}
