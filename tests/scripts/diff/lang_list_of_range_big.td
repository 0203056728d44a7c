x = list(range(10**12))
