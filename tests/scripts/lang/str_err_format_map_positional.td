# format_map: positional fields are an error
print("{x}".format_map({"x": 1}))
print("{0}".format_map({"x": 1}))
