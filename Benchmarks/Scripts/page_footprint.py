#!/usr/bin/env python3
"""Memory pages one typed key touches, for settings-tui (client form) and for `dialog --form`,
both in a pseudo-terminal, split by mapping: the program's code, its data, the heap, libraries.

A key arrives after tens of milliseconds in which other programs ran, so every page and cache
line it touches may have to be fetched again; code_footprint.py counts the code lines, this
counts the pages of code and data together, without valgrind.

Method: before each key, writing 1 to /proc/PID/clear_refs clears the "referenced" bits of the
program's pages; once the key's output has gone quiet (60 ms), /proc/PID/smaps says how many were
referenced again. Every thread counts. The figure is the median over KEYS keys after the first.

Usage: page_footprint.py PATH/TO/settings-tui [--keys 8]
Needs dialog (Benchmarks/Scripts/pty_bench.py installs it) and a kernel with clear_refs (Linux).
"""

import argparse
import collections
import os
import re
import statistics
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pty_bench  # noqa: E402  (the same pseudo-terminal sessions and environment)


def referenced(pid):
    """Pages referenced since the last clear, by (mapping name, kind: code, data or read-only)."""
    pages = collections.Counter()
    name = None
    with open(f"/proc/{pid}/smaps") as smaps:
        for line in smaps:
            if re.match(r"^[0-9a-f]+-[0-9a-f]+ ", line):
                fields = line.split()
                perms = fields[1]
                kind = "code" if "x" in perms else "data" if "w" in perms else "read-only"
                path = fields[5] if len(fields) > 5 else "[anonymous]"
                name = (os.path.basename(path), kind)
            elif line.startswith("Referenced:"):
                pages[name] += int(line.split()[1]) // 4
    return pages


def measure(argv, keys, env):
    session = pty_bench.Session(argv, env)
    session.wait_for(b"Name")
    session.settle(pty_bench.FIRST_FRAME_QUIET_MS)
    per_key = []
    for index in range(keys + 1):
        with open(f"/proc/{session.pid}/clear_refs", "w") as clear:
            clear.write("1")
        session.send(bytes([ord("a") + index % 26]))
        session.settle(pty_bench.QUIET_MS)
        if index > 0:  # NB: the first key still runs code for the first time
            per_key.append(referenced(session.pid))
    session.finish()
    return per_key


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("tui")
    parser.add_argument("--keys", type=int, default=8)
    args = parser.parse_args()
    if not pty_bench.ensure_dialog():
        print("dialog is missing and could not be installed", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory(prefix="pages-") as home:
        env = pty_bench.environment(home)
        programs = pty_bench.programs(os.path.abspath(args.tui))
        for name in ("settings-tui client", "dialog --form"):
            argv, _ = programs[name]
            per_key = measure(argv, args.keys, env)
            totals = [sum(pages.values()) for pages in per_key]
            middle = per_key[totals.index(sorted(totals)[len(totals) // 2])]
            kinds = collections.Counter()
            for (_, kind), count in middle.items():
                kinds[kind] += count
            print(f"{name}: {statistics.median(totals):.0f} pages per typed key "
                  f"({kinds['code']} code, {kinds['data']} data, {kinds['read-only']} read-only)")
            for (mapping, kind), count in sorted(middle.items(), key=lambda item: -item[1]):
                if count:
                    print(f"    {count:5d}  {kind:9s}  {mapping}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
