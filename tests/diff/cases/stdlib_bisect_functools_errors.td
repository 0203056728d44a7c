# bisect and functools.reduce raise CPython's exception types.
import bisect
import functools
for call in [lambda: bisect.bisect_left([1, 2], 1, -1), lambda: bisect.insort([1], 0, -2),
             lambda: functools.reduce(max, [])]:
    try:
        call()
    except (ValueError, TypeError) as e:
        print(type(e).__name__ + ":", e)
print(functools.reduce(lambda a, b: a * b, [], 7), bisect.bisect([1, 2, 2, 3], 2))
