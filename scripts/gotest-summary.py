#!/usr/bin/env python3
"""gotest-summary.py — reads `go test -json` on stdin, prints what plain `go test` prints (a line per
package, the whole output of every failed test) and ends with one line a CI reader understands:
'N passed, N failed, N skipped' (tests and subtests). Exits 1 if anything failed, or if a package
failed to build, or if no test ran at all. A package that fails with no test failed (its binary died:
a panic outside a test, os.Exit, a signal, the timeout) gets the tests that started and never ended,
with their output, and its own last lines, so the cause is in the CI log."""
import json
import sys
from collections import defaultdict

out = defaultdict(list)          # (package, test) -> output lines
counts = {"pass": 0, "fail": 0, "skip": 0}
running = defaultdict(set)       # package -> tests started and not ended
failed_tests = defaultdict(int)  # package -> failed tests
broken = False
for raw in sys.stdin:
    try:
        ev = json.loads(raw)
    except json.JSONDecodeError:
        sys.stdout.write(raw)    # build errors come as plain text
        broken = True
        continue
    key = (ev.get("Package", ""), ev.get("Test", ""))
    act = ev.get("Action")
    if act == "build-output":    # compiler errors (go 1.24+ reports them as events)
        sys.stdout.write(ev.get("Output", ""))
    elif act == "build-fail":
        broken = True
    elif act == "output":
        out[key].append(ev["Output"])
        if not key[1] and not ev["Output"].startswith(("=== ", "--- ", "PASS\n", "FAIL\n")):
            line = ev["Output"]
            if line.startswith(("ok ", "ok\t", "FAIL", "?")) or "[build failed]" in line:
                sys.stdout.write(line)
    elif act == "run" and key[1]:
        running[key[0]].add(key[1])
    elif act in counts and key[1]:
        counts[act] += 1
        running[key[0]].discard(key[1])
        if act == "fail":
            failed_tests[key[0]] += 1
            sys.stdout.write("".join(out[key]))
    elif act == "fail" and not key[1]:
        broken = True
        if not failed_tests[key[0]]:
            pkg = key[0]
            for test in sorted(running[pkg]):
                sys.stdout.write(f"--- DID NOT END: {test} ({pkg})\n" + "".join(out[(pkg, test)][-40:]))
            sys.stdout.write(f"--- {pkg} failed with no test failed; its last lines:\n" + "".join(out[(pkg, "")][-20:]))
    sys.stdout.flush()

print(f"{counts['pass']} passed, {counts['fail']} failed, {counts['skip']} skipped")
sys.exit(1 if counts["fail"] or broken or counts["pass"] == 0 else 0)
