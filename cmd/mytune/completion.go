package main

import (
	"github.com/spf13/cobra"

	"github.com/mytune/mytune/internal/completion"
)

func init() {
	extraCommands = append(extraCommands, func(a *app) *cobra.Command { return completion.Command(a.emit) })
}
