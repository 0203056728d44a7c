# for ... else and while ... else: the else runs when the loop ends without break.
def find(xs, target):
    for i, x in enumerate(xs):
        if x == target:
            print("found at", i)
            break
    else:
        print("not found")

find([1, 2, 3], 2)
find([1, 2, 3], 9)
find([], 1)

n = 0
while n < 3:
    n += 1
else:
    print("while done", n)

n = 0
while True:
    n += 1
    if n == 4:
        break
else:
    print("never")
print("n =", n)

def primes(limit):
    out = []
    for p in range(2, limit):
        for d in range(2, p):
            if p % d == 0:
                break
        else:
            out.append(p)
    return out

print(primes(30))

for i in range(3):
    if i == 1:
        continue
else:
    print("continue does not skip else", i)

# a name first bound in the else is defined after the loop
for k in range(2):
    pass
else:
    tail = k * 10
print(tail)

i = 5
while i > 0:
    i -= 2
    if i == 100:
        break
else:
    print("while else after", i)
