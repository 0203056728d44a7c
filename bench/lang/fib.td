# Recursive Fibonacci: call overhead (frames, argument passing, returns).
# Also valid Python: `python3 bench/lang/fib.td` runs the same program.
def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


print(fib(27))
