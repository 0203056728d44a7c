# isidentifier: XID_Start or '_' first, XID_Continue after
for w in ["abc", "_x1", "1abc", "", "a-b", "ñandú", "Ωμέγα", "日本", "x²", "℘x", "a·b", "·a", "ª", "a\u0301", "\u0301a", "if"]:
    print(repr(w), w.isidentifier())
