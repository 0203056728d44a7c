# missing argument, unexpected keyword
def f(a, b=2):
    return a * b
print(f(3), f(3, 4), f(b=5, a=1))
f(c=1)
