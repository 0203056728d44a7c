# get_rng_state / set_rng_state (and a Generator's get_state / set_state)
# restore the stream exactly, the cached normal twin included.
import torch

torch.manual_seed(0)
torch.randn(1)
state = torch.get_rng_state()
a = torch.randn(3)
torch.set_rng_state(state)
b = torch.randn(3)
print(torch.equal(a, b), b)
g = torch.Generator().manual_seed(4)
s = g.get_state()
x = torch.rand(2, generator=g)
g.set_state(s)
print(torch.equal(x, torch.rand(2, generator=g)), x)
print(torch.default_generator.initial_seed(), torch.manual_seed(9).initial_seed())
