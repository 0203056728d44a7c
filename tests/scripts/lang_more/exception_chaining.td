# Exception chaining: raise ... from (__cause__, __suppress_context__), the
# implicit __context__ of a raise inside an except body.


class ConfigError(Exception):
    pass


def load(d, key):
    try:
        return d[key]
    except KeyError as e:
        raise ConfigError("missing " + key) from e


try:
    load({}, "port")
except ConfigError as e:
    print(repr(e), repr(e.__cause__), e.__suppress_context__, repr(e.__context__))


def convert(s):
    try:
        return int(s)
    except ValueError:
        raise TypeError("not a number: " + s)


try:
    convert("x")
except TypeError as e:
    print(repr(e), e.__cause__, type(e.__context__).__name__, e.__suppress_context__)

try:
    raise ValueError("plain")
except ValueError as e:
    print(e.__cause__, e.__context__, e.__suppress_context__)

try:
    try:
        raise KeyError("k")
    except KeyError:
        raise RuntimeError("hidden") from None
except RuntimeError as e:
    print(repr(e.__cause__), e.__suppress_context__, repr(e.__context__))

try:
    raise RuntimeError("outer") from ValueError("never raised")
except RuntimeError as e:
    print(repr(e.__cause__), e.__cause__.__context__)
