# assert with a message
x = 3
assert x == 3, "fine"
assert x == 4, f"x is {x}"
