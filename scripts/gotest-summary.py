#!/usr/bin/env python3
"""gotest-summary.py — reads `go test -json` on stdin, prints what plain `go test` prints (a line per
package, the whole output of every failed test) and ends with one line a CI reader understands:
'N passed, N failed, N skipped' (tests and subtests). Exits 1 if anything failed, or if a package
failed to build, or if no test ran at all."""
import json
import sys
from collections import defaultdict

out = defaultdict(list)          # (package, test) -> output lines
counts = {"pass": 0, "fail": 0, "skip": 0}
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
    elif act in counts and key[1]:
        counts[act] += 1
        if act == "fail":
            sys.stdout.write("".join(out[key]))
    elif act == "fail" and not key[1]:
        broken = True
    sys.stdout.flush()

print(f"{counts['pass']} passed, {counts['fail']} failed, {counts['skip']} skipped")
sys.exit(1 if counts["fail"] or broken or counts["pass"] == 0 else 0)
