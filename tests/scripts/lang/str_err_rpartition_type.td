# rpartition: the separator must be a str
print("a=b".rpartition("="))
print("a=b".rpartition(None))
