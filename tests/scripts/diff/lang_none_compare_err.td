print(None < 1)
