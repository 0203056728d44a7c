# format: a missing keyword is a KeyError
print("{a}".format(a=1))
print("{b}".format(a=1))
