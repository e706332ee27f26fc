"""`make bench`: run every benchmarks/bench_*.py, print one table, write bench-results.json.

Each benchmark module defines `run() -> list[dict]`; a row has at least "benchmark", "metric",
"value" and "unit", and may add "target" and "note". Benchmarks compare against the alternative
side by side in the same run and quote medians and ratios.
"""

from __future__ import annotations

import importlib
import json
import platform
import sys
import time
import traceback
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main(argv: list[str]) -> int:
    wanted = set(argv)
    modules = sorted(p.stem for p in HERE.glob("bench_*.py"))
    if wanted:
        modules = [m for m in modules if m in wanted or m.removeprefix("bench_") in wanted]
    rows: list[dict[str, object]] = []
    failures = 0
    for name in modules:
        print(f"== {name}", flush=True)
        started = time.perf_counter()
        try:
            module = importlib.import_module(f"benchmarks.{name}")
            module_rows = module.run()
        except Exception:
            traceback.print_exc()
            failures += 1
            rows.append({"benchmark": name, "metric": "error", "value": None, "unit": ""})
            continue
        for row in module_rows:
            row.setdefault("benchmark", name.removeprefix("bench_"))
            rows.append(row)
        print(f"   ({time.perf_counter() - started:.1f} s)", flush=True)
    print_table(rows)
    results = {
        "machine": {"python": sys.version.split()[0], "platform": platform.platform()},
        "results": rows,
    }
    Path("bench-results.json").write_text(json.dumps(results, indent=2) + "\n")
    print("wrote bench-results.json")
    return 1 if failures else 0


def print_table(rows: list[dict[str, object]]) -> None:
    headers = ["benchmark", "metric", "value", "unit", "target", "note"]
    table = [[_fmt(row.get(h, "")) for h in headers] for row in rows]
    widths = [max([len(h)] + [len(r[i]) for r in table]) for i, h in enumerate(headers)]
    print()
    print("  ".join(h.ljust(w) for h, w in zip(headers, widths, strict=True)))
    print("  ".join("-" * w for w in widths))
    for r in table:
        print("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)))


def _fmt(value: object) -> str:
    if isinstance(value, float):
        return f"{value:.4g}"
    return "" if value is None else str(value)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
