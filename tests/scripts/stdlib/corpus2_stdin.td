# sys.stdin read as CPython reads it: readline (with size), iteration by
# lines, read(n), read() of the rest, readlines at EOF (bg_knucleotide
# iterates over stdin twice, the second loop continuing where the first broke).
import sys
import torch
from sys import stdin


@torch.compile
def first_line_length():
    return torch.tensor(len(stdin.readline()))


print(first_line_length())
print(repr(sys.stdin.readline(3)), repr(stdin.readline()))
for line in stdin:
    print("first", repr(line))
    if line.startswith(">"):
        break
for line in stdin:
    print("second", repr(line))
    if line[0] == "#":
        break
print(repr(stdin.read(4)), repr(stdin.read()))
print(repr(stdin.read()), repr(stdin.readline()), stdin.readlines(), list(stdin))
print(stdin, stdin.name, stdin.readable())
try:
    stdin.read("x")
except TypeError as e:
    print("TypeError", e)

