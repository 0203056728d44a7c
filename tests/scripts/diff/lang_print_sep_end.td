print(1, 2, sep=", ", end=";\n")
print("x", end="")
print("y")
