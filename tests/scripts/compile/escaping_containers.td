# Containers built inside a compiled function and returned are new on every
# call: mutating one does not change what later calls return (issue 10).
import torch

def f(x):
    return [x * 2, 3]

cf = torch.compile(f)
a = cf(torch.ones(2))
a.append("mutated")
a[1] = 4
b = cf(torch.ones(2))
print(a, b, a is b)

def d(x):
    return {"y": x + 1, "n": [1, 2]}

cd = torch.compile(d)
u = cd(torch.zeros(1))
u["n"].append(3)
u["z"] = 0
v = cd(torch.zeros(1))
print(u, v, u is v, u["n"] is v["n"])

# One list reached twice is one object, as in eager.
def shared(x):
    l = [x]
    return l, l

cs = torch.compile(shared)
s1, s2 = cs(torch.ones(1))
print(s1 is s2)
