print(isinstance(1, int), isinstance(1.0, float), isinstance("a", str), isinstance([], list))
print(isinstance((), tuple), isinstance({}, dict), isinstance(True, int), isinstance(1, (str, int)))
print(type(1).__name__ if False else "int", str(type(1)) if False else "ok")
