// Package configs embeds the data mytune ships: the rule catalogue
// (rules/*.yaml) and the tunable thresholds (thresholds.yaml). Users
// override them with --rules DIR and --config FILE.
package configs

import "embed"

// Rules holds the built-in rule files under "rules/".
//
//go:embed rules/*.yaml
var Rules embed.FS

// Thresholds is the built-in thresholds.yaml.
//
//go:embed thresholds.yaml
var Thresholds []byte
