# expandtabs: tabsize must be an int
print("a\tb".expandtabs(2))
print("a\tb".expandtabs(tabsize=None))
