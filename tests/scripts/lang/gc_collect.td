# gc.collect() runs the cycle collector and returns the number of
# unreachable objects it found, as in CPython.
import gc


def self_list():
    a = [1]
    a.append(a)


def dict_pair():
    a = {}
    b = {"a": a}
    a["b"] = b


def iterator_cycle():
    items = [1, 2]
    items.append(iter(items))


def method_cycle():
    items = []
    items.append(items.append)


gc.disable()
gc.collect()
self_list()
print(gc.collect())  # 1
dict_pair()
print(gc.collect())  # 2
iterator_cycle()
print(gc.collect())  # 2: the list and its iterator
method_cycle()
print(gc.collect())  # 2: the list and the bound method
print(gc.collect())  # 0: nothing left
print(gc.collect(0), gc.collect(generation=2))
print(gc.isenabled())
gc.enable()
print(gc.isenabled())
