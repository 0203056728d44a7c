print("%d and %d" % (1,))
