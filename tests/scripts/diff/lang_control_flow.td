for i in range(10):
    if i == 2:
        continue
    if i == 6:
        break
    print(i, end=" ")
print()
n = 0
while True:
    n += 1
    if n > 4:
        break
else_hit = False
for i in range(3):
    pass
print(n, i)
x = 5 if n > 3 else 7
print(x)
for i in range(10, 0, -3):
    print(i, end=",")
print()
print(list(range(0)), list(range(5, 1)), list(range(-3, 3, 2)))
