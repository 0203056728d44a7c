print("before")
x = "a" + None
