s = "héllo wörld ✓"
print(s, len(s), s[1], s[-1], repr(s))
print("日本語"[1], len("日本語"), "ü" in s)
print([c for c in "añb"])
print(ord("A"), chr(97), ord("é"))
