package rules

import "github.com/expr-lang/expr"

// sizeCompare makes the rules' <, <=, >, >=, == and != compare uint64
// sizes as unsigned. expr-lang compares two integers of any type by
// converting both to int (expr v1.17.8 vm/runtime/helpers[generated].go,
// More: "return int(x) > int(y)"), so a size from 2^63 up
// (innodb_buffer_pool_size = 18446744073709551615 in a my.cnf) compared as
// negative and memory.sort_buffer_large or memory.buffer_pool_over_memory
// stayed silent; where int is 32 bits (386, arm) a 60 GiB pool target
// (15 x 2^32) equalled 0 and memory.no_room_for_pool said no pool fits.
var sizeCompare = []expr.Option{
	cmpFunc("uLess", func(a, b uint64) bool { return a < b }, func(a int, b uint64) bool { return a < 0 || uint64(a) < b },
		func(a uint64, b int) bool { return b >= 0 && a < uint64(b) }),
	cmpFunc("uLessEq", func(a, b uint64) bool { return a <= b }, func(a int, b uint64) bool { return a < 0 || uint64(a) <= b },
		func(a uint64, b int) bool { return b >= 0 && a <= uint64(b) }),
	cmpFunc("uMore", func(a, b uint64) bool { return a > b }, func(a int, b uint64) bool { return a >= 0 && uint64(a) > b },
		func(a uint64, b int) bool { return b < 0 || a > uint64(b) }),
	cmpFunc("uMoreEq", func(a, b uint64) bool { return a >= b }, func(a int, b uint64) bool { return a >= 0 && uint64(a) >= b },
		func(a uint64, b int) bool { return b < 0 || a >= uint64(b) }),
	cmpFunc("uEq", func(a, b uint64) bool { return a == b }, func(a int, b uint64) bool { return a >= 0 && uint64(a) == b },
		func(a uint64, b int) bool { return b >= 0 && a == uint64(b) }),
	cmpFunc("uNe", func(a, b uint64) bool { return a != b }, func(a int, b uint64) bool { return a < 0 || uint64(a) != b },
		func(a uint64, b int) bool { return b < 0 || a != uint64(b) }),
	expr.Operator("<", "uLess"), expr.Operator("<=", "uLessEq"), expr.Operator("==", "uEq"), expr.Operator("!=", "uNe"),
	expr.Operator(">", "uMore"), expr.Operator(">=", "uMoreEq"),
}

// cmpFunc is one unsigned comparison for (uint64, uint64), (int, uint64)
// and (uint64, int) operands; other operand types keep expr's own.
func cmpFunc(name string, uu func(a, b uint64) bool, iu func(int, uint64) bool, ui func(uint64, int) bool) expr.Option {
	return expr.Function(name, func(p ...any) (any, error) {
		switch a := p[0].(type) {
		case uint64:
			if b, ok := p[1].(uint64); ok {
				return uu(a, b), nil
			}
			return ui(a, p[1].(int)), nil
		default:
			return iu(a.(int), p[1].(uint64)), nil
		}
	}, new(func(uint64, uint64) bool), new(func(int, uint64) bool), new(func(uint64, int) bool))
}

// compileOptions are the options every rule expression compiles with.
func compileOptions(extra ...expr.Option) []expr.Option {
	return append(append(append([]expr.Option{expr.Env(Env{})}, sizeCompare...), sizeArith...), extra...)
}
