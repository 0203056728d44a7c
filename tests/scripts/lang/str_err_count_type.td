# count: the substring must be a str
print("abc".count("a"))
print("abc".count(None))
