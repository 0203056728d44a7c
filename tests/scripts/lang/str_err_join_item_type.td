# join: every item must be a str
print("-".join(["a", "b"]))
print("-".join(["a", 2]))
