# Compile time against graph size (issue 10): a loop of in-place updates of
# successively sliced views, `x[i % 4].add_(1); x = x[1:]`, traces into one
# graph of 3 * n + 2 nodes (select, add_, slice per iteration). Each size is
# compiled fresh; compile = first compiled call minus a cached call, median of
# 3. The passes were quadratic or worse here (2,402 nodes took 87 s); target:
# 10,000 nodes in under 1 s. `tdsl run --stats` reports the same compile
# times per graph, with the node counts.
import time
import torch

def shifted_updates(x, n):
    for i in range(n):
        x[i % 4].add_(1)
        x = x[1:]
    return x

def median(xs):
    s = sorted(xs)
    return s[len(s) // 2]

for n in (100, 333, 1000, 3333):
    compiles = []
    for r in range(3):
        compiled = torch.compile(shifted_updates)
        x = torch.zeros(n + 8, 4)
        start = time.perf_counter()
        compiled(x, n)
        first = time.perf_counter() - start
        start = time.perf_counter()
        compiled(x, n)
        cached = time.perf_counter() - start
        compiles.append((first - cached) * 1e3)
    print(f"compile_scaling: {3 * n + 2} nodes, compile {median(compiles):.1f} ms (target: 10,000 nodes < 1000 ms)")
