#!/usr/bin/env python3
"""How long Ctrl-C takes to end stepflow in the middle of heavy work, on a pseudo-terminal.

    swift build -c release
    scripts/interrupt-latency.py [.build/release/stepflow] [--rounds N] [--only TEXT]

Each case starts stepflow on a pty, puts it to work (a step of 800 fields with patterns checked
by every Enter, a burst of 40,000 typed characters, a gauge fed endless message lines, a
terminal of 10000x10000 or 65535x65535 cells), sends Ctrl-C (the byte 0x03, as the terminal
does in raw mode) and measures the time until the process has exited. The aim is 100 ms;
the tests (Tests/StepFlowCLITests/InterruptLatencyTests.swift) assert a generous 2 s.
Prints one line a case: the best, median and worst of the rounds, in milliseconds, and the
exit status (130 expected); `--only TEXT` runs the cases whose name has TEXT. Hostile files go to a temporary folder that is removed at the end.
"""

import json
import os
import shutil
import sys
import tempfile
import time

from ptytools import arguments, drain, read_until, spawn, wait_exit, write_all


def interrupt(pid, fd, timeout=60):
    """Sends Ctrl-C; returns (milliseconds until exit, exit status)."""
    start = time.monotonic()
    os.write(fd, b"\x03")
    code = wait_exit(pid, fd, timeout, poll=0.002)
    if code is None:
        return float("inf"), "killed"
    return (time.monotonic() - start) * 1000, code


def case_patterns(binary, folder):
    count = 800
    limit = 2_000_000 // (count * 5)
    wizard = {
        "id": "many",
        "title": "Many",
        "steps": [
            {
                "id": "a",
                "title": "A",
                "fields": [
                    {"id": f"f{i}", "label": f"F{i}", "pattern": "[a-z]*1"} for i in range(count)
                ],
            },
            {"id": "b", "title": "B"},
        ],
    }
    answers = {f"f{i}": "a" * limit for i in range(count)}
    path = os.path.join(folder, "many.json")
    with open(path, "w") as f:
        json.dump(wizard, f)
    with open(os.path.join(folder, "answers.json"), "w") as f:
        json.dump(answers, f)
    pid, fd = spawn([binary, "run", path, "--answers", os.path.join(folder, "answers.json")])
    read_until(fd, b"F0", 20)
    os.write(fd, b"\r" * 30)
    read_until(fd, b"must match", 20)
    os.write(fd, b"\r" * 30)
    return interrupt(pid, fd)


def case_issue_patterns(binary, folder):
    """The issue's wizard: 600 fields with (.?){999} and answers of 999 characters."""
    wizard = {
        "id": "costly",
        "title": "Costly",
        "steps": [
            {
                "id": "a",
                "title": "A",
                "fields": [
                    {"id": f"f{i}", "label": f"F{i}", "pattern": "(.?){999}"} for i in range(600)
                ],
            },
            {"id": "b", "title": "B"},
        ],
    }
    path = os.path.join(folder, "costly.json")
    with open(path, "w") as f:
        json.dump(wizard, f)
    with open(os.path.join(folder, "costly-answers.json"), "w") as f:
        json.dump({f"f{i}": "x" * 998 + "\n" for i in range(600)}, f)
    pid, fd = spawn(
        [binary, "run", path, "--answers", os.path.join(folder, "costly-answers.json")]
    )
    if not read_until(fd, b"F0", 5):
        # Refused before the screen (the wizard is over the shared budget).
        os.waitpid(pid, 0)
        os.close(fd)
        return 0.0, "refused"
    os.write(fd, b"\r")
    time.sleep(0.5)
    return interrupt(pid, fd)


def case_burst(binary, folder):
    path = os.path.join(folder, "name.json")
    with open(path, "w") as f:
        json.dump(
            {
                "id": "name",
                "title": "Name",
                "steps": [{"id": "a", "title": "A", "fields": [{"id": "name", "label": "Name"}]}],
            },
            f,
        )
    pid, fd = spawn([binary, "run", path])
    read_until(fd, b"Name", 10)
    write_all(fd, b"abcd" * 10_000)
    return interrupt(pid, fd)


def case_gauge(binary, producer):
    pid, fd = spawn(["/bin/sh", "-c", f"{producer} | '{binary}' gauge --bar --label"])
    drain(fd, 1.0)
    return interrupt(pid, fd)


def case_huge(binary, width, height):
    pid, fd = spawn([binary, "run", "purchase"], width=width, height=height)
    read_until(fd, b"too large", 10) or read_until(fd, b"Espresso", 5)
    return interrupt(pid, fd)


def case_idle(binary):
    pid, fd = spawn([binary, "run", "purchase"])
    read_until(fd, b"Espresso", 10)
    return interrupt(pid, fd)


def main():
    parsed = arguments(__doc__, sys.argv[1:], rounds=5, only=None)
    if parsed is None:
        return
    options, binary = parsed
    rounds, only = options["rounds"], options["only"]
    folder = tempfile.mkdtemp(prefix="stepflow-latency-")
    cases = [
        ("idle purchase", lambda: case_idle(binary)),
        ("800 fields with patterns, Enter x60", lambda: case_patterns(binary, folder)),
        ("issue's 600 x (.?){999}, Enter", lambda: case_issue_patterns(binary, folder)),
        ("40,000 typed characters", lambda: case_burst(binary, folder)),
        (
            "gauge: unclosed XXX block, endless",
            lambda: case_gauge(binary, "{ echo XXX; echo 40; yes 'a message line'; }"),
        ),
        (
            "gauge: XXX blocks of 40,000 lines",
            lambda: case_gauge(binary, "while :; do echo XXX; echo 50; seq 1 40000; echo XXX; done"),
        ),
        ("gauge: one-character lines, endless", lambda: case_gauge(binary, "{ echo XXX; yes a; }")),
        ("terminal 10000x10000", lambda: case_huge(binary, 10000, 10000)),
        ("terminal 65535x65535", lambda: case_huge(binary, 65535, 65535)),
    ]
    if only is not None:
        cases = [case for case in cases if only in case[0]]
    try:
        print(f"{binary}, {rounds} rounds: Ctrl-C to exit, ms (best / median / worst), status")
        for name, run in cases:
            results = [run() for _ in range(rounds)]
            times = sorted(t for t, _ in results)
            statuses = sorted({str(s) for _, s in results})
            middle = times[len(times) // 2]
            print(
                f"  {name:40} {times[0]:8.1f} {middle:8.1f} {times[-1]:8.1f}   {','.join(statuses)}"
            )
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
