"""The targets of `make bench` (bench/targets.json) read against one run's rows: one line per
target with its figure, its limit and whether it is met. bench/run.py prints them last and
exits non-zero when one is missed."""
import json
import os

TARGETS = os.path.join(os.path.dirname(__file__), "targets.json")


def evaluate(rows, jobs=None):
    """(what, figure, limit, met) for every target whose rows the run has; a target whose row is
    missing counts as missed (a run that skipped it proves nothing)."""
    targets = json.load(open(TARGETS))
    by_path = {row["path"]: row for row in rows}
    lines = []

    def row(path):
        return by_path.get(path)

    peer = targets["peer"]
    for path, other in peer["paths"].items():
        ours, theirs = row(path), row(other)
        if not ours or not theirs or not theirs["rps"]:
            lines.append((f"{path}: throughput against the Python peer", None, f"≥ {peer['min_throughput_ratio']}×", False))
            continue
        ratio = ours["rps"] / theirs["rps"]
        lines.append((f"{path}: throughput against the Python peer", f"{ratio:.2f}×", f"≥ {peer['min_throughput_ratio']}×",
                      ratio >= peer["min_throughput_ratio"]))
        p99 = (ours["p99_ms"] or 0) / (theirs["p99_ms"] or 1)
        lines.append((f"{path}: p99 against the Python peer's", f"{p99:.2f}×", f"≤ {peer['max_p99_ratio']}×",
                      p99 <= peer["max_p99_ratio"]))
    ceiling = targets["ceiling"]
    for path, floor in ceiling["paths"].items():
        ours, theirs = row(path), row(floor)
        if not ours or not theirs or not theirs["server_cpu_ms"]:
            lines.append((f"{path}: server CPU against the ceiling's", None, "measured", False))
            continue
        ratio = ours["server_cpu_ms"] / theirs["server_cpu_ms"]
        limit = ceiling.get("postgresql_writes_the_json", {}).get(path, ceiling["max_cpu_ratio"])
        lines.append((f"{path}: server CPU against the ceiling's", f"{ratio:.2f}× ({ours['server_cpu_ms']:.3f} / "
                      f"{theirs['server_cpu_ms']:.3f} ms)", f"≤ {limit}×", ratio <= limit))
    for path, limit in targets["latency_p50_ms"].items():
        if path == "about":
            continue
        ours = row(path)
        figure = ours["p50_ms"] if ours else None
        lines.append((f"{path}: p50", f"{figure:.1f} ms" if figure is not None else None, f"≤ {limit} ms",
                      figure is not None and figure <= limit))
    if jobs is not None:
        limits = targets["jobs"]
        lines.append(("jobs: requests slowed while the worker drains invoice_checks", f"{jobs['slowdown'] * 100:.0f} %",
                      f"≤ {limits['max_request_slowdown'] * 100:.0f} %", jobs["slowdown"] <= limits["max_request_slowdown"]))
        drained = "drained" if jobs["finished"] else "drained (projected from the rate of the run's limit)"
        lines.append((f"jobs: {jobs['jobs']:,} invoice_checks {drained}", f"{jobs['projected_seconds']:.0f} s",
                      f"≤ {limits['max_drain_seconds']} s", jobs["projected_seconds"] <= limits["max_drain_seconds"]))
    return lines


def report(lines):
    """Prints the targets; the number missed."""
    print()
    print(f"{'target':78} {'figure':>26} {'limit':>9}  met")
    for what, figure, limit, met in lines:
        print(f"{what:78} {figure or 'not measured':>26} {limit:>9}  {'yes' if met else 'NO'}")
    missed = sum(1 for *_, met in lines if not met)
    print(f"{len(lines) - missed} of {len(lines)} targets met")
    return missed
