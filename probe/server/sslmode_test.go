package server

import "testing"

func TestTLSFromSSLMode(t *testing.T) {
	cases := map[string]string{
		"DISABLED": "false", "preferred": "preferred", "REQUIRED": "skip-verify",
		"VERIFY_CA": "true", "verify_identity": "true", "bogus": "", "": "",
	}
	for in, want := range cases {
		if got := TLSFromSSLMode(in); got != want {
			t.Errorf("TLSFromSSLMode(%q) = %q, want %q", in, got, want)
		}
	}
}
