# format: conversions are !r, !s and !a
print("{0!a}".format("é"))
print("{0!x}".format("é"))
