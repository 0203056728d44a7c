print("no fields" % 5)
