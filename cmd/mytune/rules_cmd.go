package main

import (
	"context"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/mytune/mytune/advisor"
	"github.com/mytune/mytune/probe"
	"github.com/mytune/mytune/profile"
	"github.com/mytune/mytune/render"
	"github.com/mytune/mytune/rules"
)

func init() {
	extraCommands = append(extraCommands, func(a *app) *cobra.Command { return a.rulesCmd() })
}

// rulesCmd is `mytune rules list|explain`.
func (a *app) rulesCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "rules",
		Short: "The rule catalogue: list the rules, or explain one in full",
		Args:  cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				return usagef("unknown rules command %q: use `mytune rules list` or `mytune rules explain ID`", args[0])
			}
			return cmd.Help()
		},
	}
	list := &cobra.Command{
		Use:   "list",
		Short: "List every rule: id, severity, what it sets, its summary",
		Args:  noArgs,
		RunE: func(*cobra.Command, []string) error {
			format, err := a.checkFormat("rules list")
			if err != nil {
				return err
			}
			cat, err := a.loadCatalogue()
			if err != nil {
				return err
			}
			return a.emit(func(w io.Writer) error { return render.RuleList(w, cat.List(), a.renderOptions(format)) })
		},
	}
	list.Flags().StringSlice("rules", nil, "directory of extra rule files (*.yaml)")
	cmd.AddCommand(list, a.explainCmd())
	return cmd
}

// explainCmd is `mytune rules explain ID [--from profile.json]`.
func (a *app) explainCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "explain ID [--from profile.json]",
		Short: "One rule in full: expressions, references and, given a profile, why it fired or not",
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) != 1 {
				return usagef("rules explain takes one rule id (see `mytune rules list`), got %d", len(args))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			format, err := a.checkFormat("rules explain")
			if err != nil {
				return err
			}
			cat, err := a.loadCatalogue()
			if err != nil {
				return err
			}
			x, err := a.explain(cmd.Context(), cat, args[0])
			if err != nil {
				return err
			}
			return a.emit(func(w io.Writer) error { return render.RuleExplain(w, x, a.renderOptions(format)) })
		},
	}
	cmd.Flags().String("from", "", "a saved profile to evaluate the rule on (- reads it from stdin)")
	addAdviceFlags(cmd)
	return cmd
}

// explain explains rule id: on the --from profile, else for the --target
// server (whether it applies), else alone.
func (a *app) explain(ctx context.Context, cat *rules.Catalogue, id string) (rules.Explanation, error) {
	env, note, err := a.explainEnv(ctx, cat)
	if err != nil {
		return rules.Explanation{}, err
	}
	target := a.v.GetString("target")
	if env == nil && target != "" {
		t, err := profile.ParseTarget(target)
		if err != nil {
			return rules.Explanation{}, asUsage(err)
		}
		x, err := cat.ExplainForTarget(id, t)
		return x, asUsage(err)
	}
	x, err := cat.Explain(id, env)
	x.TargetNote = note
	if err == nil && env != nil && x.Fired {
		x.SupersededBy = advisor.SupersededBy(cat, *env, id)
	}
	return x, asUsage(err)
}

// explainEnv builds the rule environment from --from, or nil without one.
func (a *app) explainEnv(ctx context.Context, cat *rules.Catalogue) (*rules.Env, string, error) {
	opts := advisor.AdviseOptions{Target: a.v.GetString("target"), Durability: strings.ToLower(a.v.GetString("durability"))}
	if err := opts.Check(); err != nil {
		return nil, "", err // the same checks as advise: explain without --from too
	}
	from := a.v.GetString("from")
	if from == "" {
		return nil, "", nil
	}
	p, err := probe.LoadProfile(ctx, from, a.stdin)
	if err != nil {
		return nil, "", err
	}
	env, err := rules.EnvFor(*p, opts.Target, cat.Thresholds, a.v.GetString("durability"))
	if err != nil {
		return nil, "", asUsage(err)
	}
	_, note, _ := rules.ResolveTarget(*p, opts.Target) // "--target … ignored: the live server is …"
	return &env, note, nil
}
