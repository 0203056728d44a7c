# find: the substring must be a str
print("abc".find("b"))
print("abc".find(1))
