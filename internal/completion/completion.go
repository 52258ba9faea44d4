// Package completion is `mytune completion bash|zsh|fish`: the script that
// makes a shell complete mytune's commands and flags, from the same cobra
// tree --help reads.
package completion

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/mytune/mytune/internal/usage"
)

// shells writes each shell's script for root (bash v2, with descriptions).
var shells = map[string]func(root *cobra.Command, w io.Writer) error{
	"bash": func(root *cobra.Command, w io.Writer) error { return root.GenBashCompletionV2(w, true) },
	"zsh":  func(root *cobra.Command, w io.Writer) error { return root.GenZshCompletion(w) },
	"fish": func(root *cobra.Command, w io.Writer) error { return root.GenFishCompletion(w, true) },
}

// Command is the completion command; emit writes what its argument
// renders where the command's output goes (stdout or --out).
func Command(emit func(render func(io.Writer) error) error) *cobra.Command {
	return &cobra.Command{
		Use:   "completion bash|zsh|fish",
		Short: "Print the shell completion script for bash, zsh or fish",
		Long: "completion prints a script that makes the shell complete mytune's commands and flags.\n\n" +
			"  bash:  mytune completion bash > /etc/bash_completion.d/mytune   (needs bash-completion)\n" +
			"         or, for this shell only: source <(mytune completion bash)\n" +
			"  zsh:   mytune completion zsh > \"${fpath[1]}/_mytune\"   (then start a new shell)\n" +
			"  fish:  mkdir -p ~/.config/fish/completions; mytune completion fish > ~/.config/fish/completions/mytune.fish",
		ValidArgs:             []string{"bash", "zsh", "fish"},
		DisableFlagsInUseLine: true,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) != 1 || shells[args[0]] == nil {
				return usage.Errorf("completion takes one shell, bash, zsh or fish; got %q", strings.Join(args, " "))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			gen := shells[args[0]]
			return emit(func(w io.Writer) error {
				if err := gen(cmd.Root(), w); err != nil {
					return fmt.Errorf("writing the %s completion script: %w", args[0], err)
				}
				return nil
			})
		},
	}
}
