# printf-style formatting: str % args, exactly as CPython 3.11.
print("%d %i %u" % (42, -7, 3))
print("%.3f|%5.2f|%-8.1f|%08.3f|%+.2f|% .2f" % (3.14159, 2.5, 1.25, -3.14159, 1.0, 2.0))
print("%s %r %a" % ("hi", "hi", "h\u00e9"))
print("[%5s][%-5s][%.2s]" % ("ab", "ab", "abcdef"))
print("%x %X %#x %#o %o %5x|%-5x|%05x" % (255, 255, 255, 8, 8, 255, 255, 255))
print("%e %E %.2e %g %G %g %g" % (12345.678, 0.000123, 1e10, 0.0001, 1e-10, 123456789.0, 100.0))
print("%%d is literal, %d%%" % 50)
print("%d" % 3.99, "%d" % -3.99, "%d" % True)
print("%5d|%-5d|%05d|%+d|% d|%.3d" % (42, 42, 42, 42, 42, 7))
print("%(name)s is %(age)d years, %(name)r" % {"name": "Ann", "age": 30})
print("%c%c%c" % (72, "i", 33))
print("%*d|%-*d|%.*f" % (6, 1, 6, 2, 2, 3.14159))
print("one value: %s" % [1, 2])
print("tuple in tuple: %s" % ((1, 2),))
print("%s" % None, "%s" % (None,))
print("%.0f %.0f %.0f" % (0.5, 1.5, 2.5))
print("%f %f %f" % (float("inf"), float("-inf"), float("nan")))
print("%010.2f|%-10.2f|%10s" % (float("inf"), -1.5, float("nan")))
print("%#g %#.3g %#e %#x" % (1.0, 2.0, 3.0, 0))
print("%ld %lf %hd" % (1, 2.5, 3))
x = 12
s = "total: %d items" % x
print(s)
s = "%s" 
s %= ("augmented",)
print(s)
print("%-6s|%6.2f|%3d" % ("name", 3.14159, 7))
for row in [("a", 1, 0.5), ("bb", 22, 10.25)]:
    print("%-3s %4d %7.3f" % row)
import torch

@torch.compile
def report(t):
    return "mean %.4f, max %.2f" % (t.mean().item(), t.max().item())

print(report(torch.tensor([1.0, 2.0, 4.0])))
print("%.2f %d" % (torch.tensor(2.5), torch.tensor(7)))
