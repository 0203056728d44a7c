# Issue 12: gathers as loads and stores into buffers from outside a fused
# group (Note [Fused gathers], [Fused stores]): the seed's composed, a gather
# chain over a stepped view, index_copy_ / index_put_ of computed values
# (repeated indices keep eager's order: the last write wins; index_put_'s
# negative indices count from the end), in-place writes into views, and
# out-of-range indices raising eager's errors. Same output in every mode.
import torch

def composed(field, delta, indices, gain):
    field[1:-1].add_(delta)
    values = torch.index_select(field, 0, indices) * gain
    field.index_copy_(0, indices, values)

def gather_chain(x, i, y):
    return torch.index_select(x, 0, i) * 2.0 + y

def copy_values(field, i, v):
    field.index_copy_(0, i, v * 3.0 - 1.0)

def put_values(field, i, v):
    field.index_put_((i,), v + 0.5)

def view_write(m, r):
    m.t()[1:].add_(r)
    m[::2].mul_(-1.0)

c_composed = torch.compile(composed)
field = torch.linspace(0.25, 1.25, 12, dtype=torch.float64)
delta = torch.linspace(-0.5, 0.5, 10, dtype=torch.float64)
indices = torch.arange(0, 12, 3)
gain = torch.tensor([1.0, 2.0, -1.0, 0.5], dtype=torch.float64)
for _ in range(3):
    c_composed(field, delta, indices, gain)
print(field)
# Repeated indices: values gathered before any is stored, as eager does.
c_composed(field, delta, torch.tensor([1, 1, 4, 1]), gain)
print(field)

x = torch.arange(20, dtype=torch.float32)
print(torch.compile(gather_chain)(x[1::2], torch.tensor([9, 0, 3, 3, 7]), torch.tensor(0.25)))

f = torch.zeros(6)
torch.compile(copy_values)(f, torch.tensor([5, 0, 5, 2]), torch.tensor([1.0, 2.0, 3.0, 4.0]))
print(f)
torch.compile(put_values)(f, torch.tensor([-1, 1, -6]), torch.tensor([10.0, 20.0, 30.0]))
print(f)

m = torch.arange(12, dtype=torch.float64).reshape(4, 3)
torch.compile(view_write)(m, torch.tensor([1.0, 2.0, 3.0, 4.0], dtype=torch.float64))
print(m)

# (Errors after a mutation are left out: aot_eager's functional graph
# writes its inputs back only at the end, so it differs there by design.)
for bad in [torch.tensor([10]), torch.tensor([-1])]:
    try:
        torch.compile(gather_chain)(x[1::2], bad, torch.tensor(0.25))
    except IndexError as e:
        print("IndexError:", e)
    try:
        torch.compile(copy_values)(f, bad, torch.tensor([1.0]))
    except IndexError as e:
        print("IndexError:", e)
try:
    torch.compile(put_values)(f, torch.tensor([6]), torch.tensor([1.0]))
except IndexError as e:
    print("IndexError:", e)
print(f)
