# translate and maketrans: code points to code points, strings or None
print("abcabc".translate({97: "X", 98: None, 99: 100}), "héllo".translate({233: "e"}), "abc".translate({}))
t = "".maketrans("abé", "xyz")
print(t, "abéé".translate(t))
t = "".maketrans("ab", "xy", "c")
print(t, "abcd".translate(t))
print("".maketrans({"a": "1", 98: None}), "ab".translate("".maketrans({"a": "éé"})), "ab".translate(["x"] * 98))
