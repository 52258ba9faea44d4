package rules

import "testing"

func TestLoadBuiltin(t *testing.T) {
	c, err := Load(LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d rules", len(c.Rules))
}
