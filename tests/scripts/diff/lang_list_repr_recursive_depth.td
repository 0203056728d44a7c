a = [1]
a.append(a)
print(len(a))
