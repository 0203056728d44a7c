# time module: perf_counter is monotonic
import time
a = time.perf_counter()
b = time.perf_counter()
print(b >= a, time.time() > 1600000000)
