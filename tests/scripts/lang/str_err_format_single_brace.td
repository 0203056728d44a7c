# format: a single } is an error
print("{{}}".format())
print("a}b".format())
