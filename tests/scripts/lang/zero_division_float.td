# float division by zero
x = 1.0
print(x / 0)
