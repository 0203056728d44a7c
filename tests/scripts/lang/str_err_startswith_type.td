# startswith: a str or a tuple of str
print("abc".startswith(("x", "a")))
print("abc".startswith(["a"]))
