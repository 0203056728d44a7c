print("%d" % "x")
