import math
print(math.pi, math.e, math.sqrt(2), math.floor(2.5), math.ceil(2.1), math.floor(-2.5))
print(math.exp(1), math.log(10), math.log(8, 2), math.sin(0), math.cos(0), math.fabs(-3))
print(math.isnan(float('nan')), math.isinf(float('inf')), math.inf, math.pow(2, 10), math.gcd(12, 18))
print(math.log10(1000), math.log2(8), math.trunc(-2.7), math.atan2(1, 1), math.hypot(3, 4))
