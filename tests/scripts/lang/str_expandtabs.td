# expandtabs: columns in code points, reset by \n and \r
print(repr("a\tb\tc".expandtabs()), repr("a\tbé\tc".expandtabs(4)), repr("ab\tc".expandtabs(tabsize=2)))
print(repr("\t".expandtabs(0)), repr("a\tb".expandtabs(-1)), repr("a\tb\nab\tc\rx\ty".expandtabs(3)), repr("日本\tx".expandtabs(4)))
