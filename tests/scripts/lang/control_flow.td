# if/elif/else, while, for, break, continue, nested loops
for i in range(10):
    if i == 2:
        continue
    if i == 6:
        break
    if i % 2 == 0:
        print("even", i)
    elif i == 3:
        print("three")
    else:
        print("odd", i)
n = 0
while True:
    n += 1
    if n > 3:
        break
print(n)
for i in range(3):
    for j in range(3):
        if j == i:
            break
        print(i, j)
for ch in "ab":
    print(ch)
for x in (1, 2):
    print(x)
print(1 if n > 2 else 2, 0 or "default", 5 and 6)
