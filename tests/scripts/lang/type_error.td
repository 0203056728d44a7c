# unsupported operand types
x = 1
y = "a"
z = x + y
