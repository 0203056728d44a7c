class MyError(ValueError):
    pass


def f():
    raise MyError("boom")


try:
    f()
finally:
    print("cleanup")
