words = ["banana", "Apple", "cherry", "apple"]
print(sorted(words), sorted(words, key=str.lower) if False else sorted(words, key=lambda w: w.lower()))
print(max(words), min(words), "Z" < "a", "" < "a")
