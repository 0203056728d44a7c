print(True + 1, True * 2.5, -True, True // 1, sum([True, True, False]), True & False if False else 0)
