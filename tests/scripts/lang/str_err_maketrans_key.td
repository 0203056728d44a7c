# maketrans: string keys must be one character
print("".maketrans({"a": None}))
print("".maketrans({"ab": None}))
