# translate: a mapped code point must be below 0x110000
print("ab".translate({97: 0x10FFFF}) == "\U0010ffffb")
print("ab".translate({97: 0x110000}))
