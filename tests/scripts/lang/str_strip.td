# strip/lstrip/rstrip: Python whitespace by default, or a set of characters
print(repr("  \t a b \n ".strip()), repr("\x1c\x1fa\x1e".strip()), repr("\xa0\u3000a\u2003\x85".strip()), repr("\u200ba".strip()))
print(repr("  a  ".lstrip()), repr("  a  ".rstrip()), repr("  a  ".strip(None)), repr("".strip()), repr("   ".strip()))
print("xxhixyx".strip("xy"), "xxhixyx".lstrip("x"), "xxhixyx".rstrip("yx"), "abc".strip(""), "aaa".strip("a") == "")
print("ééhiöé".strip("é"), "éöhiöé".strip("öé"), "日本語日".strip("日"), "éa".lstrip("e"), "aé".rstrip("\xa9"))
