def total(values):
    counter = 0
    for v in values:
        counter += v
    return countr

print(total([1, 2]))
