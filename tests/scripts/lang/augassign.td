# augmented assignment on names, subscripts; list += mutates in place
x = 5
x += 2
x *= 3
x -= 1
x //= 4
x **= 2
print(x)
xs = [1, 2, 3]
alias = xs
xs += [4]
print(alias)
xs[0] += 10
xs[1:3] = [7]
print(xs)
d = {"n": 1}
d["n"] += 5
print(d)
s = "ab"
s += "c"
print(s)
