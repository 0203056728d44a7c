# The array module, as CPython's (pyperformance's raytrace and scimark use it).
from array import array
import array as arraymod
for tc, vals in [('b',[128,-129]),('B',[256,-1]),('h',[2**15,-2**15-1]),('H',[2**16,-1]),('i',[2**31,-2**31-1]),('I',[2**32,-1]),('L',[-1]),('Q',[-1])]:
    for v in vals:
        try: array(tc,[v])
        except Exception as e: print(tc, v, type(e).__name__, e)
for args in [('x',), ('d',['a']), ('i',[1.5]), ('i', [True])]:
    try: print(array(*args))
    except Exception as e: print(args, type(e).__name__, e)
a = array('d', [1, 2.5]); print(a, repr(a), a * 2, 2 * a, a + a, a[0], a[-1], a[0:1], len(a), a.itemsize, a.typecode, list(a), a.tolist(), array('i'), array('d', [0]) * 3 == array('d', [0.0]*3))
try: a + array('i')
except Exception as e: print(type(e).__name__, e)
try: a[5]
except Exception as e: print(type(e).__name__, e)
try: a[5] = 1
except Exception as e: print(type(e).__name__, e)
b = array('i', [1,2,3,4]); b[1:3] = array('i', [9]); print(b)
try: b[0:1] = [1]
except Exception as e: print(type(e).__name__, e)
b.append(5); b.extend([6]); b.extend(array('i',[7])); print(b, b.pop(), b.index(9), b.count(1), b)
print(array('f', [0.1]), array('f', [0.1])[0], arraymod.array('B', [1, 2]))
c = array('d', [3.0, 1.0]); c[:] = array('d', [5.0, 6.0]); c.insert(0, 2); c.reverse(); c += array('d', [1]); print(c, sum(c), 6.0 in c, sorted(c))
