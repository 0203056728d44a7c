# string concatenation, repetition, comparison, iteration
s = "ab" + "cd"
print(s, "x" * 3, 3 * "y", "a" < "b", len(s), s[0], s[-1])
print([c for c in "héllo"], len("héllo"), "héllo"[1])
