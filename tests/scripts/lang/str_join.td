# join: lists, tuples and any other iterable of str
print(", ".join(["a", "b", "c"]), "".join(("x", "y")), "-".join("abc"), "é".join(["日", "本"]), repr("-".join([])))
print("+".join({"k": 1, "v": 2}), "|".join(["only"]), " ".join([w.upper() for w in "ab cd".split()]))
print(",".join(reversed(["a", "b"])), "".join(map(str, [1, 2, 3])))
