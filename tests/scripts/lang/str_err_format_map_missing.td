# format_map: a missing name is a KeyError
print("{x}".format_map({"x": 1}))
print("{y}".format_map({"x": 1}))
