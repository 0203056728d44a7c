def make_counter():
    count = [0]
    def inc():
        count[0] += 1
        return count[0]
    return inc
c = make_counter()
c(); c()
print(c())
def adder(n):
    return lambda x: x + n
add5 = adder(5)
print(add5(10), adder(1)(1))
fs = [lambda x, i=i: x + i for i in range(3)]
print([f(10) for f in fs])
def outer():
    x = 1
    def inner():
        return x + 1
    x = 10
    return inner()
print(outer())
