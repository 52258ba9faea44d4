package rules

import (
	"bytes"
	"fmt"
	"io/fs"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/expr-lang/expr"
	"go.yaml.in/yaml/v3"

	"github.com/mytune/mytune/configs"
	"github.com/mytune/mytune/profile"
)

// Catalogue is the loaded, compiled rule set plus the thresholds.
type Catalogue struct {
	Rules      []*Rule
	Thresholds Thresholds
	// Replaced are the ids of built-in rules a user rule replaced.
	Replaced map[string]bool
}

// LoadOptions says what to load on top of the built-in catalogue.
type LoadOptions struct {
	// User are the user's rule directories (--rules DIR), opened by the
	// caller: this package reads only what it is handed. A user rule with a
	// built-in rule's id replaces it.
	User []RuleDir
	// ThresholdsYAML overrides thresholds (the "thresholds:" of --config).
	ThresholdsYAML []byte
	// ThresholdsSource names the file ThresholdsYAML came from (the
	// --config path), for error messages.
	ThresholdsSource string
}

// RuleDir is one directory of *.yaml rule files and its name for errors.
type RuleDir struct {
	Name string
	FS   fs.FS
}

// ruleFile is the top level of a rule file.
type ruleFile struct {
	Rules []Spec `yaml:"rules"`
}

// Load reads the embedded catalogue, then the user's rule directories, and
// compiles every rule: a broken rule fails here with its file and id.
func Load(opts LoadOptions) (*Catalogue, error) {
	t, err := DefaultThresholds()
	if err != nil {
		return nil, err
	}
	if t, err = t.Override(opts.ThresholdsYAML, opts.ThresholdsSource); err != nil {
		return nil, err
	}
	c := &Catalogue{Thresholds: t}
	builtin, err := LoadFS(configs.Rules, "rules", "configs/")
	if err != nil {
		return nil, err
	}
	c.Rules = builtin
	for _, dir := range opts.User {
		user, err := LoadFS(dir.FS, ".", dir.Name+string(filepath.Separator))
		if err != nil {
			return nil, err
		}
		c.merge(user)
	}
	return c, nil
}

// LoadFS compiles every *.yaml file in dir of fsys; prefix is prepended to
// file names in errors. Duplicate ids across these files are an error.
func LoadFS(fsys fs.FS, dir, prefix string) ([]*Rule, error) {
	names, err := fs.Glob(fsys, filepath.ToSlash(filepath.Join(dir, "*.yaml")))
	if err != nil {
		return nil, fmt.Errorf("listing rule files in %s: %w", prefix+dir, err)
	}
	var out []*Rule
	seen := map[string]string{}
	for _, name := range names {
		file := prefix + strings.TrimPrefix(name, "./")
		doc, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, fmt.Errorf("reading rule file %s: %w", file, err)
		}
		rules, err := parseFile(doc, file)
		if err != nil {
			return nil, err
		}
		for _, r := range rules {
			if prev, dup := seen[r.ID]; dup {
				return nil, fmt.Errorf("%s: rule %q: id already used in %s: ids must be unique", file, r.ID, prev)
			}
			seen[r.ID] = file
			out = append(out, r)
		}
	}
	return out, nil
}

// parseFile decodes and compiles one rule file.
func parseFile(doc []byte, file string) ([]*Rule, error) {
	var rf ruleFile
	dec := yaml.NewDecoder(bytes.NewReader(doc))
	dec.KnownFields(true)
	if err := dec.Decode(&rf); err != nil {
		return nil, fmt.Errorf("%s: not a rule file (want \"rules:\" with a list of rules): %w", file, err)
	}
	out := make([]*Rule, 0, len(rf.Rules))
	for _, s := range rf.Rules {
		r, err := compile(s, file)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, nil
}

// merge adds user rules, replacing built-in rules with the same id.
func (c *Catalogue) merge(user []*Rule) {
	for _, u := range user {
		replaced := false
		for i, r := range c.Rules {
			if r.ID == u.ID {
				c.Rules[i], replaced = u, true
				if c.Replaced == nil {
					c.Replaced = map[string]bool{}
				}
				c.Replaced[u.ID] = true
			}
		}
		if !replaced {
			c.Rules = append(c.Rules, u)
		}
	}
}

// Get returns the rule with this id.
func (c *Catalogue) Get(id string) (*Rule, bool) {
	for _, r := range c.Rules {
		if r.ID == id {
			return r, true
		}
	}
	return nil, false
}

// List returns the rule specs sorted by id (for `mytune rules list`).
func (c *Catalogue) List() []Spec {
	out := make([]Spec, 0, len(c.Rules))
	for _, r := range c.Rules {
		out = append(out, r.Spec)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// Hit is one rule that fired on one profile.
type Hit struct {
	Spec
	Current, Recommended, RenderedDetail string
}

// Evaluate runs every applicable rule over env. A rule whose expressions
// fail at run time is skipped and reported in problems (it never sinks the
// run); a rule recommending the value already in effect is dropped.
func (c *Catalogue) Evaluate(env Env) (hits []Hit, problems []string) {
	env.replacedValue = map[string]string{}
	for _, r := range c.orderReplacedFirst() {
		if !r.AppliesTo(env.F.Flavor, env.F.Version) || (env.F.InnoDBOff && r.needsInnoDB()) {
			continue
		}
		h, fired, err := r.eval(env)
		if err != nil {
			problems = append(problems, fmt.Sprintf("rule %s (%s): %v", r.ID, r.File, err))
			continue
		}
		if fired {
			hits = append(hits, h)
			if c.Replaced[r.ID] && r.Variable != "" {
				env.replacedValue[r.Variable] = h.Recommended
			}
		}
	}
	return hits, problems
}

// orderReplacedFirst is the rules with those that replaced a built-in
// first, so that the built-in rules sizing from their variables see what
// they recommend (Env.AdvisedInt); the findings are sorted afterwards.
func (c *Catalogue) orderReplacedFirst() []*Rule {
	if len(c.Replaced) == 0 {
		return c.Rules
	}
	out := make([]*Rule, 0, len(c.Rules))
	for _, r := range c.Rules {
		if c.Replaced[r.ID] {
			out = append(out, r)
		}
	}
	for _, r := range c.Rules {
		if !c.Replaced[r.ID] {
			out = append(out, r)
		}
	}
	return out
}

// eval runs one rule: when, then recommend, then the detail.
func (r *Rule) eval(env Env) (Hit, bool, error) {
	out, err := expr.Run(r.when, env)
	if err != nil {
		return Hit{}, false, fmt.Errorf("when: %w", err)
	}
	if fired, _ := out.(bool); !fired {
		return Hit{}, false, nil
	}
	h := Hit{Spec: r.Spec}
	if r.Variable != "" {
		h.Current = CurrentValue(env.F, r.Variable)
		rec, err := expr.Run(r.recommend, env)
		if err != nil {
			return Hit{}, false, fmt.Errorf("recommend: %w", err)
		}
		h.Recommended, _ = rec.(string)
		if h.Recommended == "" || SameValue(r.Variable, h.Current, h.Recommended) {
			return Hit{}, false, nil
		}
		if err := checkValue(r.Variable, h.Recommended); err != nil {
			return Hit{}, false, fmt.Errorf("recommend: %w", err)
		}
		if env.restartWhy(r.Variable, h.Recommended) != "" {
			h.RestartRequired = true
		}
	}
	env.Current, env.Recommended = h.Current, h.Recommended
	if h.RenderedDetail, err = r.renderDetail(env); err != nil {
		return Hit{}, false, fmt.Errorf("detail: %w", err)
	}
	return h, true, nil
}

// checkValue refuses a recommended value its variable's kind cannot hold
// (a size that is not one, "lots" for innodb_buffer_pool_size): the cnf
// is written for mysqld to accept as it is, so such a rule is skipped
// and reported instead.
func checkValue(name, v string) error {
	var err error
	switch VariableKind(name) {
	case KindSize:
		_, err = profile.ParseSize(v)
	case KindInt:
		_, err = strconv.ParseInt(strings.TrimSpace(v), 10, 64)
	case KindBool:
		_, err = profile.ParseBool(v)
	}
	if err != nil {
		return fmt.Errorf("%s = %q is not a value the server takes: %w", name, v, err)
	}
	return nil
}
