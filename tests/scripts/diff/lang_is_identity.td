a = [1]
b = [1]
print(a is b, a == b, a is a, None is None, True is True)
