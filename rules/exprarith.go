package rules

import "github.com/expr-lang/expr"

// sizeArith makes the rules' +, - and * on uint64 sizes (and int64
// counters) keep their width on every platform. expr-lang adds, subtracts
// and multiplies two integers of any type by converting both to int (expr
// v1.17.8 vm/runtime/helpers[generated].go, Add: "return int(x) + int(y)"),
// and int is 32 bits on 386 and arm (Raspberry Pi OS 32-bit, a Pi Zero or 2):
// there 2.5 GiB of data plus its indexes summed to a negative int and
// memory.buffer_pool_misses_slow_disk stayed silent, and io.flush_method_direct
// said the page cache could hold "up to 128.0 MiB" of 2.0 GiB of data.
// A sum or product of sizes saturates at 2^64-1 (as satSum); a difference of
// sizes is a float64, so it keeps its sign (exact to 2^53 bytes, 8 PiB).
var sizeArith = []expr.Option{
	arithFunc("uAdd", satAdd, func(a, b int64) int64 { return a + b }),
	arithFunc("uMul", satMul, func(a, b int64) int64 { return a * b }),
	expr.Function("uSub", func(p ...any) (any, error) {
		if a, ok := p[0].(int64); ok {
			return a - p[1].(int64), nil
		}
		return toFloat(p[0]) - toFloat(p[1]), nil
	}, new(func(uint64, uint64) float64), new(func(uint64, int) float64), new(func(int, uint64) float64),
		new(func(int64, int64) int64)),
	expr.Operator("+", "uAdd"), expr.Operator("-", "uSub"), expr.Operator("*", "uMul"),
}

// arithFunc is one width-keeping operation for (uint64, uint64), (uint64,
// int) and (int, uint64) operands, giving a uint64 (a negative int counts
// as 0: no size is negative), and for (int64, int64) giving an int64.
func arithFunc(name string, uu func(a, b uint64) uint64, ii func(a, b int64) int64) expr.Option {
	return expr.Function(name, func(p ...any) (any, error) {
		if a, ok := p[0].(int64); ok {
			return ii(a, p[1].(int64)), nil
		}
		return uu(asSize(p[0]), asSize(p[1])), nil
	}, new(func(uint64, uint64) uint64), new(func(uint64, int) uint64), new(func(int, uint64) uint64),
		new(func(int64, int64) int64))
}

// asSize is a uint64 operand as it is, or an int operand with a negative
// one as 0.
func asSize(x any) uint64 {
	if u, ok := x.(uint64); ok {
		return u
	}
	return uint64(max(x.(int), 0))
}
