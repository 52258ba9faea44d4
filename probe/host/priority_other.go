//go:build !linux

package host

import "github.com/mytune/mytune/profile"

// ReadPriority is not read outside Linux: nil.
func ReadPriority() *profile.Priority { return nil }
