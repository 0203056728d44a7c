sq = lambda x: x * x
print(sq(4), (lambda a, b=2: a * b)(3), (lambda: 7)())
print(sorted([(1, 'b'), (0, 'c'), (2, 'a')], key=lambda p: p[1]))
print(list(map(lambda x: x + 1, [1, 2, 3])), list(filter(lambda x: x % 2, range(7))))
