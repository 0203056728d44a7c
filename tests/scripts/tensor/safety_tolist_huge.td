# tolist() of a view with 2**32 elements (four real ones, as_strided with a
# zero stride) is a clean error before it builds the list, not minutes of
# swapping (found by gen_hostile's strided programs).
import torch
a = torch.zeros(4)
v = a.as_strided((2**32, 1), (0, 1))
print(v.shape)
print(len(v.tolist()))
