package main

import (
	"reflect"
	"testing"
)

func TestMySQLStyleArgs(t *testing.T) {
	cases := []struct {
		name string
		in   []string
		want []string
	}{
		{"glued password", []string{"advise", "-psecret"}, []string{"advise", "--password=secret"}},
		{"prompt", []string{"advise", "-p"}, []string{"advise", "-p"}},
		{"equals form kept", []string{"-p=x"}, []string{"-p=x"}},
		{"port untouched", []string{"-P3307"}, []string{"-P3307"}},
		{"after double dash", []string{"--", "-pfoo"}, []string{"--", "-pfoo"}},
		{"long flag", []string{"--password=x"}, []string{"--password=x"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := mysqlStyleArgs(c.in); !reflect.DeepEqual(got, c.want) {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}
