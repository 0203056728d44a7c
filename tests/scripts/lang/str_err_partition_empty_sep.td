# partition: an empty separator is a ValueError
print("a=b".partition("="))
print("a=b".partition(""))
