# A string past 4 GiB is a ResourceError raised before allocating
# (Note [Container size limits]), never an exhausted machine.
print(len("ab" * 3))
s = "a" * 10**12
