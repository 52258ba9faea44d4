package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"
)

func init() {
	extraCommands = append(extraCommands, func(a *app) *cobra.Command { return a.completionCmd() })
}

// completionShells maps each shell `mytune completion` knows to cobra's
// generator for it. The scripts call back into `mytune __complete`, so
// commands, flags and --format values complete as this binary has them.
var completionShells = map[string]func(root *cobra.Command, w io.Writer) error{
	"bash": func(root *cobra.Command, w io.Writer) error { return root.GenBashCompletionV2(w, true) },
	"zsh":  func(root *cobra.Command, w io.Writer) error { return root.GenZshCompletion(w) },
	"fish": func(root *cobra.Command, w io.Writer) error { return root.GenFishCompletion(w, true) },
}

// completionCmd is `mytune completion bash|zsh|fish`. Registering it under
// the name "completion" replaces cobra's default command of that name.
func (a *app) completionCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "completion bash|zsh|fish",
		Short: "Print the shell completion script for bash, zsh or fish",
		Long: "completion prints a script that makes the shell complete mytune's commands and flags.\n\n" +
			"  bash:  mytune completion bash > /etc/bash_completion.d/mytune   (needs bash-completion)\n" +
			"         or, for this shell only: source <(mytune completion bash)\n" +
			"  zsh:   mytune completion zsh > \"${fpath[1]}/_mytune\"   (then start a new shell)\n" +
			"  fish:  mytune completion fish > ~/.config/fish/completions/mytune.fish",
		ValidArgs:             []string{"bash", "zsh", "fish"},
		DisableFlagsInUseLine: true,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) != 1 || completionShells[args[0]] == nil {
				return usagef("completion takes one shell, bash, zsh or fish; got %q", strings.Join(args, " "))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			gen := completionShells[args[0]]
			return a.emit(func(w io.Writer) error {
				if err := gen(cmd.Root(), w); err != nil {
					return fmt.Errorf("writing the %s completion script: %w", args[0], err)
				}
				return nil
			})
		},
	}
}
