# format: replacement fields nest one level inside a format spec
print("{0:{1}}".format(1, 3))
print("{0:{1:{2}}}".format(1, 3, 4))
