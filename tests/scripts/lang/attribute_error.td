# Missing attributes are AttributeError; hasattr/getattr see them.
print(hasattr(5, "foo"), hasattr("s", "upper"), getattr(5, "foo", "dflt"))
x = 5
print(x.foo)
