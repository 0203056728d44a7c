# A list past 2^28 items is a ResourceError raised before allocating
# (Note [Container size limits]).
print(len([0, 1] * 3))
xs = [0, 1] * (2**27 + 1)
