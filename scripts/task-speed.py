#!/usr/bin/env python3
"""What a task costs stepflow, on a pseudo-terminal, beside a reference (issue 15's aims).

    swift build -c release --product stepflow
    scripts/task-speed.py [.build/release/stepflow] [--rounds N] [--megabytes M]

Each case runs a one-step wizard whose task starts when the step is reached, interactively on
an 80x24 pty (the screen drawn as a user sees it: the spinner, the elapsed time, the output's
last lines):

  huge output   the task is `yes | head -c 100M` (M MiB; default 100; `--megabytes 100,1024`
                runs each size). Once it has ended, while stepflow still shows the step, its
                peak memory (VmHWM) and its own CPU time are read from /proc: the run time
                the scheduler counted for each of its threads (/proc/PID/task/*/schedstat, in
                ns; the command's processes are not counted). Beside it, the CPU time of
                `cat` copying the same output to /dev/null (its own, from wait4's rusage of
                the cat process alone, which Linux gives to the microsecond). Aims: < 20 MB,
                < 0.5x cat.
  silent task   the task is `sleep 3`. For 2 s in the middle, the wakeups of stepflow (the
                voluntary context switches of all its threads, from /proc) and what it sends to the terminal: the writes,
                and whether each is a spinner frame (the spinner's glyph and the elapsed
                time, nothing else redrawn). Aims: <= 10 wakeups a second, only spinner
                frames.
  endless flood the task is `yes`, which never ends: stepflow's CPU a second (schedstat) over
                2 s with the step showing the output's last lines, then over 2 s with the
                `l` pane open (the last MiB, following at the frame rate), and how long
                after the `l` key the pane reaches the pty.
  first frame   Enter goes to the task's step, whose task starts on arrival; the command is
                `date +%s%N` (the time it started, captured as the answer and read from the
                result). The first bytes stepflow writes after the key (the step's first
                frame) are timed as they reach the pty. Reported: key
                to first frame, and first frame minus the command's start (negative: the
                frame came first). Aim: within 1 ms of the command's start.

Every round prints its figures; the end, the distribution over the rounds (lowest, median,
highest). `--reference BINARY` measures a second build in the same rounds, alternating with the
first (same load for both); `--only huge|endless|silent|first` runs one case. Wizard files
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

def proc_stat(pid):
    """(CPU seconds, wakeups, VmHWM in KiB) of the process, all its threads.

    The CPU time is the scheduler's own count of the time its threads ran (schedstat's first
    field, in ns), not /proc/PID/stat's 10 ms ticks. A wakeup is a voluntary context switch: a
    thread that slept (in poll, say) and was woken. Involuntary ones are the scheduler taking
    the core away on a busy machine, not wakeups."""
    cpu_ns = 0
    switches = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/schedstat") as f:
                cpu_ns += int(f.read().split()[0])
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
    return cpu_ns / 1e9, switches, hwm


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


def task_cost(binary, folder, command):
    """(ended, stepflow's CPU seconds, its peak RSS in MB) once the task `command` succeeded."""
    path = wizard(folder, "huge", {"shell": command, "start": "arrival"})
    pid, fd = spawn([binary, "run", path], folder)
    screen = Screen(fd)
    ok = screen.wait_for(b"succeeded in", 600)
    cpu, _, hwm = proc_stat(pid)
    finish(pid, fd)
    return ok, cpu, hwm / 1024


def huge_output(binary, folder, megabytes):
    """The flood's figures, and stepflow's CPU for the same run with a task that prints
    nothing (`true`): its start, frames and end, which the flood's figure includes."""
    command = f"yes | head -c {megabytes}M"
    ok, cpu, rss = task_cost(binary, folder, command)
    _, base, _ = task_cost(binary, folder, "true")
    return ok, cpu, rss, cat_cpu(command), base


def cat_cpu(command):
    """The CPU seconds of cat alone copying the command's output to /dev/null."""
    producer = subprocess.Popen(["sh", "-c", command], stdout=subprocess.PIPE)
    cat = subprocess.Popen(["cat"], stdin=producer.stdout, stdout=subprocess.DEVNULL)
    producer.stdout.close()
    _, _, usage = os.wait4(cat.pid, 0)
    producer.wait()
    return usage.ru_utime + usage.ru_stime


def spread(values, form="{:.3f}"):
    """lowest / median / highest of the values, formatted."""
    v = sorted(values)
    return "/".join(form.format(x) for x in (v[0], v[len(v) // 2], v[-1]))


def endless_flood(binary, folder):
    """`yes` as a task, forever: stepflow's CPU a second with the step showing the output's
    end, then with the `l` pane open (the whole last MiB, following), and how long after `l`
    the pane is on the pty."""
    path = wizard(folder, "endless", {"shell": "yes", "start": "arrival"})
    pid, fd = spawn([binary, "run", path], folder)
    screen = Screen(fd)
    screen.wait_for(b"x stop", 10)
    screen.drain(1.0)

    def per_second(seconds=2.0):
        before = proc_stat(pid)[0]
        screen.drain(seconds)
        return (proc_stat(pid)[0] - before) / seconds

    closed = per_second()
    mark = len(screen.chunks)
    key = time.time_ns()
    os.write(fd, b"l")
    screen.wait_for(b"Output of", 5)
    shown = next((t for t, c in screen.chunks[mark:] if b"Output of" in c), None)
    screen.drain(0.5)
    opened = per_second()
    finish(pid, fd)
    return closed, opened, (shown - key) / 1e6 if shown else None


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


def measure(binary, folder, r, sizes, only, figures):
    """One round of the cases for one binary, printed and added to `figures`."""
    name = os.path.basename(os.path.dirname(os.path.dirname(os.path.dirname(binary)))) or binary
    for megabytes in sizes if only in (None, "huge") else []:
        ok, cpu, rss, cat, base = huge_output(binary, folder, megabytes)
        figures.setdefault(("huge", megabytes), []).append((cpu, rss, cat, base))
        print(
            f"round {r} {name} huge output ({megabytes} MiB): {'ended' if ok else 'DID NOT END'};"
            f" stepflow {rss:.1f} MB peak RSS, {cpu:.4f} s CPU (with `true`: {base:.4f});"
            f" cat {cat:.4f} s CPU = {cpu / cat if cat else float('inf'):.2f}x"
            f" ({(cpu - base) / cat if cat else float('inf'):.2f}x above `true`)",
            flush=True,
        )
    if only in (None, "endless"):
        closed, opened, shown = endless_flood(binary, folder)
        figures.setdefault("endless", []).append((closed, opened, shown or 0))
        print(
            f"round {r} {name} endless flood (yes): {closed * 1000:.0f} ms CPU a second showing"
            f" its end, {opened * 1000:.0f} ms with the l pane open; the pane on the pty"
            f" {shown if shown is not None else float('nan'):.1f} ms after l",
            flush=True,
        )
    if only in (None, "silent"):
        wakeups, writes, size, others = silent_task(binary, folder)
        figures.setdefault("silent", []).append((wakeups, writes, len(others)))
        print(
            f"round {r} {name} silent task: {wakeups:.1f} wakeups/s, {writes:.1f} writes/s of"
            f" {size:.0f} bytes; writes that are not spinner frames: {len(others)}"
            + (f" {others[:3]!r}" if others else ""),
            flush=True,
        )
    if only in (None, "first"):
        f = first_frame(binary, folder)
        if f:
            figures.setdefault("first", []).append(f)
            print(
                f"round {r} {name} first frame: {f[0]:.2f} ms after the key;"
                f" {f[1]:+.2f} ms from the command's start",
                flush=True,
            )
        else:
            print(f"round {r} {name} first frame: not measured (no frame or no answer)")


def summary(binary, figures):
    print(f"binary: {binary}  (lowest/median/highest over the rounds)")
    for key in sorted(k for k in figures if isinstance(k, tuple)):
        huge = figures[key]
        print(
            f"  huge output {key[1]} MiB: peak RSS {spread([h[1] for h in huge], '{:.1f}')} MB"
            f" (aim < 20); stepflow {spread([h[0] for h in huge])} s, cat"
            f" {spread([h[2] for h in huge])} s CPU; stepflow/cat"
            f" {spread([h[0] / h[2] for h in huge], '{:.2f}')}x (aim < 0.5x)"
        )
        print(
            f"    the same task as `true`: {spread([h[3] for h in huge])} s CPU; the output's"
            f" part, (stepflow - true)/cat: {spread([(h[0] - h[3]) / h[2] for h in huge], '{:.2f}')}x"
        )
    if "endless" in figures:
        endless = figures["endless"]
        print(
            f"  endless flood: {spread([e[0] * 1000 for e in endless], '{:.0f}')} ms CPU a"
            f" second, {spread([e[1] * 1000 for e in endless], '{:.0f}')} with the pane open;"
            f" the pane {spread([e[2] for e in endless], '{:.1f}')} ms after l"
        )
    if "silent" in figures:
        silent = figures["silent"]
        print(
            f"  silent task: {spread([s[0] for s in silent], '{:.1f}')} wakeups/s (aim <= 10),"
            f" {spread([s[1] for s in silent], '{:.1f}')} writes/s,"
            f" {sum(s[2] for s in silent)} not a spinner frame (aim 0)"
        )
    if "first" in figures:
        first = figures["first"]
        print(
            f"  first frame: {spread([f[0] for f in first], '{:.2f}')} ms after the key;"
            f" {spread([f[1] for f in first], '{:+.2f}')} ms from the command's start"
            " (aim within 1 ms)"
        )


def main():
    parsed = arguments(__doc__, sys.argv[1:], rounds=3, megabytes="100", reference=None, only=None)
    if parsed is None:
        return
    options, binary = parsed
    rounds = options["rounds"]
    sizes = [int(m) for m in options["megabytes"].split(",")]
    binaries = [binary] + ([os.path.abspath(options["reference"])] if options["reference"] else [])
    folder = tempfile.mkdtemp(prefix="stepflow-task-speed-")
    figures = {b: {} for b in binaries}
    try:
        for r in range(1, rounds + 1):
            for b in binaries if r % 2 else reversed(binaries):
                measure(b, folder, r, sizes, options["only"], figures[b])
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    for b in binaries:
        summary(b, figures[b])


if __name__ == "__main__":
    main()
