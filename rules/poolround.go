package rules

import "fmt"

// poolRoundedText says, after the size memory gives, what that size was
// before RoundPoolDown took it down to whole chunks (128 MiB below 1 GiB,
// whole GiB above): " (1.5 GiB, rounded down to a whole GiB)"; "" when
// rounding changed nothing or another bound set the size. Without it a
// 2.5 GiB host read "75% of usable memory, never more than what is left
// after 256.0 MiB ..., gives 1G", where the bounds stated give 1.5 GiB.
func (e Env) poolRoundedText(p PoolPlan) string {
	raw := p.UnroundedBytes
	if _, known := e.Host.Memory.AvailableNowBytes(); known {
		raw = min(raw, max(e.PoolGrowthCapBytes(), e.F.BufferPoolBytes))
	}
	if raw <= p.TargetBytes || RoundPoolDown(raw) != p.TargetBytes {
		return ""
	}
	unit := "a whole GiB"
	if raw < gib {
		unit = "whole 128 MiB"
	}
	return fmt.Sprintf(" (%s, rounded down to %s)", e.Human(raw), unit)
}
