#!/usr/bin/env python3
"""What a task costs stepflow, on a pseudo-terminal, beside a reference (issue 15's aims).

    swift build -c release --product stepflow
    scripts/task-speed.py [.build/release/stepflow] [--rounds N] [--megabytes M]

Each case runs a one-step wizard whose task starts when the step is reached, interactively on
an 80x24 pty (the screen drawn as a user sees it: the spinner, the elapsed time, the output's
last lines):

  huge output   the task is `yes | head -c 100M` (M MiB; default 100). Once it has ended, while
                stepflow still shows the step, its peak memory (VmHWM) and its own CPU time
                (utime + stime: the command's processes are not counted) are read from /proc.
                Beside it, the CPU time of `cat` copying the same output to /dev/null (its
                own, read by getrusage of the cat process alone). Aims: < 20 MB, < 0.5x cat.
  silent task   the task is `sleep 3`. For 2 s in the middle, the wakeups of stepflow (the
                voluntary context switches of all its threads, from /proc) and what it sends to the terminal: the writes,
                and whether each is a spinner frame (the spinner's glyph and the elapsed
                time, nothing else redrawn). Aims: <= 10 wakeups a second, only spinner
                frames.
  first frame   Enter goes to the task's step, whose task starts on arrival; the command is
                `date +%s%N` (the time it started, captured as the answer and read from the
                result). The first bytes stepflow writes after the key (the step's first
                frame) are timed as they reach the pty. Reported: key
                to first frame, and first frame minus the command's start (negative: the
                frame came first). Aim: within 1 ms of the command's start.

Every round prints its figures; the end, the best and the worst over the rounds. Wizard files
go to a temporary folder that is removed at the end.
"""

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

from ptytools import Screen, arguments, spawn, wait_exit

TICK = os.sysconf("SC_CLK_TCK")


def proc_stat(pid):
    """(utime + stime in seconds, wakeups, VmHWM in KiB) of the process, all its threads.

    A wakeup is a voluntary context switch: a thread that slept (in poll, say) and was woken.
    Involuntary ones are the scheduler taking the core away on a busy machine, not wakeups."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    cpu = (int(fields[11]) + int(fields[12])) / TICK
    switches = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/status") as f:
                for line in f:
                    if line.startswith("voluntary_ctxt_switches"):
                        switches += int(line.split()[1])
        except OSError:
            pass  # a thread that ended meanwhile
    hwm = 0
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmHWM"):
                hwm = int(line.split()[1])
    return cpu, switches, hwm


def finish(pid, fd):
    """Ctrl-C, then waits for the exit (drains the pty meanwhile)."""
    os.write(fd, b"\x03")
    wait_exit(pid, fd)


def wizard(folder, name, run, first=None):
    steps = []
    if first:
        steps.append(first)
    steps.append({"id": "work", "title": "Work", "run": run})
    steps.append({"id": "end", "title": "End"})
    path = os.path.join(folder, name + ".json")
    with open(path, "w") as f:
        json.dump({"id": name, "title": name, "steps": steps}, f)
    return path


def huge_output(binary, folder, megabytes):
    command = f"yes | head -c {megabytes}M"
    path = wizard(folder, "huge", {"shell": command, "start": "arrival"})
    pid, fd = spawn([binary, "run", path], folder)
    screen = Screen(fd)
    ok = screen.wait_for(b"succeeded in", 600)
    cpu, _, hwm = proc_stat(pid)
    finish(pid, fd)
    # The reference: cat alone copying the same bytes (its own CPU, not the producer's).
    producer = subprocess.Popen(["sh", "-c", command], stdout=subprocess.PIPE)
    start = time.monotonic()
    cat = subprocess.Popen(["cat"], stdin=producer.stdout, stdout=subprocess.DEVNULL)
    producer.stdout.close()
    _, status, usage = os.wait4(cat.pid, 0)
    producer.wait()
    cat_cpu = usage.ru_utime + usage.ru_stime
    del start, status
    return ok, cpu, hwm / 1024, cat_cpu


SPINNER = set("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏|/-\\◐◓◑◒")
CSI = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]")


def is_spinner_frame(chunk):
    """A write that changes only the spinner and the elapsed time: after the escape
    sequences, a spinner glyph and a time (`1.2 s`) or less."""
    text = CSI.sub(b"", chunk).decode("utf-8", "replace").strip()
    text = re.sub(r"[0-9]+(\.[0-9]+)? ?(s|ms|min)?", "", text).replace(":", "").strip()
    return all(c in SPINNER or c.isspace() for c in text)


def silent_task(binary, folder):
    path = wizard(folder, "silent", {"shell": "sleep 3", "start": "arrival"})
    pid, fd = spawn([binary, "run", path], folder)
    screen = Screen(fd)
    screen.wait_for(b"x stop", 10)
    screen.drain(0.4)
    _, switches0, _ = proc_stat(pid)
    first = len(screen.chunks)
    screen.drain(2.0)
    _, switches1, _ = proc_stat(pid)
    writes = screen.chunks[first:]
    finish(pid, fd)
    frames = [c for _, c in writes]
    others = [c for c in frames if not is_spinner_frame(c)]
    return (switches1 - switches0) / 2.0, len(frames) / 2.0, sum(map(len, frames)) / max(
        1, len(frames)
    ), others


def first_frame(binary, folder):
    path = wizard(
        folder,
        "first",
        {"command": ["date", "+%s%N"], "capture": "started", "start": "arrival"},
        first={"id": "intro", "title": "Intro", "body": "Go on."},
    )
    pid, fd = spawn([binary, "run", path, "--output", "json"], folder)
    screen = Screen(fd)
    screen.wait_for(b"Go on.", 10)
    screen.drain(0.3)
    mark = len(screen.chunks)
    key = time.time_ns()
    os.write(fd, b"\r")  # Next: the task's step, whose task starts as it is reached
    screen.wait_for(b"succeeded", 10)
    screen.drain(0.2)
    frame = screen.chunks[mark][0] if len(screen.chunks) > mark else None
    # Finish the run to read the answer: Enter (Next), Enter (Finish).
    os.write(fd, b"\r")
    screen.drain(0.3)
    os.write(fd, b"\r")
    for _ in range(200):
        done, _ = os.waitpid(pid, os.WNOHANG)
        screen.pump(0.02)
        if done:
            break
    out = b"".join(c for _, c in screen.chunks[mark:])
    os.close(fd)
    match = re.search(rb'"started":"(\d+)"', out)
    if not match or frame is None:
        return None
    started = int(match.group(1))
    return (frame - key) / 1e6, (frame - started) / 1e6


def main():
    parsed = arguments(__doc__, sys.argv[1:], rounds=3, megabytes=100)
    if parsed is None:
        return
    options, binary = parsed
    rounds, megabytes = options["rounds"], options["megabytes"]
    folder = tempfile.mkdtemp(prefix="stepflow-task-speed-")
    huge, silent, first = [], [], []
    try:
        for r in range(1, rounds + 1):
            ok, cpu, rss, cat = huge_output(binary, folder, megabytes)
            huge.append((cpu, rss, cat))
            print(
                f"round {r} huge output ({megabytes} MiB): {'ended' if ok else 'DID NOT END'};"
                f" stepflow {rss:.1f} MB peak RSS, {cpu:.2f} s CPU; cat {cat:.2f} s CPU"
                f" = {cpu / cat if cat else float('inf'):.2f}x"
            )
            wakeups, writes, size, others = silent_task(binary, folder)
            silent.append((wakeups, writes, len(others)))
            print(
                f"round {r} silent task: {wakeups:.1f} wakeups/s, {writes:.1f} writes/s of"
                f" {size:.0f} bytes; writes that are not spinner frames: {len(others)}"
                + (f" {others[:3]!r}" if others else "")
            )
            f = first_frame(binary, folder)
            if f:
                first.append(f)
                print(
                    f"round {r} first frame: {f[0]:.2f} ms after the key;"
                    f" {f[1]:+.2f} ms from the command's start"
                )
            else:
                print(f"round {r} first frame: not measured (no frame or no answer)")
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    print(f"binary: {binary}")
    if huge:
        print(
            f"huge output: peak RSS {min(h[1] for h in huge):.1f}-{max(h[1] for h in huge):.1f} MB"
            f" (aim < 20); CPU {min(h[0] / h[2] for h in huge):.2f}-"
            f"{max(h[0] / h[2] for h in huge):.2f}x cat (aim < 0.5x)"
        )
    if silent:
        print(
            f"silent task: {min(s[0] for s in silent):.1f}-{max(s[0] for s in silent):.1f}"
            f" wakeups/s (aim <= 10), {min(s[1] for s in silent):.1f}-"
            f"{max(s[1] for s in silent):.1f} writes/s, {sum(s[2] for s in silent)} not a"
            " spinner frame (aim 0)"
        )
    if first:
        print(
            f"first frame: {min(f[0] for f in first):.2f}-{max(f[0] for f in first):.2f} ms"
            f" after the key; {min(f[1] for f in first):+.2f} to {max(f[1] for f in first):+.2f}"
            " ms from the command's start (aim within 1 ms)"
        )


if __name__ == "__main__":
    main()
