print(len([1, 2]), len("abc"), len({}), len(()), abs(-2.5), round(7), round(7.7))
print(int(True), float(False), str(True), bool("False"), list(range(3)), tuple(range(2)))
print(max([1, 5, 3], key=lambda v: -v), min([], default=0) if False else 0, any([0, 1]), all([1, 0]))
print(sum([1, 2], 10), repr(1.0), repr(None), hash(1) == hash(1))
