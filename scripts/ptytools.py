"""Running stepflow on a pseudo-terminal, for the measuring scripts beside this file.

    from ptytools import ENV, Screen, spawn, wait_exit

`spawn` starts a program on a new pty of a given size with a fixed environment (C.UTF-8,
xterm-256color, reduced motion); `Screen` reads what it writes, each chunk with the time it
came; `write_all` types much without the program blocking on its own output; `wait_exit`
waits for it to end (killing it, by its pid, when it does not); `arguments` reads a script's
command line. Used by task-speed.py, key-bytes.py and interrupt-latency.py.
"""

import fcntl
import os
import pty
import select
import signal
import struct
import termios
import time

ENV = {
    "LANG": "C.UTF-8",
    "TERM": "xterm-256color",
    "PATH": "/usr/bin:/bin",
    "STEPFLOW_REDUCED_MOTION": "1",
}


def spawn(argv, cwd=None, width=80, height=24, env=None):
    """Starts argv on a new pty of the given size; returns (pid, master fd)."""
    pid, fd = pty.fork()
    if pid == 0:
        # Python ignores SIGPIPE, and an ignored signal stays ignored across exec: a shell
        # pipeline's producer would then never die when stepflow has gone.
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
        if cwd:
            os.chdir(cwd)
        os.execve(argv[0], argv, env or ENV)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))
    os.kill(pid, signal.SIGWINCH)
    return pid, fd


class Screen:
    """What the program wrote to the pty: every chunk with the time it was read."""

    def __init__(self, fd, keep=200000):
        self.fd = fd
        self.keep = keep
        self.chunks = []  # (time_ns, bytes)
        self.seen = b""

    def pump(self, timeout):
        """Reads one chunk if one comes within `timeout` seconds; whether one came."""
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return False
        try:
            chunk = os.read(self.fd, 65536)
        except OSError:
            return False
        self.chunks.append((time.time_ns(), chunk))
        self.seen = (self.seen + chunk)[-self.keep :]
        return True

    def wait_for(self, needle, timeout):
        """Reads until `needle` (bytes) was seen or `timeout` seconds passed."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if needle in self.seen:
                return True
            self.pump(0.02)
        return needle in self.seen

    def drain(self, seconds):
        """Reads whatever comes for `seconds`."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            self.pump(min(0.02, max(0, end - time.monotonic())))

    def quiet(self, quiet=0.1, limit=5.0):
        """Reads until nothing came for `quiet` seconds; the number of bytes read."""
        before = len(self.chunks)
        end = time.monotonic() + limit
        while time.monotonic() < end and self.pump(quiet):
            pass
        return sum(len(c) for _, c in self.chunks[before:])


def read_until(fd, needle, timeout):
    """Reads the pty until `needle` (bytes) was seen or `timeout` seconds passed."""
    return Screen(fd, keep=65536).wait_for(needle, timeout)


def drain(fd, seconds):
    """Reads and drops whatever the pty gives for `seconds`."""
    Screen(fd, keep=0).drain(seconds)


def write_all(fd, data):
    """Writes data, reading the pty meanwhile so that the program never blocks on it."""
    view = memoryview(data)
    while view:
        _, writable, _ = select.select([fd], [fd], [], 1)
        if writable:
            try:
                n = os.write(fd, view[:4096])
            except BlockingIOError:
                n = 0
            view = view[n:]
        try:
            os.set_blocking(fd, False)
            os.read(fd, 65536)
        except (BlockingIOError, OSError):
            pass
        finally:
            os.set_blocking(fd, True)


def wait_exit(pid, fd, timeout=4.0, poll=0.02):
    """Waits for the program to exit, reading the pty meanwhile, then closes the pty.

    Returns its exit status (128 + n for a signal), or None when it had to be killed (SIGKILL to
    its pid) after `timeout` seconds."""
    end = time.monotonic() + timeout
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done == pid:
            os.close(fd)
            code = os.waitstatus_to_exitcode(status)
            return code if code >= 0 else 128 - code
        if time.monotonic() > end:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            os.close(fd)
            return None
        ready, _, _ = select.select([fd], [], [], poll)
        if ready:
            try:
                os.read(fd, 65536)
            except OSError:
                pass


def arguments(doc, argv, **defaults):
    """A measuring script's command line: `--name VALUE` for each default given (converted to
    the default's type; None: a string), `-h`/`--help` (prints `doc`, returns None), and the
    stepflow binary to measure (default: this checkout's release build, made absolute).

    Returns (options as a dict, binary), or None after the help.
    """
    options = dict(defaults)
    binary = None
    args = list(argv)
    while args:
        a = args.pop(0)
        name = a[2:].replace("-", "_") if a.startswith("--") else None
        if name in options:
            value = args.pop(0)
            default = defaults[name]
            options[name] = value if default is None else type(default)(value)
        elif a in ("-h", "--help"):
            print(doc)
            return None
        else:
            binary = a
    return options, os.path.abspath(binary or ".build/release/stepflow")
