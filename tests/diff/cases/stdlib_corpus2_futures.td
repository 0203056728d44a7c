# concurrent.futures: the executors' interface as CPython's (bg_knucleotide
# maps its work over a ProcessPoolExecutor); tdsl runs the calls in the caller.
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor, Future, wait, as_completed
import concurrent.futures


def square(x):
    return x * x


def fail(x):
    if x == 2:
        raise ValueError("bad %d" % x)
    return x


def add(a, b=10):
    return a + b


if __name__ == "__main__":
    with ProcessPoolExecutor() as executor:
        r = executor.map(square, [3, 1, 2])
    print(list(r))
    with ThreadPoolExecutor(max_workers=2) as ex:
        f = ex.submit(add, 1, b=2)
        print(f.result(), f.done(), f.cancelled(), f.exception())
        g = ex.submit(fail, 2)
        print(type(g.exception()).__name__, g.exception())
        try:
            g.result()
        except ValueError as e:
            print("ValueError", e)
        print(list(ex.map(add, [1, 2], [3, 4])))
        it = ex.map(fail, [1, 2, 3])
        try:
            for v in it:
                print("got", v)
        except ValueError as e:
            print("map ValueError", e)
        done, not_done = wait([f])
        print(len(done), len(not_done), [x.result() for x in as_completed([f])])
        seen = []
        f.add_done_callback(lambda fut: seen.append(fut.result()))
        print(seen)
    try:
        ex.submit(square, 1)
    except RuntimeError as e:
        print("RuntimeError", e)
    try:
        ThreadPoolExecutor(max_workers=0)
    except ValueError as e:
        print("ValueError", e)
    print(concurrent.futures.Future is Future, concurrent.futures.ALL_COMPLETED)
