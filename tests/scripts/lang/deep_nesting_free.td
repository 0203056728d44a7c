# Freeing very deeply nested containers does not recurse in C++.
a = []
for i in range(300000):
    a = [a]
a = None
d = {}
for i in range(300000):
    d = {"k": d}
d = None
t = ()
for i in range(300000):
    t = (t, [t])
t = None
print("freed")
