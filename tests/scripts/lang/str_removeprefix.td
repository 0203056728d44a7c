# removeprefix/removesuffix: only a whole prefix/suffix goes
print("héllo".removeprefix("hé"), "héllo".removeprefix("é"), "héllo".removeprefix(""), "héllo".removeprefix("héllo!"))
print("héllo".removesuffix("lo"), "héllo".removesuffix("l"), "héllo".removesuffix(""), "".removesuffix("x"), "aa".removesuffix("aa") == "")
