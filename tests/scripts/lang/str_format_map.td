# format_map: named fields come from a mapping
print("{a}-{b}".format_map({"a": 1, "b": "x"}), "{n:>4}|{n!r}".format_map({"n": "é"}), "{{}}".format_map({}))
