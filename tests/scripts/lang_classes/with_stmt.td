# with statements and context managers.
class Ctx:
    def __init__(self, name, suppress=False):
        self.name = name
        self.suppress = suppress

    def __enter__(self):
        print("enter", self.name)
        return self.name.upper()

    def __exit__(self, exc_type, exc, tb):
        print("exit", self.name, exc_type.__name__ if exc_type is not None else None, exc)
        return self.suppress


with Ctx("a") as v:
    print("body", v)

with Ctx("a") as x, Ctx("b") as y:
    print("two", x, y)

with Ctx("s", True):
    raise ValueError("swallowed")
print("after suppressed")

try:
    with Ctx("p"):
        raise KeyError("passes")
except KeyError as e:
    print("caught", repr(e))


def early():
    with Ctx("r"):
        return "returned"


print(early())
for i in range(3):
    with Ctx("loop" + str(i)):
        if i == 1:
            continue
        if i == 2:
            break
        print("loop body", i)
try:
    with 5:
        pass
except TypeError as e:
    print("TypeError:", e)
