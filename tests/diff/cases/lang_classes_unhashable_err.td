class Key:
    def __init__(self, v):
        self.v = v

    def __eq__(self, other):
        return self.v == other.v


seen = {}
print(Key(1) == Key(1))
seen[Key(1)] = "one"
