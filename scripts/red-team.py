#!/usr/bin/env python3
"""Attacks stepflow as a red team would, and counts what was tried and what held.

    swift build
    scripts/red-team.py [.build/debug/stepflow] [--seed N] [--scale F]

Families (the counts at --scale 1):
  arguments   2,000 random argument lists (commands, options, hostile values, bytes that are
              not UTF-8): each ends by itself with a documented exit code, never a signal or a
              crash report, and writes no raw control character.
  scripts     1,200 random scripts (--commands) against the built-in and the shipped wizards:
              the same, and stdout is JSON that reads back when the run printed a result.
  wizards     600 mutated wizard files: validate answers 0 or 65 with located messages; each
              file it accepts runs (--frames, a walk through every step) without a crash.
  injection   every output above checked for raw ESC, C0, C1, DEL and the bidirectional
              controls, with answers that carry them (counted one check per output stream).
  kill -9     180 runs with --state killed at a random moment: the state file is absent or a
              state file, --resume goes on from it, and no .tmp- file outlives the next run.
  storms      resize and signal storms on a pseudo-terminal (SIGWINCH with a new size, SIGCONT,
              SIGTSTP with fg): the run still answers q, exits 0/1, and gives termios back.

Prints one line a family: tried, held, and the first few failures. Exits 1 if anything did not
hold. Hostile files live in a temporary folder that is removed at the end.
"""

import fcntl
import json
import os
import pty
import random
import select
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import termios
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ENV = {"LANG": "C.UTF-8", "TERM": "xterm-256color", "PATH": "/usr/bin:/bin"}
DOCUMENTED = {0, 1, 64, 65, 66, 74, 124}
UNSAFE = set(range(0x00, 0x20)) - {0x09, 0x0A} | {0x7F}
UNSAFE_TEXT = {chr(c) for c in range(0x80, 0xA0)} | {
    "\u061c", "\u200e", "\u200f", "\u2028", "\u2029", "\u202a", "\u202b", "\u202c", "\u202d",
    "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"}

HOSTILE = [
    "\x1b[31mred\x1b[0m", "\x1b]0;title\x07", "a\x00b", "\u202eevil", "\u2028", "\u200f",
    "\u061c", "\x85", "\x9b2J", "\x7f", "Zoë Ångström", "🚲" * 40, "x" * 70000, "\u0301abc",
    "-h", "--help", "--", "-", "\"", "\"unclosed; next", "$(touch PWNED)", "`touch PWNED`",
    "; touch PWNED", "{{name}}", "1e9", "-1", "nan", "inf", "0", "99999999999999999999",
    "\udce9t\udce9.json",  # the bytes E9 74 E9: a Latin-1 name, not UTF-8
]


def hostile(rng):
    return rng.choice(HOSTILE) if rng.random() < 0.6 else "".join(
        chr(rng.choice([rng.randrange(0x20, 0x7F), rng.randrange(0, 0x20), 0x1B,
                        rng.randrange(0x80, 0x2100), 0x202E]))
        for _ in range(rng.randrange(1, 12)))


def clean_output(data):
    """The problems of an output stream: raw control characters (injection)."""
    if any(b in UNSAFE for b in data):
        return "raw control byte"
    text = data.decode("utf-8", "replace")
    if any(c in UNSAFE_TEXT for c in text):
        return "raw C1/bidi character"
    return None


def run(binary, args, cwd, stdin=b"", timeout=20):
    args = [a.replace("\x00", "") for a in args]  # argv cannot hold NUL
    try:
        done = subprocess.run(
            [binary] + args, input=stdin, capture_output=True, cwd=cwd, env=ENV,
            timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, b"", b""
    return done.returncode, done.stdout, done.stderr


class Family:
    def __init__(self, name):
        self.name, self.tried, self.held, self.failures = name, 0, 0, []

    def check(self, ok, what):
        self.tried += 1
        if ok:
            self.held += 1
        elif len(self.failures) < 5:
            self.failures.append(what)

    def report(self):
        line = f"{self.name:10} tried {self.tried:6}  held {self.held:6}"
        if self.failures:
            line += "  FAILED: " + "; ".join(f[:160] for f in self.failures)
        print(line, flush=True)
        return self.tried == self.held


def ended_well(code, err):
    if code is None:
        return "did not end within 20 s"
    if code < 0:
        return f"killed by signal {-code}"
    if code not in DOCUMENTED:
        return f"exit {code}"
    if b"Fatal error" in err or b"Crash" in err or b"Backtrace" in err:
        return "crash report"
    return None


OPTIONS = ["--commands", "--script", "--frames", "--width", "--height", "--color", "--glyphs",
           "--position", "--no-animation", "--plain", "--output", "--auto", "--dry-run",
           "--answers", "--state", "--resume", "--timeout", "--max", "--prompt", "--title",
           "--percent", "--pattern", "--label", "--bar", "--ring", "--nonsense"]
VALUES = ["text", "json", "none", "ascii", "unicode", "emoji", "always", "never", "auto",
          "above", "inline", "ontop", "10", "1000", "3", "next", "quit", "/dev/null",
          "/nonexistent", "-", "2.5"]


def arguments(binary, tmp, rng, count, injection):
    family = Family("arguments")
    flows = ["purchase", "delivery", "rating", "survey", "nope",
             os.path.join(ROOT, "wizards", "onboarding.json")]
    for i in range(count):
        args = [rng.choice(["run", "rate", "gauge", "list", "validate", "help", "--help",
                            "--version", "bogus", ""])]
        if args[0] in ("run",):
            args.append(rng.choice(flows))
        for _ in range(rng.randrange(0, 6)):
            r = rng.random()
            if r < 0.45:
                args.append(rng.choice(OPTIONS))
            elif r < 0.75:
                args.append(rng.choice(VALUES))
            else:
                args.append(hostile(rng))
        if args[0] in ("run", "rate") and "--commands" not in args and "--script" not in args:
            args += ["--commands", "quit"]
        code, out, err = run(binary, args, tmp, stdin=b"40\n100\n")
        problem = ended_well(code, err)
        if problem and args[0] == "gauge" and "--" in args and code in (126, 127):
            problem = None  # gauge -- CMD ends with the command's status: not found, not run
        family.check(problem is None, f"{args!r}: {problem}")
        # With --color always, styled frames are escape sequences by request.
        for stream in (err,) if "always" in args else (out, err):
            injection.check(clean_output(stream) is None, f"{args!r}: {clean_output(stream)}")
    return family


SCRIPT_WORDS = ["next", "previous", "back", "reset", "enter", "finish", "quit", "retry",
                "skip", "stop", "tap", "rate", "tick", "tab", "type", "set", "press", "bogus"]
KEYS = ["tab", "shift-tab", "enter", "esc", "up", "down", "left", "right", "space",
        "backspace", "home", "end", "ctrl-a", "ctrl-e", "ctrl-k", "ctrl-u", "ctrl-w", "q", "?",
        "y", "n", "f1", "ctrl-c", "ctrl-z"]
FIELDS = ["name", "email", "city", "plan", "address", "x", "", "satisfaction", "project"]


def script_line(rng):
    word = rng.choice(SCRIPT_WORDS)
    if word in ("tap", "rate", "tab"):
        return f"{word} {rng.choice(['1', '2', '5', '0', '-1', '999999999999999999999', 'next'])}"
    if word == "tick":
        return f"tick {rng.choice(['0', '16', '250', '100000', '86400001'])}"
    if word == "type":
        return "type " + hostile(rng).replace(";", ",").replace("\n", " ")
    if word == "set":
        return f"set {rng.choice(FIELDS)}=" + hostile(rng).replace(";", ",").replace("\n", " ")
    if word == "press":
        return "press " + rng.choice(KEYS)
    return word


def scripts(binary, tmp, rng, count, injection):
    family = Family("scripts")
    flows = ["purchase", "delivery", "rating", "survey"] + [
        os.path.join(ROOT, "wizards", f) for f in sorted(os.listdir(os.path.join(ROOT, "wizards")))
        if f not in ("release.json",)]
    for i in range(count):
        lines = [script_line(rng) for _ in range(rng.randrange(1, 25))]
        args = ["run", rng.choice(flows), "--commands", "; ".join(lines), "--no-animation"]
        if rng.random() < 0.3:
            args += ["--output", rng.choice(["text", "json"])]
        if rng.random() < 0.2:
            args += ["--frames", "--width", str(rng.choice([10, 40, 80, 200])), "--height",
                     str(rng.choice([3, 12, 24]))]
        code, out, err = run(binary, args, tmp)
        problem = ended_well(code, err)
        if problem is None and code in (0, 1) and "--output" not in args and "--frames" not in args \
                and out.strip():
            try:
                json.loads(out)
            except ValueError as error:
                problem = f"stdout is not JSON: {error}"
        family.check(problem is None, f"{lines!r}: {problem}")
        for stream in (out, err):
            injection.check(clean_output(stream) is None, f"{lines!r}: {clean_output(stream)}")
    return family


def mutate(text, rng):
    data = bytearray(text.encode())
    for _ in range(rng.randrange(1, 6)):
        if not data:
            break
        r = rng.random()
        at = rng.randrange(len(data))
        if r < 0.25:
            del data[at:at + rng.randrange(1, 20)]
        elif r < 0.45:
            data[at:at] = rng.choice([b"{", b"}", b"[", b"]", b",", b":", b'"', b"\\u001b",
                                      b"999999999999", b"-1", b"1e400", b"null", b"\xff\xfe"])
        elif r < 0.65:
            start = rng.randrange(len(data))
            data[at:at] = data[start:start + rng.randrange(1, 200)]
        elif r < 0.85:
            # A number at an edge.
            digits = [i for i, b in enumerate(data) if 0x30 <= b <= 0x39]
            if digits:
                i = rng.choice(digits)
                data[i:i + 1] = rng.choice([b"0", b"1000000", b"1000000000000", b"4000", b"-5"])
        else:
            data[at] = rng.randrange(256)
    return bytes(data)


def wizards(binary, tmp, rng, count, injection):
    family = Family("wizards")
    sources = [open(os.path.join(ROOT, "wizards", f), encoding="utf-8").read()
               for f in sorted(os.listdir(os.path.join(ROOT, "wizards")))]
    for i in range(count):
        path = os.path.join(tmp, f"mutant-{i}.json")
        with open(path, "wb") as out:
            out.write(mutate(rng.choice(sources), rng))
        code, out, err = run(binary, ["validate", path], tmp)
        problem = ended_well(code, err)
        if problem is None and code not in (0, 65):
            problem = f"validate exit {code}"
        if problem is None and code == 65 and not err.startswith(path.encode() + b":"):
            problem = "a message without its location"
        if problem is None and code == 0:
            walk = "; ".join(["next", "enter", "tick 500"] * 15)
            code, out, err = run(binary, ["run", path, "--dry-run", "--frames", "--commands",
                                          walk], tmp)
            problem = ended_well(code, err)
        family.check(problem is None, f"mutant-{i}: {problem}")
        for stream in (out, err):
            injection.check(clean_output(stream) is None, f"mutant-{i}: {clean_output(stream)}")
        os.unlink(path)
    return family


def kills(binary, tmp, rng, count):
    family = Family("kill -9")
    wizard = os.path.join(ROOT, "wizards", "onboarding.json")
    for i in range(count):
        state = os.path.join(tmp, f"state-{i}.json")
        child = subprocess.Popen(
            [binary, "run", wizard, "--state", state, "--script", "-"], stdin=subprocess.PIPE,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=tmp, env=ENV)
        lines = ["set name=Ann", "next", "set email=a@b.c", "next", "back", "next", "next"]
        deadline = time.monotonic() + rng.uniform(0.0, 0.4)
        try:
            for line in lines:
                child.stdin.write((line + "\n").encode())
                child.stdin.flush()
                if time.monotonic() > deadline:
                    break
                time.sleep(rng.uniform(0, 0.03))
        except BrokenPipeError:
            pass
        child.send_signal(signal.SIGKILL)
        child.wait()
        problem = None
        if not os.path.exists(state):
            # Killed before the first save (perhaps in the middle of it): the next run of the
            # same state file starts fresh and removes what the kill left.
            run(binary, ["run", wizard, "--state", state, "--commands", "quit"], tmp)
        else:
            with open(state, "rb") as f:
                data = f.read()
            try:
                json.loads(data) if data else None
            except ValueError:
                problem = "the state file is not JSON"
            code, out, err = run(binary, ["run", wizard, "--state", state, "--resume",
                                          "--commands", "next"], tmp)
            if problem is None and code not in (0, 1):
                problem = f"--resume exit {code}: {err[:200]!r}"
        leftovers = [n for n in os.listdir(tmp) if n.startswith(f"state-{i}.json.tmp-")]
        if problem is None and leftovers:
            problem = f"temporary files left: {leftovers}"
        family.check(problem is None, f"kill {i}: {problem}")
    return family


def storms(binary, rng, count):
    family = Family("storms")
    for i in range(count):
        pid, fd = pty.fork()
        if pid == 0:
            os.execve(binary, [binary, "run", rng.choice(["purchase", "delivery", "survey"])],
                      ENV)
        before = termios.tcgetattr(fd)
        end = time.monotonic() + 0.6
        n = 0
        while time.monotonic() < end:
            width, height = rng.randrange(1, 400), rng.randrange(1, 200)
            fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))
            os.kill(pid, signal.SIGWINCH)
            if rng.random() < 0.1:
                os.kill(pid, signal.SIGCONT)
            if rng.random() < 0.02:
                os.kill(pid, signal.SIGTSTP)
                time.sleep(0.02)
                os.kill(pid, signal.SIGCONT)
            n += 1
            ready, _, _ = select.select([fd], [], [], 0)
            if ready:
                try:
                    os.read(fd, 65536)
                except OSError:
                    break
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        os.kill(pid, signal.SIGWINCH)
        time.sleep(0.2)
        os.write(fd, b"q")
        time.sleep(0.1)
        os.write(fd, b"y")
        code = None
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done == pid:
                code = os.waitstatus_to_exitcode(status)
                break
            ready, _, _ = select.select([fd], [], [], 0.02)
            if ready:
                try:
                    os.read(fd, 65536)
                except OSError:
                    pass
        if code is None:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        after = termios.tcgetattr(fd)
        os.close(fd)
        problem = None
        if code not in (0, 1):
            problem = f"exit {code} after {n} resizes"
        elif after != before:
            problem = "termios not given back"
        family.check(problem is None, f"storm {i}: {problem}")
    return family


def main():
    args = sys.argv[1:]
    binary = os.path.join(ROOT, ".build", "debug", "stepflow")
    seed, scale = 22, 1.0
    while args:
        a = args.pop(0)
        if a == "--seed":
            seed = int(args.pop(0))
        elif a == "--scale":
            scale = float(args.pop(0))
        else:
            binary = os.path.abspath(a)
    rng = random.Random(seed)
    tmp = tempfile.mkdtemp(prefix="stepflow-red-team-")
    ok = True
    try:
        injection = Family("injection")
        for family in (
            arguments(binary, tmp, rng, int(2000 * scale), injection),
            scripts(binary, tmp, rng, int(1200 * scale), injection),
            wizards(binary, tmp, rng, int(600 * scale), injection),
            kills(binary, tmp, rng, int(180 * scale)),
            storms(binary, rng, max(1, int(40 * scale))),
        ):
            ok = family.report() and ok
        ok = injection.report() and ok
        if os.path.exists(os.path.join(tmp, "PWNED")):
            print("injection: a value reached a shell (PWNED exists)")
            ok = False
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
