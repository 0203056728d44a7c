# int overflow is an error, never wrap-around
x = 9223372036854775807
print(x)
y = x + 1
print(y)
