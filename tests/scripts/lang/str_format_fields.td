# format: automatic and manual numbering, names, indexing, conversions,
# nested fields inside a format spec, widths in code points
print("{} {} {}".format(1, "é", 2.5), "{1}{0}{1}".format("a", "b"), "{x}-{y}".format(x=1, y="ü"))
print("{0[0]}{0[1]}|{d[k]}|{d[0]}|{l[1][0]}".format("ab", d={"k": "v", 0: "zero"}, l=[1, [2]]))
print("{0!r} {0!s} {1!a} {0!r:>8}".format("é", "ü😀"), "{:{}}|{:>{w}}|".format("ab", 5, "c", w=3), "{0:^{1}.{2}}|".format("abcdef", 5, 2))
print("{{}} {{{}}} é{{x}}ö".format(7), "{:5}|{:<5}|{:^5}|{:>5}|".format("ab", 1, True, 2.5), "{:^6}|".format("日本"))
print("{0:>6.2f}|{1:,}|{2:%}|{3!s:>5}|{4}".format(3.14159, 1234567, 0.5, None, [1, "a"]), "{00}{01}".format("x", "y"))
