# The seed's per-sample gradients (issue 16): vmap(grad(loss)) over a batch
# of 64 samples of a 10x16 linear model, written with a parameter dict
# (the model called directly: PyTorch's functional_call wants a module).
# Runs unchanged under CPython + PyTorch; prints the median time per call
# of 7 rounds of 20 calls.
import time
import torch
from torch.func import grad, vmap

torch.manual_seed(0)
params = {"weight": torch.randn(10, 16), "bias": torch.randn(10)}
x, y = torch.randn(64, 16), torch.randn(64, 10)


def model(p, inp):
    return inp @ p["weight"].T + p["bias"]


def loss_one(p, xi, yi):
    return ((model(p, xi[None]) - yi) ** 2).mean()


per_sample = vmap(grad(loss_one), in_dims=(None, 0, 0))
g = per_sample(params, x, y)
print("check", round(float(g["bias"].sum()), 3), tuple(g["weight"].shape))
times = []
for r in range(7):
    t0 = time.perf_counter()
    for i in range(20):
        per_sample(params, x, y)
    times.append((time.perf_counter() - t0) / 20)
times.sort()
print(f"per_sample_grads: 64 samples, {times[3] * 1e6:.3f} us per iteration")
