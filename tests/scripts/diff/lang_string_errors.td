print("abc"[5])
