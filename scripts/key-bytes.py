#!/usr/bin/env python3
"""Bytes a typed key costs on a pseudo-terminal: `stepflow ask text` beside `dialog --inputbox`.

    swift build -c release --product stepflow
    scripts/key-bytes.py [.build/release/stepflow] [--keys N]

Each program is started on an 80x24 pty and left to draw its first frame; then N letters
(default 20) are typed one at a time, and after each the bytes the program writes until it is
quiet for 100 ms are counted. Prints, for each program, the bytes of its first frame and the
median, least and most bytes per key (issue 18's aim: no more than dialog). dialog is skipped
when it is not installed.
"""

import os
import select
import shutil
import signal
import statistics
import sys
import time

from ptytools import Screen, arguments, spawn, wait_exit


def measure(argv, keys):
    pid, fd = spawn(argv)
    # Answer a terminal's queries (cursor position) so that an inline program can start.
    first = 0
    end = time.monotonic() + 5
    while time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.3)
        if not ready:
            break
        chunk = os.read(fd, 65536)
        first += len(chunk)
        if b"\x1b[6n" in chunk:
            os.write(fd, b"\x1b[1;1R")
    per_key = []
    screen = Screen(fd, keep=0)
    for i in range(keys):
        os.write(fd, bytes([ord("a") + i % 26]))
        per_key.append(screen.quiet())
    os.kill(pid, signal.SIGTERM)
    wait_exit(pid, fd)
    return first, per_key


def main():
    parsed = arguments(__doc__, sys.argv[1:], keys=20)
    if parsed is None:
        return
    options, binary = parsed
    keys = options["keys"]
    programs = [("stepflow ask text Name", [binary, "ask", "text", "Name"])]
    dialog = shutil.which("dialog")
    if dialog:
        programs.append(("dialog --inputbox Name 8 40", [dialog, "--inputbox", "Name", "8", "40"]))
    for name, argv in programs:
        first, per_key = measure(argv, keys)
        print(
            f"{name}: first frame {first} bytes; a key {statistics.median(per_key):.0f} bytes"
            f" (median of {keys}; {min(per_key)}-{max(per_key)})"
        )


if __name__ == "__main__":
    main()
