def f():
    def g():
        nonlocal q
        q = 1
    g()
