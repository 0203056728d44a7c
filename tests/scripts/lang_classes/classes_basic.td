# class statements: __init__, methods, class and instance attributes,
# single inheritance, super(), staticmethod, classmethod, property.
class Point:
    dims = 2

    def __init__(self, x, y):
        self.x = x
        self.y = y

    def norm2(self):
        return self.x * self.x + self.y * self.y

    def __repr__(self):
        return f"Point({self.x}, {self.y})"

    @staticmethod
    def origin():
        return Point(0, 0)

    @classmethod
    def make(cls, v):
        return cls(v, v)

    @property
    def total(self):
        return self.x + self.y


p = Point(3, 4)
print(p.norm2(), p.dims, Point.dims, p.total)
print(p, repr(p), str(p), f"{p}", [p, Point.origin()])
print(Point.make(2), type(p).__name__, p.__class__.__name__)


class Point3(Point):
    dims = 3

    def __init__(self, x, y, z):
        super().__init__(x, y)
        self.z = z

    def norm2(self):
        return super().norm2() + self.z * self.z

    def __str__(self):
        return "P3<" + str(self.x) + "," + str(self.y) + "," + str(self.z) + ">"


q = Point3(1, 2, 3)
print(q.norm2(), q.dims, q.total, q, repr(q))
print(isinstance(q, Point), isinstance(p, Point3), isinstance(q, (int, Point3)), isinstance(3, Point))
print(issubclass(Point3, Point), issubclass(Point, Point3), issubclass(Point, Point))
print(Point.make(5).norm2())
q.x = 10
print(q.norm2())


class Counter:
    count = 0

    def __init__(self):
        Counter.count += 1
        self._v = 0

    @property
    def v(self):
        return self._v

    @v.setter
    def v(self, value):
        self._v = value * 2


a = Counter()
b = Counter()
print(Counter.count, a.count)
a.v = 5
print(a.v, b.v)


def make_adder(n):
    class Adder:
        def __call__(self, x):
            return x + n
    return Adder()


add3 = make_adder(3)
print(add3(4), callable(add3), callable(p))
print(hasattr(p, "x"), hasattr(p, "w"), getattr(p, "w", "none"))
try:
    p.w
except AttributeError as e:
    print("AttributeError:", e)
