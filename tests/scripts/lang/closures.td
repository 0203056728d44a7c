# nested functions read enclosing variables through cells
def make_adder(n):
    def add(x):
        return x + n
    return add
add5 = make_adder(5)
print(add5(1), make_adder(10)(1))
def counter():
    total = 0
    def peek():
        return total
    total = 7
    return peek
print(counter()())
