print(sorted([1, "a"]))
