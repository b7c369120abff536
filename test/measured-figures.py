#!/usr/bin/env python3
# Copyright (c) 2026 The dualcc authors
# SPDX-License-Identifier: GPL-2.0-only
"""Check that every measured figure the README and the build docs state is registered with the
command it measures, when and on what machine (doc/measured-figures.csv), and that the command
has not changed since (issue 32 item 2).

    test/measured-figures.py [<build dir>]          (CTest: dualcc-measured-figures)
    test/measured-figures.py <build dir> --fingerprint <example>   (print an example's fingerprint)
    test/measured-figures.py --self-test    (the check fails on each change it exists for)

doc/measured-figures.csv has one row per figure:
  file      the document that states it (README.md, doc/building.rst, ...)
  figure    the figure as the document writes it (whitespace and line breaks do not matter)
  command   the command it measures, as the document writes it ("" for a figure that is a
            parameter of a run, such as "20 s simulated": kind=parameter)
  example   "" or the example the command runs: its options' defaults are fingerprinted, so that
            a change to what the command does (a longer run, a larger network) fails the check
  defaults  that fingerprint (sha256 of the sorted "--option=default" lines of `<example> --help`,
            first 16 hex digits; print it with --fingerprint)
  kind      measured | parameter
  date      when it was measured (YYYY-MM-DD; empty for a parameter)
  machine   on what (e.g. "fresh Debian 12 root, 2 cores")
  how       how it was measured (the tool or script and the number of runs)

The check fails when
  - a registered figure or command is no longer in its file (the document changed: measure again
    and update the row, or remove the row with the figure);
  - an example's option defaults no longer match the fingerprint (the command now does something
    else: measure again, then write the new fingerprint, which the message gives);
  - a measured row lacks its date, machine or how;
  - a checked file states a figure with a unit of time, speed-up or memory (e.g. "26 s", "5
    minutes", "1.5x", "104 MB") that no row covers.
Exit status 0 when everything holds, 1 with one line per problem otherwise.
"""
import csv
import hashlib
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
# The documents whose every figure must be registered.
CHECKED_FILES = ["README.md"]
COLUMNS = ["file", "figure", "command", "example", "defaults", "kind", "date", "machine", "how"]
# A number with a unit of time, speed-up or memory, as the documents write them.
FIGURE = re.compile(
    r"(?<![\w.])\d+(?:\.\d+)?\s*(?:×|x\b|s\b|ms\b|min\b|minutes?\b|seconds?\b|h\b|hours?\b"
    r"|[kMG]i?B\b)")


def normalise(text):
    """Collapse whitespace (the documents wrap lines) and drop Markdown/RST inline quoting."""
    return re.sub(r"\s+", " ", text.replace("``", "`")).strip()


def find_example(build, name):
    for path in (os.path.join(build, "examples", name), os.path.join(build, name)):
        if os.path.isfile(path) and os.access(path, os.X_OK):
            return path
    return None


def fingerprint(binary):
    """sha256 of the example's options and their defaults, as `--help` prints them."""
    out = subprocess.run([binary, "--help"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                         universal_newlines=True, timeout=60).stdout
    lines = []
    for line in out.splitlines():
        m = re.match(r"\s+--(\w+):.*\[([^\]]*)\]\s*$", line)
        if m:
            lines.append("--%s=%s" % (m.group(1), m.group(2)))
    if not lines:
        raise RuntimeError("%s --help printed no option with a default" % binary)
    return hashlib.sha256("\n".join(sorted(lines)).encode()).hexdigest()[:16]


def read_registry(root):
    registry = os.path.join(root, "doc", "measured-figures.csv")
    with open(registry, newline="") as f:
        rows = list(csv.reader(line for line in f if not line.startswith("#")))
    if not rows or rows[0] != COLUMNS:
        raise SystemExit("%s: the first row must be the header %s" % (registry, ",".join(COLUMNS)))
    out = []
    for number, row in enumerate(rows[1:], start=2):
        if len(row) != len(COLUMNS):
            raise SystemExit("%s: row %d: %d fields; valid: %d (%s)" %
                             (registry, number, len(row), len(COLUMNS), ",".join(COLUMNS)))
        out.append((number, dict(zip(COLUMNS, row))))
    return out


def check(build, root=ROOT, checked_files=CHECKED_FILES):
    problems = []
    rows = read_registry(root)
    texts = {}
    covered = {}
    for number, row in rows:
        where = "doc/measured-figures.csv row %d (%s: '%s')" % (number, row["file"], row["figure"])
        path = os.path.join(root, row["file"])
        if row["file"] not in texts:
            if not os.path.isfile(path):
                problems.append("%s: no file %s" % (where, row["file"]))
                continue
            texts[row["file"]] = normalise(open(path, encoding="utf-8").read())
        text = texts[row["file"]]
        figure = normalise(row["figure"])
        if figure not in text:
            problems.append("%s: the figure is no longer in %s; measure again and update the row "
                            "(or remove it with the figure)" % (where, row["file"]))
        else:
            start = 0
            while True:
                i = text.find(figure, start)
                if i < 0:
                    break
                covered.setdefault(row["file"], []).append((i, i + len(figure)))
                start = i + 1
        if row["kind"] not in ("measured", "parameter"):
            problems.append("%s: kind '%s'; valid: measured, parameter" % (where, row["kind"]))
        if row["kind"] == "measured":
            for field in ("command", "date", "machine", "how"):
                if not row[field].strip():
                    problems.append("%s: a measured figure needs its %s" % (where, field))
            if row["date"] and not re.fullmatch(r"\d{4}-\d{2}-\d{2}", row["date"]):
                problems.append("%s: date '%s'; valid: YYYY-MM-DD" % (where, row["date"]))
        if row["command"] and normalise(row["command"]) not in text:
            problems.append("%s: its command '%s' is no longer in %s: the command changed, measure "
                            "the figure again and update the row" % (where, row["command"], row["file"]))
        if row["example"]:
            binary = find_example(build, row["example"]) if build else None
            if binary is None:
                problems.append("%s: example %s not built in %s" % (where, row["example"], build))
            else:
                now = fingerprint(binary)
                if now != row["defaults"]:
                    problems.append("%s: %s's option defaults changed since the figure was measured "
                                    "(fingerprint %s, registered %s): measure again, then write "
                                    "defaults=%s" % (where, row["example"], now,
                                                     row["defaults"] or "none", now))
    for name in checked_files:
        if name not in texts:
            texts[name] = normalise(open(os.path.join(root, name), encoding="utf-8").read())
        spans = covered.get(name, [])
        for m in FIGURE.finditer(texts[name]):
            if not any(a <= m.start() and m.end() <= b for a, b in spans):
                context = texts[name][max(0, m.start() - 40):m.end() + 40]
                problems.append("%s: the figure '%s' is not registered in doc/measured-figures.csv "
                                "(...%s...): add a row with its command, date, machine and how it "
                                "was measured, or kind=parameter" % (name, m.group(0), context))
    return problems


def self_test():
    """The check must fail on each kind of change it exists for: a tiny document and registry in
    a temporary directory, mutated one way at a time (the expected words written by hand)."""
    import tempfile
    readme = "Run `./demo run fast` (about 12 s, measured; 20 s simulated).\n"
    header = ",".join(COLUMNS) + "\n"
    good = ('README.md,about 12 s,./demo run fast,,,measured,2026-01-02,a machine,one run\n'
            'README.md,20 s simulated,,,,parameter,,,\n')
    cases = [
        ("unchanged", readme, good, None),
        ("command changed", readme.replace("run fast", "run slow"), good, "the command changed"),
        ("figure changed", readme.replace("12 s", "10 s"), good, "no longer in README.md"),
        ("figure unregistered", readme + "It also takes 3 min.\n", good, "'3 min' is not registered"),
        ("no date", readme, good.replace("2026-01-02", ""), "needs its date"),
        ("bad kind", readme, good.replace("parameter", "guess"), "valid: measured, parameter"),
    ]
    failures = 0
    for name, text, registry, expected in cases:
        with tempfile.TemporaryDirectory() as root:
            os.mkdir(os.path.join(root, "doc"))
            open(os.path.join(root, "README.md"), "w").write(text)
            open(os.path.join(root, "doc", "measured-figures.csv"), "w").write(header + registry)
            problems = check(None, root, ["README.md"])
        ok = (not problems) if expected is None else any(expected in p for p in problems)
        if not ok:
            failures += 1
            print("measured-figures self-test: %s: expected %s, got %s" %
                  (name, expected or "no problem", problems or "no problem"))
    return failures


def main(argv):
    if len(argv) == 2 and argv[1] == "--self-test":
        failures = self_test()
        print("measured-figures self-test: %s" % ("passed" if not failures else "FAILED"))
        return 1 if failures else 0
    build = argv[1] if len(argv) > 1 else os.path.join(ROOT, "build")
    if len(argv) == 4 and argv[2] == "--fingerprint":
        binary = find_example(build, argv[3])
        if binary is None:
            raise SystemExit("measured-figures: example %s not built in %s" % (argv[3], build))
        print(fingerprint(binary))
        return 0
    if len(argv) > 2:
        raise SystemExit("usage: measured-figures.py [<build dir>] [--fingerprint <example>]")
    failures = self_test()
    if failures:
        return 1
    problems = check(build)
    for p in problems:
        print("measured-figures: " + p)
    if problems:
        return 1
    print("measured-figures: every figure of %s is registered, its command unchanged"
          % ", ".join(CHECKED_FILES))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
