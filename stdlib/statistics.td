# statistics: basic descriptive statistics, written in tdsl (as Python's module).

import math


class StatisticsError(ValueError):
    pass


def mean(data):
    items = list(data)
    if len(items) == 0:
        raise StatisticsError("mean requires at least one data point")
    total = sum(items)
    n = len(items)
    # Like Python's statistics.mean, an exact mean of ints stays an int.
    if isinstance(total, int) and total % n == 0:
        return total // n
    return total / n


def median(data):
    items = sorted(data)
    n = len(items)
    if n == 0:
        raise StatisticsError("no median for empty data")
    mid = n // 2
    if n % 2 == 1:
        return items[mid]
    return (items[mid - 1] + items[mid]) / 2


def variance(data):
    items = list(data)
    n = len(items)
    if n < 2:
        raise StatisticsError("variance requires at least two data points")
    m = mean(items)
    return sum([(x - m) ** 2 for x in items]) / (n - 1)


def stdev(data):
    return math.sqrt(variance(data))
