# Every code point's character classes and case mappings, compactly: a line
# "U+FIRST FLAGS" where the set of true predicates changes, then one line per
# code point whose upper/lower/title/casefold is not itself. Compared with
# CPython by ctest's str_unicode (tests/diff/run_diff.py --cases
# tests/diff/unicode; a few seconds). Note [Character properties] in
# src/vm/str_unicode.h.
def flags(ch):
    f = 0
    if ch.isalpha():
        f += 1
    if ch.isdecimal():
        f += 2
    if ch.isdigit():
        f += 4
    if ch.isnumeric():
        f += 8
    if ch.isspace():
        f += 16
    if ch.islower():
        f += 32
    if ch.isupper():
        f += 64
    if ch.istitle():
        f += 128
    if ch.isidentifier():
        f += 256
    if ("a" + ch).isidentifier():
        f += 512
    if ch.isprintable():
        f += 1024
    if ch.isalnum():
        f += 2048
    if len(("x" + ch).splitlines()) > 1:
        f += 4096
    # Case_Ignorable and Cased, as the final sigma sees them.
    if ("A" + ch + "Σ").lower()[-1] == "ς":
        f += 8192
    if ("AΣ" + ch).lower()[1] == "ς":
        f += 16384
    return f


def hexes(s):
    return " ".join([f"U+{ord(x):04X}" for x in s])


previous = -1
for c in range(0x110000):
    f = flags(chr(c))
    if f != previous:
        print(f"U+{c:04X} {f}")
        previous = f
for c in range(0x110000):
    ch = chr(c)
    u = ch.upper()
    l = ch.lower()
    t = ch.title()
    k = ch.casefold()
    if u != ch or l != ch or t != ch or k != ch:
        print(f"U+{c:04X}: {hexes(u)} | {hexes(l)} | {hexes(t)} | {hexes(k)} | {hexes(ch.swapcase())} {hexes(ch.capitalize())}")
