# index raises ValueError when the substring is missing
print("héllo".index("l"))
print("héllo".index("é", 2))
