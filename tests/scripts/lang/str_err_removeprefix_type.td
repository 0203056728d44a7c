# removeprefix: the prefix must be a str
print("ab".removeprefix("a"))
print("ab".removeprefix(None))
