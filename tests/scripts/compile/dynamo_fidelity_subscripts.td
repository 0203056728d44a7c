import torch
import tdsl

# Issue 10 item 20: Dynamo's FX graph has one getitem (or setitem) node per
# subscript, however many dimensions it narrows (Note [One node per
# subscript]). Node counts include the inputs and the output node; the
# comments give Dynamo's nodes. Results are bit-identical to eager.
def narrow2(x):                  # x, getitem, mul, output
    return x[1:3, 2:4] * 2

def three(x):                    # x, getitem, getitem, getitem, mul, output
    a = x[1:, 1:4, 2]
    b = x[:3, 1:4, ::2]
    return a * b[:, :, 0]

def with_none(x):                # x, getitem, getitem, sum, add, output
    return x[None, 1:, 0] + x[..., 1, None, 2:3].sum()

def advanced(x, i):              # x, i, getitem, getitem, getitem, add, output
    return x[i, 1:] + x[1:3, i][:, 0:1]

def assign(x):                   # x, setitem, getitem, iadd, setitem, output
    x[1:, :2] = 0.0
    x[0, 1:3] += 1
    return x

def loop(x):                     # x, then per iteration a getitem and an add; output
    s = x[0, 0:1]
    for k in range(3):
        s = s + x[k, k:k + 1]
    return s

x2 = torch.arange(20.).reshape(4, 5)
x3 = torch.arange(120.).reshape(4, 5, 6)
idx = torch.tensor([0, 2])
print(tdsl.explain(narrow2)(x2).node_counts, tdsl.explain(three)(x3).node_counts)
print(tdsl.explain(with_none)(x3).node_counts, tdsl.explain(advanced)(x2, idx).node_counts)
print(tdsl.explain(assign)(x2.clone()).node_counts, tdsl.explain(loop)(x2).node_counts)
print(torch.equal(torch.compile(narrow2)(x2), narrow2(x2)), torch.equal(torch.compile(three)(x3), three(x3)))
print(torch.equal(torch.compile(with_none)(x3), with_none(x3)))
print(torch.equal(torch.compile(advanced)(x2, idx), advanced(x2, idx)))
print(torch.equal(torch.compile(assign)(x2.clone()), assign(x2.clone())), torch.equal(torch.compile(loop)(x2), loop(x2)))
print(torch.compile(assign)(x2.clone()))
