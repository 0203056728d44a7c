# The random module draws CPython's Mersenne Twister stream for the same seeds.
import random

for seed in [0, 1, 42, 2**32 + 5, -7, 123456789012]:
    random.seed(seed)
    print(seed, random.random(), random.randint(1, 6), random.randrange(100), random.randrange(3, 50, 4))
    print(random.getrandbits(5), random.getrandbits(32), random.getrandbits(40), random.uniform(-1, 3))
    xs = list(range(10))
    random.shuffle(xs)
    print(xs, random.choice("abcdef"), random.choice([10, 20, 30]))
    print(random.sample(range(100), 5), random.sample(["a", "b", "c", "d"], 4))
    print(random.sample(range(1000), 30)[-3:])
    print(random.gauss(0, 1), random.gauss(5, 2), random.gauss(), random.normalvariate(1.0, 0.5))
    print(random.choices([1, 2, 3], k=4), random.choices("xyz", weights=[1, 0, 5], k=3))
    print(random.expovariate(2.0), random.triangular(0, 10, 3))
random.seed(3.5)
print(random.random())
r = random.Random(11)
print(r.random(), r.randint(0, 9), random.random())
