print("%d %z" % (1, 2))
