# json.dumps (indent, sort_keys, separators, ensure_ascii) and json.loads, as CPython.
import json

data = {"name": "tdsl", "version": 1.5, "tags": ["a", "b"], "ok": True, "none": None, "n": -3,
        "nested": {"z": [1, 2.0, [], {}], "a": "x\"y\\z\n\u00e9\u4e2d"}}
print(json.dumps(data))
print(json.dumps(data, sort_keys=True))
print(json.dumps(data, indent=2))
print(json.dumps([1, [2, 3]], indent=4, sort_keys=True))
print(json.dumps({"a": 1, "b": [1, 2]}, separators=(",", ":")))
print(json.dumps("caf\u00e9 \U0001f600", ensure_ascii=False), json.dumps("\U0001f600"))
print(json.dumps({1: "int key", 2.5: "float", True: "bool", None: "none"}))
print(json.dumps([float("inf"), float("-inf"), 1e100, 0.1, 10**15]), json.dumps((1, 2)))
text = '{"a": [1, 2.5, -3e2, true, false, null], "b": {"c": "d\\u00e9\\n"}, "e": "\\ud83d\\ude00"}'
back = json.loads(text)
print(back, back["a"][2], type(back["a"][1]).__name__, len(back["e"]))
print(json.loads("[]"), json.loads(" 42 "), json.loads('"x"'), json.loads("-0.0"), json.loads("1E3"))
print(json.loads(json.dumps(data)) == data)
