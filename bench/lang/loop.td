# A 10-million-iteration arithmetic while loop: dispatch and int fast paths.
# Also valid Python.
def loop(n):
    i = 0
    acc = 0
    while i < n:
        acc = (acc + i * 3) % 1000003
        i += 1
    return acc


print(loop(10000000))
