# splitlines: \n \r \r\n \v \f \x1c \x1d \x1e \x85 \u2028 \u2029 end lines
s = "one\ntwo\r\nthree\rfour\vfive\x0csix\x1cseven\x1deight\x1enine\x85ten\u2028eleven\u2029end"
print(s.splitlines())
print("a\n\nb\r\n".splitlines(), "a\n\nb\r\n".splitlines(True), "a\n\nb\r\n".splitlines(keepends=True))
print("".splitlines(), "\n".splitlines(), "x".splitlines(), "x\r".splitlines(1), "é\nö".splitlines(0), "a\x1fb".splitlines())
