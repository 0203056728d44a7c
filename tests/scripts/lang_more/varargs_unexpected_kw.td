def f(*args):
    return args

f(**{"a": 1})
