x = 3.14159
n = 42
s = "hi"
print(f"{x:.2f} {n:>5d} {n:<5d}| {s:10s}| {s!r} {n:05d} {x:.2e} {x:10.3f}|")
print(f"{1234567.891:,.1f} {n:x} {n:b} {n:o} {255:X} {n:+d} {-n:d} {x:g} {1e20:g} {0.0001:g}")
print(f"{s:>6}|{s:^6}|{s:*^7}|{n:,}|{x:%}|{0.25:.1%}")
print(f"{[1, 'a']} {(1,)} {None} {True} {n * 2} {'nested'}")
print(f"{x!r:>12}", f"{{literal}}")
print("{:.3f}".format(2/3), "{:>4}".format(7), format(3.5, ".1f"), format(12, "04d"))
