print("a\tb", "c\\d", 'q\'s', "uni\u00e9", "nl\nx")
print(repr("\x00\x7f"), len("\n"), "a\
b" if False else "ab")
