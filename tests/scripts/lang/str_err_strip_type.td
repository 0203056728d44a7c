# strip: chars must be None or a str
print("xax".strip("x"))
print("xax".strip(1))
