# Class-body annotations are kept in __annotations__, in order, as their
# source text (as CPython keeps them under `from __future__ import
# annotations`); annotations in methods and functions are not recorded, and
# annotations tdsl could not evaluate cost nothing.
class A:
    string: str
    lst: list[int] = 3
    if True:
        flag: bool
    union: A | None = None

    def m(self):
        local: int = 1
        return local


print(A.__annotations__, A.lst, A.union, A().m())


class B(A):
    extra: dict[str, int]


print(B.__annotations__, A.__annotations__ is not B.__annotations__)


def f():
    y: int = 2
    return y


print(f(), hasattr(f, "__annotations__") and f.__annotations__ != {})
