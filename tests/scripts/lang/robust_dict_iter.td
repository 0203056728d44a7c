# adding to a dict while iterating over it stops with CPython's RuntimeError
# instead of growing until memory runs out (issue 10)
d = {0: 0}
for k in d:
    d[k] = 1
print(d)
for k in d:
    d[k + 1] = 0
