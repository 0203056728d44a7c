import json
print(json.loads("[1, 2]"))
print(json.loads("[1,"))
