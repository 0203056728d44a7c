"""A stand-in for the `pyperf` module that the pyperformance benchmarks import,
so they run unchanged under both tdsl and CPython without pyperf installed.

It runs each benchmark once (loops=1) and prints only what is deterministic:
the benchmark's name and, for bench_func, the repr of the function's result.
Timings are never printed, so the output can be compared exactly.
Options are parsed as pyperf's argparse parser would for the forms the
benchmarks declare: --name VALUE, --name=VALUE and one optional positional."""
import sys
import time

perf_counter = time.perf_counter


class Namespace:
    """The parsed options, read as attributes (argparse's Namespace)."""

    def __init__(self, values):
        self._values = values

    def __getattr__(self, name):
        try:
            return self._values[name]
        except KeyError:
            raise AttributeError(name)


class _Option:
    def __init__(self, name, type, default, choices, nargs):
        self.name = name
        self.type = type
        self.default = default
        self.choices = choices
        self.nargs = nargs


class ArgParser:
    def __init__(self):
        self.options = []

    def add_argument(self, name, type=None, default=None, choices=None, nargs=None, **ignored):
        self.options.append(_Option(name, type, default, choices, nargs))

    def _find(self, flag):
        for option in self.options:
            if option.name == flag:
                return option
        raise SystemExit("pyperf stand-in: unknown option " + flag)

    def _convert(self, option, text):
        value = option.type(text) if option.type is not None else text
        if option.choices is not None and value not in option.choices:
            raise SystemExit("pyperf stand-in: invalid choice %r for %s" % (value, option.name))
        return value

    def parse_args(self, argv):
        values = {}
        for option in self.options:
            values[option.name.lstrip("-").replace("-", "_")] = option.default
        i = 0
        while i < len(argv):
            arg = argv[i]
            if arg.startswith("--"):
                if "=" in arg:
                    flag, text = arg.split("=", 1)
                else:
                    flag, text = arg, argv[i + 1]
                    i += 1
                option = self._find(flag)
            else:
                option = [o for o in self.options if not o.name.startswith("-")][0]
                text = arg
            values[option.name.lstrip("-").replace("-", "_")] = self._convert(option, text)
            i += 1
        return Namespace(values)


class Runner:
    def __init__(self, add_cmdline_args=None, **ignored):
        self.metadata = {}
        self.argparser = ArgParser()
        self.args = None

    def parse_args(self, args=None):
        self.args = self.argparser.parse_args(sys.argv[1:] if args is None else args)
        return self.args

    def bench_func(self, name, func, *args, inner_loops=None):
        result = func(*args)
        print(name + ":", repr(result))

    def bench_time_func(self, name, func, *args, inner_loops=None):
        func(1, *args)
        print(name + ": ran")
