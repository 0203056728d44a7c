# hashing a tuple nested 200,000 deep is a RecursionError, not a stack
# overflow (issue 10)
t = 1
for i in range(200000):
    t = (t,)
print(len(t))
print(hash(t))
