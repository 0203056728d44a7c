# f-strings with format specs and conversions
name = "tdsl"
pi = 3.14159265
n = 42
print(f"{name:10s}|{name:>10}|{name!r}|{n:5d}|{n:<5d}|{n:05d}")
print(f"{pi:.2f} {pi:.3e} {1234567.891:,.1f} {0.5:.0%} {n:x} {n:b}")
print(f"{n * 2} {[1, 2]} {{braces}} {True} {None}")
width = 8
print(f"{pi:{width}.3f}|")
