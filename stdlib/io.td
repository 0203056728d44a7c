# io: the in-memory text stream StringIO, as CPython's (no files: tdsl has no
# file objects, docs/language.md).


class StringIO:
    """A text buffer read and written like a file; getvalue() returns it all."""

    def __init__(self, initial_value="", newline="\n"):
        if initial_value is None:
            initial_value = ""
        if not isinstance(initial_value, str):
            raise TypeError("initial_value must be str or None, not %s" % type(initial_value).__name__)
        self._text = initial_value
        self._pos = 0
        self.closed = False

    def _check_open(self):
        if self.closed:
            raise ValueError("I/O operation on closed file")

    def write(self, s):
        self._check_open()
        if not isinstance(s, str):
            raise TypeError("string argument expected, got '%s'" % type(s).__name__)
        if self._pos == len(self._text):
            self._text = self._text + s
        else:
            if self._pos > len(self._text):
                self._text = self._text + "\0" * (self._pos - len(self._text))
            self._text = self._text[:self._pos] + s + self._text[self._pos + len(s):]
        self._pos += len(s)
        return len(s)

    def writelines(self, lines):
        for line in lines:
            self.write(line)

    def getvalue(self):
        self._check_open()
        return self._text

    def read(self, size=-1):
        self._check_open()
        end = len(self._text) if size is None or size < 0 else min(len(self._text), self._pos + size)
        start = min(self._pos, len(self._text))
        self._pos = max(self._pos, end)
        return self._text[start:end]

    def readline(self, size=-1):
        self._check_open()
        start = min(self._pos, len(self._text))
        newline = self._text.find("\n", start)
        end = len(self._text) if newline < 0 else newline + 1
        if size is not None and size >= 0:
            end = min(end, start + size)
        self._pos = max(self._pos, end)
        return self._text[start:end]

    def readlines(self):
        lines = []
        line = self.readline()
        while line:
            lines.append(line)
            line = self.readline()
        return lines

    def __iter__(self):
        return self

    def __next__(self):
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    def seek(self, pos, whence=0):
        self._check_open()
        if whence == 0:
            if pos < 0:
                raise ValueError("Negative seek position %d" % pos)
            self._pos = pos
        elif whence == 1:
            if pos != 0:
                raise OSError("Can't do nonzero cur-relative seeks")
        elif whence == 2:
            if pos != 0:
                raise OSError("Can't do nonzero end-relative seeks")
            self._pos = len(self._text)
        else:
            raise ValueError("Invalid whence (%d, should be 0, 1 or 2)" % whence)
        return self._pos

    def tell(self):
        self._check_open()
        return self._pos

    def truncate(self, size=None):
        self._check_open()
        if size is None:
            size = self._pos
        if size < 0:
            raise ValueError("Negative size value %d" % size)
        self._text = self._text[:size]
        return size

    def flush(self):
        self._check_open()

    def close(self):
        self.closed = True

    def readable(self):
        self._check_open()
        return True

    def writable(self):
        self._check_open()
        return True

    def seekable(self):
        self._check_open()
        return True

    def __enter__(self):
        self._check_open()
        return self

    def __exit__(self, *exc):
        self.close()
