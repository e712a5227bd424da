#!/usr/bin/env python3
"""Code footprint per typed key: how many distinct 64-byte lines of machine code one keystroke
executes, for settings-tui (client form) and for `dialog --form`, both in a pseudo-terminal.

A person's keys arrive tens of milliseconds apart, when the processor's caches hold other work,
so each line of code a keystroke runs is fetched from memory again: the footprint, not the
instruction count, is what a key costs through the pty (figure 4 of BENCHMARKS.md).

Method: each program runs under `valgrind --tool=callgrind --dump-instr=yes` twice, once with
FEW and once with MANY typed keys (60 ms apart); an instruction belongs to the keystroke path
when it ran at least once per two extra keys. Start-up and one-time work cancel out.

--order-file writes those functions as the linker's order (Makefile: CODE_ORDER), between the
markers whose stretch the curses backend prefetches when a key arrives, in the order a key first
reaches them (traced with valgrind's lackey), then any others, largest first.

Usage: code_footprint.py PATH/TO/settings-tui [--few 12] [--many 32] [--functions 40]
                         [--order-file Scripts/settings-tui.order]
(--functions lists settings-tui's largest functions by code lines, to see where to cut.)
Needs valgrind and dialog. Takes about a minute (valgrind starts settings-tui slowly).
"""

import argparse
import bisect
import collections
import fcntl
import os
import re
import select
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time

DIALOG_FORM = [
    "dialog", "--title", "New client", "--form", "Add a client", "12", "60", "3",
    "Name", "1", "1", "", "1", "10", "30", "0",
    "Email", "2", "1", "", "2", "10", "30", "0",
    "Age", "3", "1", "18", "3", "10", "4", "0",
]


# The two functions of CKeystrokeCode that the order file puts first and last.
MARKERS = ("keystroke_code_begin", "keystroke_code_end")


def drive(argv, keys, home, marker=b"Name", prelude=b"", gap=0.06):
    """Runs argv on a new pty; once `marker` shows, sends `prelude` (e.g. a Tab to reach a text
    field), types `keys` letters `gap` seconds apart (once the output is quiet), then Esc."""
    env = dict(os.environ, TERM="xterm-256color", HOME=home, XDG_CONFIG_HOME=f"{home}/.config",
               XDG_DATA_HOME=f"{home}/.local/share", LANG="C.UTF-8", LC_ALL="C.UTF-8")
    pid, fd = os.forkpty()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        os.execvpe(argv[0], argv, env)
    output = bytearray()

    def pump(timeout):
        ready, _, _ = select.select([fd], [], [], timeout)
        if not ready:
            return 0
        try:
            data = os.read(fd, 65536)
        except OSError:
            return -1
        output.extend(data)
        return len(data) if data else -1

    deadline = time.monotonic() + 120
    while marker not in output and time.monotonic() < deadline:
        pump(0.05)
    while pump(1.0) > 0:
        pass
    if prelude:
        os.write(fd, prelude)
        while pump(1.0) > 0:
            pass
    for index in range(keys):
        os.write(fd, bytes([ord("a") + index % 26]))
        while pump(gap) > 0:
            pass
    os.write(fd, b"\x1b")
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and pump(0.5) >= 0:
        pass
    os.waitpid(pid, 0)
    os.close(fd)


def executed(path):
    """(object, address) -> times executed, from a callgrind file written with --dump-instr."""
    counts = collections.Counter()
    objects = {}
    functions = {}
    names = {}
    obj = None
    function = None
    address = 0
    after_call = False
    with open(path) as profile:
        for line in profile:
            if line.startswith(("ob=", "cob=")):
                match = re.match(r"c?ob=\((\d+)\)(?: (.*))?", line.strip())
                if match.group(2):
                    objects[match.group(1)] = match.group(2)
                if line.startswith("ob="):
                    obj = match.group(1)
                continue
            if line.startswith(("fn=", "cfn=")):
                match = re.match(r"c?fn=\((\d+)\)(?: (.*))?", line.strip())
                if match.group(2):
                    names[match.group(1)] = match.group(2)
                if line.startswith("fn="):
                    function = match.group(1)
                continue
            if line.startswith("calls="):
                after_call = True
                continue
            if not line or line[0] not in "0123456789+-":
                continue
            parts = line.split()
            token = parts[0]
            if token.startswith("0x"):
                address = int(token, 16)
            elif token[0] in "+-":
                address += int(token, 0)
            if after_call:  # NB: the line after calls= carries the call's inclusive cost
                after_call = False
                continue
            counts[(obj, address)] += int(parts[2]) if len(parts) > 2 else 0
            functions[(obj, address)] = function
    return counts, objects, {key: names.get(value, value) for key, value in functions.items()}


def footprint(argv, few, many, home, scratch, marker=b"Name", prelude=b""):
    files = []
    for keys in (few, many):
        out = os.path.join(scratch, f"callgrind.{keys}")
        drive(["valgrind", "--tool=callgrind", "--dump-instr=yes", "--demangle=no",
               f"--callgrind-out-file={out}"] + argv,
              keys, home, marker, prelude)
        files.append(out)
    (before, _, _), (after, objects, functions) = executed(files[0]), executed(files[1])
    per_object = collections.defaultdict(set)
    per_function = collections.defaultdict(set)
    threshold = (many - few) / 2
    for key, count in after.items():
        if count - before.get(key, 0) >= threshold:
            per_object[objects.get(key[0], key[0])].add(key[1] // 64)
            if objects.get(key[0], "").endswith(os.path.basename(argv[0])):
                per_function[functions.get(key)].add(key[1] // 64)
    return ({name: (len(lines), len({line // 64 for line in lines})) for name, lines in per_object.items()},
            {name: len(lines) for name, lines in per_function.items()})


def first_use_order(argv, keys, home, scratch, marker=b"Name", prelude=b""):
    """settings-tui's functions that every typed key runs, each with how far into a key (0 to 1,
    median over the keys) the key first reaches it.

    Runs argv under valgrind's lackey, which prints each block of code as it runs; a key starts
    where the curses backend calls `keystroke_code_prefetch`, once per wake-up with input.
    """
    log = os.path.join(scratch, "blocks.log")
    drive(["valgrind", "--tool=lackey", "--trace-superblocks=yes", f"--log-file={log}"] + argv,
          keys, home, marker, prelude, gap=0.5)
    symbols = []
    listing = subprocess.run(["nm", "-n", "--defined-only", argv[0]], capture_output=True,
                             text=True, check=True).stdout
    for line in listing.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in "tTwW":
            symbols.append((int(parts[0], 16), parts[2]))
    starts = [address for address, _ in symbols]
    prefetch = next(index for index, (_, name) in enumerate(symbols)
                    if name == "keystroke_code_prefetch")
    prefetch_range = (symbols[prefetch][0], symbols[prefetch + 1][0])
    text_end = symbols[-1][0]
    blocks = []
    with open(log) as trace:
        for line in trace:
            if line.startswith("SB "):
                blocks.append(int(line[3:], 16))
    inside = [prefetch_range[0] <= block < prefetch_range[1] for block in blocks]
    # NB: valgrind may fold the call into the caller's block, so a key begins at the first block
    #     of a run inside the function; the prefetch loop's own blocks follow it.
    keys_at = [i for i in range(len(blocks)) if inside[i] and (i == 0 or not inside[i - 1])]
    keys_at = [k for n, k in enumerate(keys_at) if n == 0 or k - keys_at[n - 1] > 1000]
    positions = collections.defaultdict(list)
    measured = keys_at[2:]  # the first keys do one-time work; the last segment runs to Esc
    for begin, end in zip(measured, measured[1:]):
        seen = set()
        for index in range(begin, end):
            block = blocks[index]
            if block > text_end:
                continue
            function = symbols[bisect.bisect_right(starts, block) - 1][1]
            if function not in seen:
                seen.add(function)
                positions[function].append((index - begin) / (end - begin))
    counted = max(1, len(measured) - 1)
    return {function: statistics.median(places) for function, places in positions.items()
            if len(places) * 2 >= counted}


def demangle(name):
    """A Swift symbol made readable with swift-demangle when it is there."""
    try:
        return subprocess.run(["swift", "demangle", "--simplified", "--compact", str(name)],
                              capture_output=True, text=True, check=True).stdout.strip() or str(name)
    except (OSError, subprocess.CalledProcessError):
        return str(name)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("tui")
    parser.add_argument("--few", type=int, default=12)
    parser.add_argument("--many", type=int, default=32)
    parser.add_argument("--functions", type=int, default=0)
    parser.add_argument("--order-file", help="write the functions one key runs in settings-tui here, "
                        "as linker sections to place together (Makefile: CODE_ORDER)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="footprint-") as scratch:
        home = os.path.join(scratch, "home")
        os.makedirs(home)
        for name, argv in (("settings-tui client", [os.path.abspath(args.tui), "client"]),
                           ("dialog --form", DIALOG_FORM)):
            objects, functions = footprint(argv, args.few, args.many, home, scratch)
            total = sum(lines for lines, _ in objects.values())
            pages = sum(pages for _, pages in objects.values())
            print(f"{name}: {total} code lines per typed key ({total * 64 // 1024} KiB), "
                  f"on {pages} pages of 4 KiB")
            for obj, (lines, pages) in sorted(objects.items(), key=lambda item: -item[1][0]):
                print(f"    {lines:6d} lines {pages:4d} pages  {obj}")
            if args.order_file and name.startswith("settings-tui"):
                # NB: The settings form's own generic specializations count too: typing into its
                #     display name (a Tab away from the first field).
                _, settings = footprint([os.path.abspath(args.tui)], args.few, args.many, home,
                                        scratch, marker=b"Display name", prelude=b"\t")
                for function, lines in settings.items():
                    functions[function] = max(functions.get(function, 0), lines)
                # NB: callgrind marks a function inside a recursive cycle with a suffix
                #     (`swift_arrayDestroy'2`); the linker knows it by its symbol alone.
                lines_by_symbol = {}
                for function, lines in functions.items():
                    if function:
                        symbol = re.sub(r"'\d+$", "", function)
                        lines_by_symbol[symbol] = max(lines_by_symbol.get(symbol, 0), lines)
                # NB: In the order a key first reaches them (client form, then the settings
                #     form's own): the prefetch walks the stretch from its start, so the code a
                #     key needs first arrives first. Then the rest, largest first; ties by name,
                #     so the file only changes when the path does.
                client_order = first_use_order([os.path.abspath(args.tui), "client"], 12, home,
                                               scratch)
                settings_order = first_use_order([os.path.abspath(args.tui)], 12, home, scratch,
                                                 marker=b"Display name", prelude=b"\t")
                used = [f for f in sorted(client_order, key=lambda f: (client_order[f], f))]
                used += [f for f in sorted(settings_order, key=lambda f: (settings_order[f], f))
                         if f not in client_order]
                rest = sorted((f for f in lines_by_symbol if f not in client_order
                               and f not in settings_order),
                              key=lambda f: (-lines_by_symbol[f], f))
                ranked = [f for f in used + rest if f not in MARKERS]
                # NB: Between the markers of CKeystrokeCode, which prefetches what lies between.
                with open(args.order_file, "w") as order:
                    order.write("".join(f".text.{function}\n"
                                        for function in [MARKERS[0]] + ranked + [MARKERS[1]]))
            if args.functions and name.startswith("settings-tui"):
                print(f"  largest functions of {os.path.basename(argv[0])} (code lines):")
                ranked = sorted(functions.items(), key=lambda item: -item[1])
                for function, lines in ranked[:args.functions]:
                    print(f"    {lines:6d}  {demangle(function)[:150]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
