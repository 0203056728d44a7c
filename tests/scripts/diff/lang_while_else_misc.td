i = 0
total = 0
while i < 100:
    total += i
    i += 1
print(total)
res = []
for a in range(3):
    for b in range(3):
        if b > a:
            break
        res.append((a, b))
print(res)
