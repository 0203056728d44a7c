d = {}
for i in range(200000):
    d = {"k": d}
d = 0
t = ()
for i in range(200000):
    t = (t,)
t = 0
print("freed")
