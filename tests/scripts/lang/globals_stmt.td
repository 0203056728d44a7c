# global declarations
count = 0
def bump(k):
    global count
    count += k
bump(2)
bump(3)
print(count)
