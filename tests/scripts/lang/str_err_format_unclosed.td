# format: a field must be closed
print("{0}".format(1))
print("{0".format(1))
