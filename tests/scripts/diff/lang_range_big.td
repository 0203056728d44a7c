r = range(10**12)
print(len(r), r[5], r[-1], 10**11 in r)
for i in range(10**12):
    if i > 2:
        break
print(i)
