import torch
import tdsl

# Issue 10 item 20: Dynamo records one getitem per subscript; a full `:`
# dimension (also `0:` and `::1`) makes no slice node (Note [Full slices
# emit no op]). Node counts include the inputs and the output node.
def leading_colon(x):
    return x[:, 1:] * 2          # x, slice, mul, output

def colons_and_ints(x):
    a = x[:, 0]                  # select
    b = x[1:, :]                 # slice
    c = x[..., :, 1]             # select
    d = x[0:, ::1]               # alias (a new view of x)
    return a + c, b[0] * d[1]   # add, select, select, mul

def assign(x):                   # an assignment is one setitem node, as in Dynamo
    x[:, 2] = 7.0                # setitem (select, fill_)
    x[:] = x * 2                 # mul, setitem (copy_ into x itself)
    return x

def shapes(x):
    return x[:, :2].shape, x[:].shape, x[:, None, 1:].shape

x = torch.arange(12.0).reshape(3, 4)
for fn in (leading_colon, colons_and_ints, assign):
    print(fn.__name__, tdsl.explain(fn)(x.clone()).node_counts)
    print(torch.compile(fn)(x.clone()))
    print(fn(x.clone()))
print(shapes(x), torch.compile(shapes)(x))
y = x[:, :]
print(y is x, y.data_ptr() == x.data_ptr())
