import torch
# & | ^ ~ and &= |= ^= on tensors: bitwise_and/or/xor/not with PyTorch's dtype rules.
b = torch.tensor([True, False, True])
c = torch.tensor([False, False, True])
i = torch.tensor([1, 2, 3])
i32 = torch.tensor([1, 2, 3], dtype=torch.int32)
print(b & c, b | c, b ^ c, ~b)
print(b | True, True | b, b ^ 1, 1 ^ b, b & 2, b | 3)
print(i & 1, 1 & i, i | 4, i ^ -1, ~i, i | True)
print(i32 & 1, i32 & i, i32 & b, b & i32, ~i32)
print(i32 | 2 ** 40)
print(i & torch.ones(2, 1, dtype=torch.long))
print(torch.tensor(5) & torch.tensor([1, 2]))
print(torch.bitwise_and(i, 3), torch.bitwise_and(3, i), torch.bitwise_or(i, i32), torch.bitwise_xor(b, b))
print(i.bitwise_or(4), i.bitwise_xor(i), b.bitwise_not(), torch.bitwise_not(i32))
print(torch.tensor(True) & i32)
# In place.
y = i.clone()
y &= 2
print(y)
y |= torch.tensor([8, 0, 0])
print(y)
y ^= 1
print(y)
z = b.clone()
z |= torch.tensor([False, True, False])
print(z)
z ^= True
print(z)
w = i32.clone()
print(w.bitwise_and_(i), w)
print(w.bitwise_not_(), w)
print(b.clone().bitwise_or_(True))
# Logical ops and their in-place forms.
print(torch.logical_and(i, b), torch.logical_or(i, c), torch.logical_xor(b, c), torch.logical_not(i))
f = torch.tensor([0., 1.5, -2.])
print(f.clone().logical_and_(torch.tensor([1, 0, 1])), f.clone().logical_not_(), i.clone().logical_or_(c))
# Masks.
x = torch.tensor([-2., 1., 3., 7., 4.5])
mask = (x > 0) & (x < 5)
print(mask)
print(x[mask])
print(x[(x < 0) | (x > 5)])
print(x[~mask])
print(x[(x > 0) ^ (x > 3)])
x[mask & (x > 2)] = 0.
print(x)
m2 = x > 0
m2 &= x < 5
print(m2)
