# multiplication overflow
print(3037000499 * 3037000499)
print(3037000500 * 3037000500)
