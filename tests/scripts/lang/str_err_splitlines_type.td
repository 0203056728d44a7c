# splitlines: keepends must be an int or bool
print("a\nb".splitlines(1))
print("a\nb".splitlines("yes"))
