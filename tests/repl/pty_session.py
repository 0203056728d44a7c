"""A pseudo-terminal driver for `tdsl repl` (issue 13's REPL tests).

Session(tdsl, env) starts the program on a new pty; send(text) types text,
expect(pattern) waits until the output so far matches (a regex), returning
the match and consuming the output up to it. interrupt() sends Ctrl-C (the
terminal's VINTR character, so the line discipline raises SIGINT as a user's
keypress does), eof() Ctrl-D. Output is kept raw (escape sequences and all);
strip_ansi() removes terminal escape sequences, carriage returns and bells
for assertions (libedit redraws a completed word by moving the cursor back
to where it was, so the stripped text reads as the screen does).
"""
import os
import pty
import re
import select
import signal
import time

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Za-z0-9]|\x1b[=>]|\r|\x07")


def strip_ansi(text):
    return ANSI.sub("", text)


class Timeout(Exception):
    pass


class Session:
    def __init__(self, argv, env=None, timeout=20.0, cwd=None):
        self.timeout = timeout
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            if cwd:
                os.chdir(cwd)
            os.execve(argv[0], argv, env if env is not None else os.environ)
        self.buffer = ""
        self.transcript = ""

    def _read(self, deadline):
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return False
        ready, _, _ = select.select([self.fd], [], [], remaining)
        if not ready:
            return False
        try:
            data = os.read(self.fd, 65536)
        except OSError:
            data = b""
        if not data:
            raise EOFError("the program closed the terminal")
        text = data.decode("utf-8", "replace")
        self.buffer += text
        self.transcript += text
        return True

    def send(self, text):
        os.write(self.fd, text.encode())

    def sendline(self, line):
        self.send(line + "\r")

    def expect(self, pattern, timeout=None):
        deadline = time.monotonic() + (timeout or self.timeout)
        rx = re.compile(pattern, re.S)
        while True:
            m = rx.search(strip_ansi(self.buffer))
            if m:
                # Consume the cleaned text up to the match end.
                self.buffer = strip_ansi(self.buffer)[m.end():]
                return m
            try:
                got = self._read(deadline)
            except EOFError:
                got = False
                m = rx.search(strip_ansi(self.buffer))
                if m:
                    self.buffer = strip_ansi(self.buffer)[m.end():]
                    return m
                raise Timeout("program ended before %r appeared; transcript:\n%s" % (pattern, strip_ansi(self.transcript)))
            if not got:
                raise Timeout("no %r within %ss; transcript:\n%s" % (pattern, timeout or self.timeout, strip_ansi(self.transcript)))

    def prompt(self):
        return self.expect(r">>> $|>>> (?=\S)|>>> ")

    def interrupt(self):
        self.send("\x03")

    def eof(self):
        # A ^D typed while the terminal is still in canonical mode (libedit
        # has printed its prompt but not yet switched modes) becomes an
        # empty record that the mode switch loses; a user cannot type that
        # fast, so give libedit the time to switch first.
        time.sleep(0.3)
        self.send("\x04")

    def wait(self, timeout=None):
        """Exit status of the program (reads the terminal until it closes)."""
        deadline = time.monotonic() + (timeout or self.timeout)
        while True:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                try:
                    while self._read(time.monotonic() + 0.2):
                        pass
                except EOFError:
                    pass
                return os.waitstatus_to_exitcode(status)
            try:
                self._read(min(deadline, time.monotonic() + 0.2))
            except EOFError:
                pass
            if time.monotonic() > deadline:
                os.kill(self.pid, signal.SIGKILL)
                raise Timeout("program did not exit; transcript:\n%s" % strip_ansi(self.transcript))

    def close(self):
        try:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass
        os.close(self.fd)
