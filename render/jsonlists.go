package render

import (
	"reflect"
	"strings"
)

// withEmptyLists is a copy of v in which every nil slice or map of a field
// whose JSON tag has no omitempty is an empty one: such a field is in the
// contract, and a script reading it wants [] or {} (CONTRACT.md), never null.
// Values reached through pointers are filled in place.
func withEmptyLists(v any) any {
	if v == nil {
		return nil
	}
	rv := reflect.ValueOf(v)
	cp := reflect.New(rv.Type()).Elem()
	cp.Set(rv)
	fillLists(cp, 0)
	return cp.Interface()
}

// maxFillDepth bounds the walk (plain data is a handful deep; it stops a cycle).
const maxFillDepth = 32

func fillLists(v reflect.Value, depth int) {
	if depth > maxFillDepth {
		return
	}
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			fillLists(v.Elem(), depth+1)
		}
	case reflect.Struct:
		t := v.Type()
		for i := 0; i < t.NumField(); i++ {
			f, fv := t.Field(i), v.Field(i)
			if !fv.CanSet() {
				continue
			}
			tag := f.Tag.Get("json")
			if tag != "-" && !strings.Contains(tag, ",omitempty") {
				switch {
				case fv.Kind() == reflect.Slice && fv.IsNil():
					fv.Set(reflect.MakeSlice(fv.Type(), 0, 0))
				case fv.Kind() == reflect.Map && fv.IsNil():
					fv.Set(reflect.MakeMap(fv.Type()))
				}
			}
			fillLists(fv, depth+1)
		}
	case reflect.Slice, reflect.Array:
		for i := 0; i < v.Len(); i++ {
			fillLists(v.Index(i), depth+1)
		}
	case reflect.Map:
		fillMap(v, depth)
	}
}

// fillMap fills the struct values of a map (map values are not
// addressable: each is copied, filled and put back).
func fillMap(v reflect.Value, depth int) {
	if v.IsNil() {
		return
	}
	switch v.Type().Elem().Kind() {
	case reflect.Struct, reflect.Pointer, reflect.Slice:
	default:
		return
	}
	iter := v.MapRange()
	for iter.Next() {
		cp := reflect.New(v.Type().Elem()).Elem()
		cp.Set(iter.Value())
		fillLists(cp, depth+1)
		v.SetMapIndex(iter.Key(), cp)
	}
}
