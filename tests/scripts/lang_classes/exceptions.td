# raise, try/except/else/finally, the built-in hierarchy, user subclasses.
def check(x):
    if x < 0:
        raise ValueError("negative: " + str(x))
    if x == 0:
        raise ZeroDivisionError
    return 10 // x


for x in [2, -1, 0]:
    try:
        r = check(x)
    except ValueError as e:
        print("ValueError", e, e.args, repr(e))
    except ZeroDivisionError as e:
        print("ZeroDivisionError", repr(e), str(e) == "", e.args)
    else:
        print("ok", r)
    finally:
        print("finally", x)

try:
    [1, 2][5]
except IndexError as e:
    print("caught", type(e).__name__, e)
try:
    {"a": 1}["b"]
except LookupError as e:
    print("caught", type(e).__name__, e)
try:
    1 / 0
except ArithmeticError as e:
    print("caught", type(e).__name__, e)
try:
    int("x")
except (TypeError, ValueError) as e:
    print("caught", type(e).__name__, e)
try:
    undefined_name
except NameError as e:
    print("caught", type(e).__name__, e)
try:
    None.foo
except AttributeError as e:
    print("caught", type(e).__name__, e)
try:
    "a" + 1
except Exception as e:
    print("caught", type(e).__name__, e)
try:
    assert 1 == 2, "math"
except AssertionError as e:
    print("caught", type(e).__name__, e)


class AppError(Exception):
    pass


class DetailError(AppError):
    def __init__(self, msg, code):
        super().__init__(msg)
        self.code = code


try:
    raise DetailError("bad thing", 42)
except AppError as e:
    print("AppError", e, e.code, e.args, isinstance(e, Exception), isinstance(e, DetailError))

try:
    raise AppError("a", "b")
except Exception as e:
    print(str(e), repr(e), e.args)


def reraiser():
    try:
        raise KeyError("k")
    except KeyError:
        print("handling, then re-raise")
        raise


try:
    reraiser()
except KeyError as e:
    print("outer got", repr(e), str(e))

try:
    try:
        raise ValueError("inner")
    except ValueError as e:
        raise RuntimeError("outer") from e
except RuntimeError as e:
    print("chained", e)

try:
    raise NotImplementedError("todo")
except RuntimeError as e:
    print("NotImplementedError is a RuntimeError:", e)

try:
    raise TypeError
except:
    print("bare except")


def f_finally():
    try:
        return "from try"
    finally:
        print("finally runs before return")


print(f_finally())


def loop_finally():
    out = []
    for i in range(5):
        try:
            if i == 1:
                continue
            if i == 3:
                break
            out.append(i)
        finally:
            out.append("f" + str(i))
    return out


print(loop_finally())


def nested(n):
    try:
        try:
            if n == 0:
                raise ValueError("zero")
            return 1 / n
        finally:
            print("inner finally", n)
    except ValueError as e:
        print("outer except", e)
        return -1


print(nested(0), nested(2))
print(issubclass(KeyError, LookupError), issubclass(RecursionError, RuntimeError), issubclass(ValueError, Exception))
print(isinstance(ValueError("x"), BaseException), ValueError("x").args, str(KeyError("k")))
e = ValueError("kept")
print(e, repr(e))
try:
    raise 5
except TypeError as e:
    print("TypeError:", e)


def deep(n):
    return deep(n + 1)


try:
    deep(0)
except RecursionError as e:
    print("RecursionError caught")
count = 0
while True:
    try:
        count += 1
        if count > 3:
            raise StopIteration
    except StopIteration:
        break
print("count", count)
it = iter([1])
print(next(it))
try:
    next(it)
except StopIteration as e:
    print("stop", repr(e))


class Never:
    def __next__(self):
        raise StopIteration


print(next(Never(), "default"))


def key(v):
    if v == 3:
        raise ValueError("three")
    return v


try:
    sorted([1, 3, 2], key=key)
except ValueError as e:
    print("from a native's callback:", e)
