# io.StringIO and print(file=...) to any object with a write method, as
# CPython (pyperformance's hexiom prints its board into a StringIO).
import io
import sys

s = io.StringIO()
print("a", 1, sep="-", end="!\n", file=s)
print(end="\n", file=s)
print(s.write("xyz\nw"), repr(s.getvalue()), s.tell())
s.seek(0)
print(repr(s.readline()), repr(s.read(3)), s.readlines(), list(io.StringIO("p\nq\n")))
s.seek(2)
s.write("Z")
print(repr(s.getvalue()), s.truncate(4), repr(s.getvalue()))
with io.StringIO("init") as t:
    t.write("AB")
    print(t.getvalue(), t.closed)
print(t.closed)
try:
    t.getvalue()
except ValueError as e:
    print("ValueError", e)
try:
    io.StringIO().write(3)
except TypeError as e:
    print("TypeError", e)


class Collect:
    def __init__(self):
        self.parts = []

    def write(self, text):
        self.parts.append(text)


c = Collect()
print("x", 2, file=c)
print(c.parts)
print("to stdout", file=sys.stdout)
print("to none", file=None)
