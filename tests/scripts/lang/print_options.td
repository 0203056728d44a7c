# print with sep and end
print(1, 2, 3, sep="-")
print("a", end="")
print("b", end="!\n")
print()
print("x", "y", sep="", end="\n")
print([1, "a", 2.5, None, True, (1,), ()], {"k": [1]})
