assert 1 == 1
print("ok")
assert 1 == 2, "numbers differ"
