print(1 and 2, 0 and 2, 1 or 2, 0 or 2, None or 'x', not 0, not [], not [1])
print(bool(0), bool(''), bool('a'), bool([]), bool({}), bool(0.0), bool(None))
x = [] or [1]
print(x)
