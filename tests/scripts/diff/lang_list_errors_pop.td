a = []
print(a.pop())
