#!/usr/bin/env python3
"""Whole-process benchmark: settings-tui against `dialog --form`, both through a pseudo-terminal.

For each program, in the same run and alternating so drift hits both alike:
  * time to first frame: from fork until the output contains the form's first label;
  * frame complete: until the first frame's output goes quiet;
  * peak memory: VmHWM of /proc/PID/status just before Esc, and ru_maxrss from os.wait4 after
    Esc ends the program (which also counts this Python process's pages before exec);
  * key to settled screen: for each typed key, from writing it until the last byte of the
    screen update it caused (the output then stays quiet for QUIET_MS); the first key of a run
    is also shown on its own (it pays the program's one-time work);
  * bytes written for one typed character.

Usage: pty_bench.py PATH/TO/settings-tui [--runs N] [--keys N] [--json]
Prints `ROW|section|figure|value|target|PASS or MISS or empty` lines on stdout (the Swift
harness reads these), and progress on stderr. The programs run with a temporary HOME and XDG
directories, TERM=xterm-256color, 80x24, so nothing real is read or written.
"""

import argparse
import fcntl
import json
import os
import select
import shutil
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time

COLUMNS, ROWS = 80, 24
QUIET_MS = 60          # a screen counts as settled after this long without output
FIRST_FRAME_QUIET_MS = 250
TIMEOUT_S = 10.0


def log(*parts):
    print(*parts, file=sys.stderr, flush=True)


def ensure_dialog():
    if shutil.which("dialog"):
        return True
    log("dialog is missing: installing it with apt-get (benchmark only)")
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    install = ["apt-get", "install", "-y", "-qq", "dialog"]
    if os.geteuid() != 0:
        install = ["sudo"] + install
    if subprocess.run(install, env=env, stdout=subprocess.DEVNULL).returncode != 0:
        update = ["apt-get", "update", "-qq"] if os.geteuid() == 0 else ["sudo", "apt-get", "update", "-qq"]
        subprocess.run(update, env=env, stdout=subprocess.DEVNULL)
        subprocess.run(install, env=env, stdout=subprocess.DEVNULL)
    return shutil.which("dialog") is not None


class Session:
    """One program running on a fresh pseudo-terminal."""

    def __init__(self, argv, env):
        self.started = time.perf_counter_ns()
        pid, fd = os.forkpty()
        if pid == 0:
            try:
                fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
                os.execvpe(argv[0], argv, env)
            finally:
                os._exit(127)
        self.pid, self.fd = pid, fd
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
        self.output = bytearray()
        self.closed = False
        self.last_byte_at = None

    def pump(self, timeout_s):
        """Reads what is available within timeout_s; returns the number of bytes read."""
        if self.closed:
            return 0
        ready, _, _ = select.select([self.fd], [], [], max(0.0, timeout_s))
        if not ready:
            return 0
        try:
            data = os.read(self.fd, 65536)
        except OSError:  # EIO: the child closed the terminal
            data = b""
        if not data:
            self.closed = True
            return 0
        self.last_byte_at = time.perf_counter_ns()
        self.output += data
        return len(data)

    def wait_for(self, marker, timeout_s=TIMEOUT_S):
        """Nanoseconds from start until the output contains marker."""
        deadline = time.monotonic() + timeout_s
        while marker not in self.output:
            if self.closed or time.monotonic() > deadline:
                raise RuntimeError(f"{marker!r} never appeared; output: {bytes(self.output[-400:])!r}")
            self.pump(0.05)
        return self.last_byte_at - self.started

    def settle(self, quiet_ms, timeout_s=TIMEOUT_S):
        """Reads until quiet for quiet_ms; returns (time of the last byte or None, bytes read)."""
        total = 0
        last = None
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline and not self.closed:
            count = self.pump(quiet_ms / 1000)
            if count == 0:
                break
            total += count
            last = self.last_byte_at
        return last, total

    def send(self, data):
        sent_at = time.perf_counter_ns()
        os.write(self.fd, data)
        return sent_at

    def peak_kib(self):
        """The program's own peak RSS so far (VmHWM: per address space, so from exec on)."""
        try:
            with open(f"/proc/{self.pid}/status") as status:
                for line in status:
                    if line.startswith("VmHWM:"):
                        return int(line.split()[1])
        except OSError:
            pass
        return None

    def finish(self):
        """Sends Esc (and y when settings-tui asks "Discard changes?"), drains until the program
        exits; returns (exit status, ru_maxrss in KiB)."""
        asked_from = len(self.output)
        self.send(b"\x1b")
        answered = False
        deadline = time.monotonic() + TIMEOUT_S
        while True:
            # NB: Killed at the question instead, the program would keep a draft, and the next
            #     run would ask to restore it instead of showing the form.
            if not answered and b"Discard changes?" in self.output[asked_from:]:
                self.send(b"y")
                answered = True
            pid, status, usage = os.wait4(self.pid, os.WNOHANG)
            if pid == self.pid:
                break
            if time.monotonic() > deadline:
                os.kill(self.pid, signal.SIGKILL)
                pid, status, usage = os.wait4(self.pid, 0)
                break
            self.pump(0.01)
        os.close(self.fd)
        return os.waitstatus_to_exitcode(status), usage.ru_maxrss


def environment(home):
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": home,
        "XDG_CONFIG_HOME": os.path.join(home, ".config"),
        "XDG_DATA_HOME": os.path.join(home, ".local", "share"),
        "XDG_STATE_HOME": os.path.join(home, ".local", "state"),
        "XDG_CACHE_HOME": os.path.join(home, ".cache"),
        "TERM": "xterm-256color",
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
        "COLUMNS": str(COLUMNS),
        "LINES": str(ROWS),
    }
    for key in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        os.makedirs(env[key], exist_ok=True)
    return env


def programs(tui):
    dialog_form = [
        "dialog", "--title", "New client", "--form", "Add a client", "12", "60", "3",
        "Name", "1", "1", "", "1", "10", "30", "0",
        "Email", "2", "1", "", "2", "10", "30", "0",
        "Age", "3", "1", "18", "3", "10", "4", "0",
    ]
    return {
        # The same three fields, the first label being "Name" in both.
        "settings-tui client": ([tui, "client"], b"Name"),
        "dialog --form": (dialog_form, b"Name"),
        "settings-tui (settings)": ([tui], b"Digest"),
    }


def run_once(argv, marker, env, keys):
    session = Session(argv, env)
    first_frame = session.wait_for(marker)
    complete_at, _ = session.settle(FIRST_FRAME_QUIET_MS)
    frame_complete = (complete_at or session.last_byte_at) - session.started
    latencies, typed_bytes = [], []
    for index in range(keys):
        key = bytes([ord("a") + index % 26])
        sent_at = session.send(key)
        last, count = session.settle(QUIET_MS)
        if last is not None:
            latencies.append(last - sent_at)
            typed_bytes.append(count)
    # NB: ru_maxrss from wait4 also counts the pages this Python process had before exec (the
    #     kernel keeps the pre-exec peak), about 10 MiB here; VmHWM is the program's own peak.
    peak = session.peak_kib()
    status, max_rss = session.finish()
    return {
        "first_frame_ns": first_frame, "frame_complete_ns": frame_complete,
        "latencies_ns": latencies, "typed_bytes": typed_bytes,
        "exit_status": status, "max_rss_kib": max_rss, "vm_hwm_kib": peak,
    }


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("tui")
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--keys", type=int, default=20)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    if not os.access(args.tui, os.X_OK):
        print(f"ROW|4|Whole process|settings-tui not found at {args.tui}||SKIP")
        return 0
    have_dialog = ensure_dialog()
    table = programs(args.tui)
    if not have_dialog:
        del table["dialog --form"]
    results = {name: [] for name in table}
    with tempfile.TemporaryDirectory(prefix="pty-bench-") as home:
        env = environment(home)
        for run in range(args.runs + 1):  # run 0 warms the page cache and is dropped
            for name, (argv, marker) in table.items():
                keys = 0 if name == "settings-tui (settings)" else args.keys
                try:
                    result = run_once(argv, marker, env, keys)
                except RuntimeError as error:
                    log(f"{name}: {error}")
                    print(f"ROW|4|{name}|failed: {str(error)[:60]}||SKIP")
                    return 1
                if run > 0:
                    results[name].append(result)
            log(f"run {run}/{args.runs} done")

    def median(name, key):
        return statistics.median(r[key] for r in results[name])

    def all_latencies(name):
        return [value for r in results[name] for value in r["latencies_ns"]]

    def ms(ns):
        return f"{ns / 1e6:.2f} ms"

    summary = {}
    for name in results:
        latencies = all_latencies(name)
        typed = [value for r in results[name] for value in r["typed_bytes"]]
        summary[name] = {
            "first_frame_ms": median(name, "first_frame_ns") / 1e6,
            "frame_complete_ms": median(name, "frame_complete_ns") / 1e6,
            "max_rss_kib": median(name, "max_rss_kib"),
            "vm_hwm_kib": median(name, "vm_hwm_kib"),
            "key_median_ms": statistics.median(latencies) / 1e6 if latencies else None,
            "key_p90_ms": (sorted(latencies)[int(0.9 * (len(latencies) - 1))] / 1e6) if latencies else None,
            "key_p99_ms": (sorted(latencies)[int(0.99 * (len(latencies) - 1))] / 1e6) if latencies else None,
            # NB: The first key a program handles pays one-time work (code paged in, metadata
            #     made); the median above counts it as one key of the run's, shown alone here.
            "first_key_ms": statistics.median(r["latencies_ns"][0] for r in results[name]) / 1e6
            if latencies else None,
            "typed_bytes_median": statistics.median(typed) if typed else None,
            "exit_statuses": sorted({r["exit_status"] for r in results[name]}),
        }
    if args.json:
        log(json.dumps(summary, indent=2))

    ours, theirs, settings = "settings-tui client", "dialog --form", "settings-tui (settings)"
    rows = []
    for name in (ours, theirs, settings):
        if name not in summary:
            continue
        s = summary[name]
        rows.append((f"{name}: first frame (first label)", f"{s['first_frame_ms']:.2f} ms (complete {s['frame_complete_ms']:.2f} ms)", "", ""))
        rows.append((f"{name}: peak memory (VmHWM before Esc)", f"{s['vm_hwm_kib'] / 1024:.1f} MiB (wait4 ru_maxrss {s['max_rss_kib'] / 1024:.1f} MiB)", "", ""))
        if s["key_median_ms"] is not None:
            rows.append((f"{name}: key to settled screen", f"median {s['key_median_ms']:.2f} ms, p90 {s['key_p90_ms']:.2f} ms, p99 {s['key_p99_ms']:.2f} ms", "", ""))
            rows.append((f"{name}: the first typed key alone", f"median {s['first_key_ms']:.2f} ms", "", ""))
            rows.append((f"{name}: bytes per typed character", f"{s['typed_bytes_median']:.0f} B", "", ""))
    if theirs in summary:
        a, b = summary[ours], summary[theirs]
        ratio = a["first_frame_ms"] / b["first_frame_ms"]
        rows.append(("first frame, settings-tui / dialog", f"{ratio:.2f}x", "≤ 2x", "PASS" if ratio <= 2 else "MISS"))
        ratio = a["vm_hwm_kib"] / b["vm_hwm_kib"]
        rows.append(("peak memory (VmHWM), settings-tui / dialog", f"{ratio:.2f}x", "≤ 6x", "PASS" if ratio <= 6 else "MISS"))
        ratio = a["max_rss_kib"] / b["max_rss_kib"]
        rows.append(("  same by wait4 ru_maxrss (incl. launcher's pre-exec pages)", f"{ratio:.2f}x", "", ""))
        ratio = a["key_median_ms"] / b["key_median_ms"]
        rows.append(("key to settled, settings-tui / dialog (median)", f"{ratio:.2f}x", "≤ 1.25x", "PASS" if ratio <= 1.25 else "MISS"))
        p99 = a["key_p99_ms"]
        rows.append(("key to settled, settings-tui p99", f"{p99:.2f} ms", "< 2 ms", "PASS" if p99 < 2 else "MISS"))
    for figure, value, target, verdict in rows:
        print(f"ROW|4|{figure}|{value}|{target}|{verdict}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
