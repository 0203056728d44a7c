# deep recursion is a RecursionError, not a crash
def down(n):
    return down(n + 1)
down(0)
