# math module
import math
print(math.pi, math.e, math.inf, math.sqrt(2), math.exp(1), math.log(math.e), math.log(8, 2), math.log2(8), math.log10(1000))
print(math.floor(2.7), math.ceil(2.1), math.floor(-2.5), math.fabs(-3), math.pow(2, 10), math.gcd(12, 18))
print(math.isnan(math.nan), math.isinf(math.inf), math.isclose(0.1 + 0.2, 0.3), math.atan2(1, 1), math.sin(0), math.cos(0))
