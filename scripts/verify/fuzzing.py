"""`make verify`: every fuzz target (scripts/fuzz.sh) built with libFuzzer and AddressSanitizer
and run for a time of its own (FUZZ_SECONDS overrides it for all); a crash, a trap, an input that
takes over a second or one that allocates past the memory limit fails the check (scripts/fuzz.sh
sets the limits)."""
import os
import re
import subprocess
import time

from harness import ROOT, check

SCRIPT = os.path.join(ROOT, "scripts/fuzz.sh")

# Parsers of documents (XML, archives, statements, CSV, multipart) have the most paths to find and
# get the longest runs; the small value parsers stop finding new coverage within seconds, so their
# runs are shorter and the whole of `make verify` stays well inside CI's time.
DOCUMENT_PARSERS = {"camt053", "form-fields", "gpc", "isdoc", "isdocx", "multipart-upload", "time-csv"}


def seconds_for(target):
    return os.environ.get("FUZZ_SECONDS") or ("35" if target in DOCUMENT_PARSERS else "15")


def fuzz_targets():
    began = time.time()
    build = subprocess.run([SCRIPT, "build"], capture_output=True, text=True, cwd=ROOT)
    built = time.time() - began
    check("fuzz targets build with libFuzzer and AddressSanitizer", build.returncode == 0,
          f"{built:.0f} s" if build.returncode == 0 else build.stdout[-3000:] + build.stderr[-3000:])
    if build.returncode != 0:
        return
    targets = sorted(os.listdir(os.path.join(ROOT, "Fuzz/corpus")))
    total = 0
    for target in targets:
        seconds = seconds_for(target)
        run = subprocess.run([SCRIPT, "run", target, seconds], capture_output=True, text=True, cwd=ROOT)
        executions = re.search(r"stat::number_of_executed_units:\s*(\d+)", run.stderr)
        count = int(executions.group(1)) if executions else 0
        total += count
        crash = re.search(r"(==\d+==ERROR.*|Fatal error.*|SUMMARY: .*|Test unit written to .*)", run.stderr)
        check(f"fuzz {target} for {seconds} s: no crash", run.returncode == 0 and count > 0,
              f"{count:,} runs" if run.returncode == 0 else (crash.group(0) if crash else "") + "\n" + run.stderr[-3000:])
    print(f"fuzzing: {len(targets)} targets, {total:,} runs in all", flush=True)
