# format: a positional field past the arguments
print("{1}".format("a", "b"))
print("{2}".format("a", "b"))
