import torch

# Note [Identity of MaybeView results]: ops that hand back self in eager do
# so in compiled code too.
@torch.compile
def same(t):
    return t.contiguous() is t
print(same(torch.ones(3)), same(torch.ones(4, 2).t()))

@torch.compile
def same_dtype(t):
    return t.to(torch.float32) is t, t.to(torch.float64) is t
print(same_dtype(torch.ones(2)))

@torch.compile
def returned(t):
    return t.contiguous()
x = torch.ones(3)
y = torch.ones(2, 3).t()
print(returned(x) is x, returned(y) is y, returned(y).is_contiguous())

@torch.compile
def mutated(t):
    u = t.contiguous()
    u.add_(1)
    return u is t
z = torch.zeros(2)
print(mutated(z), z.tolist())

@torch.compile
def of_result(t):
    u = t * 2
    return u.contiguous() is u, (u + 1).contiguous().tolist()
print(of_result(torch.ones(2)))
