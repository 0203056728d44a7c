# from __future__ import annotations (pyperformance's generators starts with
# it): the feature records of CPython's module; annotations stay unevaluated.
from __future__ import annotations
import __future__


def f(x: UndefinedName) -> AlsoUndefined:
    return x


print(f(3), annotations, __future__.division.getMandatoryRelease(), __future__.generator_stop.compiler_flag)
print(__future__.all_feature_names[-2:])
