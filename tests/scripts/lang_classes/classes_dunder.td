# Dunder methods: comparison (sorted/min/max), hashing, containers,
# iteration, truth, call and arithmetic with reflected forms.
class Vec:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __repr__(self):
        return "Vec(" + str(self.x) + ", " + str(self.y) + ")"

    def __add__(self, o):
        if isinstance(o, Vec):
            return Vec(self.x + o.x, self.y + o.y)
        return Vec(self.x + o, self.y + o)

    def __radd__(self, o):
        return Vec(self.x + o, self.y + o)

    def __sub__(self, o):
        return Vec(self.x - o.x, self.y - o.y)

    def __mul__(self, k):
        return Vec(self.x * k, self.y * k)

    def __rmul__(self, k):
        return Vec(self.x * k, self.y * k)

    def __truediv__(self, k):
        return Vec(self.x / k, self.y / k)

    def __neg__(self):
        return Vec(-self.x, -self.y)

    def __eq__(self, o):
        return isinstance(o, Vec) and self.x == o.x and self.y == o.y

    def __lt__(self, o):
        return (self.x, self.y) < (o.x, o.y)

    def __le__(self, o):
        return (self.x, self.y) <= (o.x, o.y)

    def __hash__(self):
        return hash((self.x, self.y))

    def __bool__(self):
        return self.x != 0 or self.y != 0


a = Vec(1, 2)
b = Vec(3, 4)
print(a + b, a - b, a * 3, 3 * a, a / 2, -a, a + 1, 1 + a)
print(a == Vec(1, 2), a != Vec(1, 2), a == b, a != b, a == 3)
print(a < b, b < a, a <= a, b > a, b >= a)
print(sorted([b, a, Vec(0, 9)]), min([b, a]), max(b, a))
print(hash(a) == hash(Vec(1, 2)), bool(a), bool(Vec(0, 0)), not Vec(0, 0))
print(a in [b, Vec(1, 2)], Vec(5, 5) in [a, b])
c = a
c += b
print(c, a)
if Vec(0, 0):
    print("truthy")
else:
    print("falsy")


class Bag:
    def __init__(self):
        self.items = {}

    def __len__(self):
        return len(self.items)

    def __getitem__(self, k):
        return self.items[k]

    def __setitem__(self, k, v):
        self.items[k] = v

    def __contains__(self, k):
        return k in self.items

    def __iter__(self):
        return iter(sorted(self.items))


bag = Bag()
print(len(bag), bool(bag))
bag["b"] = 2
bag["a"] = 1
print(len(bag), bag["a"], "a" in bag, "z" in bag, "z" not in bag, bool(bag))
print(list(bag), [k for k in bag])
for k in bag:
    print(k, bag[k])


class Countdown:
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        return self

    def __next__(self):
        if self.n <= 0:
            raise StopIteration
        self.n -= 1
        return self.n


print(list(Countdown(3)), sum(Countdown(5)))
for i in Countdown(2):
    print("tick", i)
it = iter(Countdown(2))
print(next(it), next(it))


class Squares:
    def __getitem__(self, i):
        if i >= 4:
            raise IndexError("done")
        return i * i


print(list(Squares()), 9 in Squares())
