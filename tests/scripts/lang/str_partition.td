# partition/rpartition: the first/last occurrence, or the whole string
print("a=b=c".partition("="), "a=b=c".rpartition("="), "abc".partition("x"), "abc".rpartition("x"))
print("héllo wörld".partition("ö"), "héllo wörld".rpartition("l"), "".partition("x"), "==".partition("=="))
