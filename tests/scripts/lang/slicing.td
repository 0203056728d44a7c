# slicing with negative bounds and steps
xs = [0, 1, 2, 3, 4, 5, 6, 7]
print(xs[2:5], xs[:3], xs[5:], xs[-3:], xs[:-3], xs[::2], xs[::-1], xs[6:1:-2], xs[100:], xs[-100:2])
t = (1, 2, 3, 4)
print(t[1:], t[::-1], t[1:2])
s = "hello world"
print(s[1:4], s[-5:], s[::-1], s[::3], s[4])
