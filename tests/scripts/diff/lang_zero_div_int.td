print(1)
print(1 // 0)
