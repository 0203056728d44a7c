# A generator's __next__ as a bound method (Benchmarks Game's fasta keeps
# `gR = Random.__next__` and calls it in its loop).
def numbers():
    yield 1
    yield 2


g = numbers()
step = g.__next__
print(step(), step())
try:
    step()
except StopIteration:
    print("stop")
print(next(numbers().__iter__()), numbers().__next__())
