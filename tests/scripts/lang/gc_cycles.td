# Reference cycles are freed by the cycle collector; a cycle that a global,
# or a running function's variable, still reaches is kept intact.
import gc


def cycles(n):
    for i in range(n):
        node = {"i": i}
        node["self"] = node


def closure_cycle():
    def again():
        return again
    return again() is again


def busy():
    mine = [0]
    mine.append(mine)
    freed = gc.collect()
    return freed, len(mine), mine[1] is mine


keep = [0]
keep.append(keep)
gc.disable()
gc.collect()
cycles(1000)
print(gc.collect())  # 1000
print(len(keep), keep[1] is keep)
print(busy())
print(closure_cycle(), gc.collect() > 0)
gc.enable()
cycles(100000)  # collected automatically along the way
print(gc.collect() < 100000)
keep = None
print(gc.collect())  # 1: keep's list
