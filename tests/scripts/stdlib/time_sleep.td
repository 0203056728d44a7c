# time.sleep (Note [Interruptible sleep] in src/vm/modules.cpp): it sleeps
# at least as long as asked; its argument errors are CPython's.
import time

t0 = time.monotonic()
time.sleep(0.03)
print(time.monotonic() - t0 >= 0.03)
print(time.sleep(0), time.sleep(False), time.sleep(0.0), time.sleep(1e-9))
for bad in ["a", None, [0.1], -1, -0.5, float("nan"), 1e300, float("inf"), 9223372036.9, 9223372037, 2**62]:
    try:
        time.sleep(bad)
        print("slept", bad)
    except (TypeError, ValueError, OverflowError) as e:
        print(type(e).__name__, e)
try:
    time.sleep()
except TypeError as e:
    print("TypeError")
try:
    time.sleep(0, 1)
except TypeError as e:
    print("TypeError")
