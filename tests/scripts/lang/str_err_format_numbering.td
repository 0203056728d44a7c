# format: automatic and manual field numbering do not mix
print("{0}{1}".format("a", "b"))
print("{}{1}".format("a", "b"))
