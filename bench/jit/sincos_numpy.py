# NumPy's (sin(x)**2 + cos(x)**2) * 2 on 10^7 float32, timed as sincos.td
# (median of 11 calls after a warm-up call), for bench/jit/run_jit.py.
import time

import numpy as np

x = np.random.rand(10000000).astype(np.float32)

def sincos(x):
    return (np.sin(x) ** 2 + np.cos(x) ** 2) * 2

sincos(x)
times = []
for _ in range(11):
    t0 = time.perf_counter()
    sincos(x)
    times.append(time.perf_counter() - t0)
times.sort()
print(f"sincos: {times[5] * 1e3:.3f} ms per iteration")
