# sys.stdin: the process's standard input as a text stream read as CPython's
# (read, readline, readlines, iteration by lines), over the native `_sysio`
# (src/vm/module_sysio.cpp; issue 15). `_sysio` is imported at the first
# read, so a host that denies it (Note [Capabilities]) keeps `import sys`
# working and makes reading standard input an ImportError.


def _input():
    import _sysio
    return _sysio


class _StandardInput:
    name = "<stdin>"
    mode = "r"
    encoding = "utf-8"
    closed = False

    def read(self, size=-1):
        return _input().read(size)

    def readline(self, size=-1):
        return _input().readline(size)

    def readlines(self):
        lines = []
        line = _input().readline()
        while line:
            lines.append(line)
            line = _input().readline()
        return lines

    def readable(self):
        return True

    def __iter__(self):
        return self

    def __next__(self):
        line = _input().readline()
        if not line:
            raise StopIteration
        return line

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return None

    def __repr__(self):
        return "<_io.TextIOWrapper name='<stdin>' mode='r' encoding='utf-8'>"


stdin = _StandardInput()
