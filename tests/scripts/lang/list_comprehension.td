# list comprehensions: filters, nesting, their own loop variables
print([x * x for x in range(6) if x % 2 == 1])
print([(a, b) for a in range(3) for b in range(a)])
print([c.upper() for c in "abc"])
x = "outer"
print([x for x in range(3)], x)
print([[j for j in range(i)] for i in range(3)])
