# math: the functions beyond the first set, with CPython's results.
import math

print(math.factorial(10), math.comb(10, 3), math.comb(60, 30), math.perm(5, 2), math.perm(4))
print(math.gcd(12, 18), math.lcm(4, 6), math.lcm(), math.isqrt(99), math.isqrt(10**18))
print(math.fsum([0.1] * 10), sum([0.1] * 10), math.fsum([1e100, 1.0, -1e100, 1e-100]))
print(math.prod([1, 2, 3, 4]), math.prod([1.5, 2]), math.prod([]))
print(math.hypot(3, 4), math.dist((0, 0), (3, 4)), math.copysign(2, -0.0), math.fmod(-7, 3))
print(math.frexp(8.0), math.ldexp(0.5, 4), math.modf(3.25), math.modf(-2.5), math.trunc(-2.7))
print(math.log2(8), math.log10(1000), math.log1p(1e-10), math.expm1(1e-10), math.exp2(3))
print(math.erf(0.5), math.erfc(0.5), math.gamma(5), math.gamma(1))
print(math.atan2(1, -1), math.degrees(math.pi), math.radians(180), math.cosh(1), math.sinh(1))
print(math.acosh(2), math.asinh(1), math.atanh(0.5), math.cbrt(27), math.remainder(7, 4))
print(math.isclose(1.0, 1.0 + 1e-10), math.isclose(1.0, 1.1), math.isfinite(math.inf), math.isnan(math.nan))
print(math.inf, -math.inf, math.tau, math.e, math.nextafter(1.0, 2.0), math.ulp(1.0))
print(math.floor(-2.5), math.ceil(-2.5), math.pow(2, 0.5), math.sqrt(2))
