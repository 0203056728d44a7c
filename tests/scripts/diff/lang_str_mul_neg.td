print("ab" * -1, [1] * -2, "ab" * 0)
