# A training step of a two-layer MLP (issue 16): the loss is a
# torch.compile'd function, its backward runs outside it through the
# compiled backward (Note [Compiled backward]), the SGD update under
# no_grad. 256 samples, 32 -> 64 -> 1, float32, one thread. Runs unchanged
# under CPython + PyTorch (inductor there); prints the median time per step
# of 7 rounds of 20 steps, after a warm-up that compiles.
import time
import torch

torch.set_num_threads(1)
torch.manual_seed(0)
x, y = torch.randn(256, 32), torch.randn(256, 1)
w1 = (torch.randn(32, 64) * 0.1).requires_grad_()
b1 = torch.zeros(64, requires_grad=True)
w2 = (torch.randn(64, 1) * 0.1).requires_grad_()
b2 = torch.zeros(1, requires_grad=True)
params = [w1, b1, w2, b2]


@torch.compile
def loss_fn(x, y):
    h = torch.tanh(x @ w1 + b1)
    return ((h @ w2 + b2 - y) ** 2).mean()


def step():
    loss = loss_fn(x, y)
    loss.backward()
    with torch.no_grad():
        for p in params:
            p -= 0.01 * p.grad
            p.grad.zero_()
    return loss


for i in range(3):
    first = step()
print("check", round(float(first), 4))
times = []
for r in range(7):
    t0 = time.perf_counter()
    for i in range(20):
        step()
    times.append((time.perf_counter() - t0) / 20)
times.sort()
print(f"compiled_train_step: 256x32 MLP, {times[3] * 1e6:.3f} us per iteration")
