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

import fcntl
import os
import pty
import select
import shutil
import signal
import statistics
import struct
import sys
import termios
import time

ENV = {
    "LANG": "C.UTF-8",
    "TERM": "xterm-256color",
    "PATH": "/usr/bin:/bin",
    "STEPFLOW_REDUCED_MOTION": "1",
}


def spawn(argv, width=80, height=24):
    pid, fd = pty.fork()
    if pid == 0:
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
        os.execve(argv[0], argv, ENV)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))
    os.kill(pid, signal.SIGWINCH)
    return pid, fd


def quiet_bytes(fd, quiet=0.1, limit=5.0):
    """The bytes written until nothing came for `quiet` seconds."""
    total = 0
    end = time.monotonic() + limit
    while time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], quiet)
        if not ready:
            break
        try:
            total += len(os.read(fd, 65536))
        except OSError:
            break
    return total


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
    for i in range(keys):
        os.write(fd, bytes([ord("a") + i % 26]))
        per_key.append(quiet_bytes(fd))
    os.kill(pid, signal.SIGTERM)
    quiet_bytes(fd, 0.2)
    os.waitpid(pid, 0)
    os.close(fd)
    return first, per_key


def main():
    args = sys.argv[1:]
    keys = 20
    binary = None
    while args:
        a = args.pop(0)
        if a == "--keys":
            keys = int(args.pop(0))
        elif a in ("-h", "--help"):
            print(__doc__)
            return
        else:
            binary = a
    binary = os.path.abspath(binary or ".build/release/stepflow")
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
