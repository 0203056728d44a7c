# concurrent.futures: ThreadPoolExecutor and ProcessPoolExecutor with
# CPython 3.11's interface (submit, map, shutdown, `with`), Future, wait and
# as_completed (issue 15).
#
# Note [Executors run in the caller]
# tdsl has no threads or worker processes: an executor runs each call in the
# calling thread when it is submitted, and its Future is already done. What a
# program observes through the interface is CPython's (results in order,
# an exception raised by result() or while iterating map's results, the
# errors after shutdown); only the parallelism is missing, so the work takes
# the time of running it serially.

FIRST_COMPLETED = "FIRST_COMPLETED"
FIRST_EXCEPTION = "FIRST_EXCEPTION"
ALL_COMPLETED = "ALL_COMPLETED"


class CancelledError(Exception):
    pass


class TimeoutError(Exception):
    pass


class BrokenExecutor(RuntimeError):
    pass


class Future:
    def __init__(self):
        self._done = False
        self._result = None
        self._exception = None
        self._callbacks = []

    def _set(self, result, exception):
        self._done = True
        self._result = result
        self._exception = exception
        for fn in self._callbacks:
            fn(self)
        self._callbacks = []

    def done(self):
        return self._done

    def running(self):
        return False

    def cancelled(self):
        return False

    def cancel(self):
        return False

    def result(self, timeout=None):
        if self._exception is not None:
            raise self._exception
        return self._result

    def exception(self, timeout=None):
        return self._exception

    def add_done_callback(self, fn):
        if self._done:
            fn(self)
        else:
            self._callbacks.append(fn)

    def set_result(self, result):
        self._set(result, None)

    def set_exception(self, exception):
        self._set(None, exception)

    def __repr__(self):
        if not self._done:
            return "<Future state=pending>"
        if self._exception is not None:
            return "<Future state=finished raised %s>" % type(self._exception).__name__
        return "<Future state=finished returned %s>" % type(self._result).__name__


class Executor:
    def __init__(self):
        self._shutdown = False

    def submit(self, fn, *args, **kwargs):
        if self._shutdown:
            raise RuntimeError("cannot schedule new futures after shutdown")
        f = Future()
        try:
            r = fn(*args, **kwargs)
        except Exception as e:
            f._set(None, e)
        else:
            f._set(r, None)
        return f

    def map(self, fn, *iterables, timeout=None, chunksize=1):
        if chunksize < 1:
            raise ValueError("chunksize must be >= 1.")
        fs = [self.submit(fn, *args) for args in zip(*iterables)]
        return _results(fs)

    def shutdown(self, wait=True, *, cancel_futures=False):
        self._shutdown = True

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_val, exc_tb):
        self.shutdown(wait=True)
        return False


def _results(fs):
    for f in fs:
        yield f.result()


class ThreadPoolExecutor(Executor):
    def __init__(self, max_workers=None, thread_name_prefix="", initializer=None, initargs=()):
        super().__init__()
        if max_workers is not None and max_workers <= 0:
            raise ValueError("max_workers must be greater than 0")
        if initializer is not None:
            initializer(*initargs)


class ProcessPoolExecutor(Executor):
    def __init__(self, max_workers=None, mp_context=None, initializer=None, initargs=(), *, max_tasks_per_child=None):
        super().__init__()
        if max_workers is not None and max_workers <= 0:
            raise ValueError("max_workers must be greater than 0")
        if initializer is not None:
            initializer(*initargs)


class _DoneAndNotDone:
    def __init__(self, done, not_done):
        self.done = done
        self.not_done = not_done

    def __iter__(self):
        return iter((self.done, self.not_done))

    def __getitem__(self, i):
        return (self.done, self.not_done)[i]


def wait(fs, timeout=None, return_when=ALL_COMPLETED):
    return _DoneAndNotDone(set(fs), set())


def as_completed(fs, timeout=None):
    for f in list(fs):
        yield f
