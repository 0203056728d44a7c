# rindex raises ValueError when the substring is missing
print("héllo".rindex("l"))
print("héllo".rindex("x"))
