print(int(2.999), int(-0.5), int("0"), int("-12"), float("inf"), float("-1e3"), int(1e18))
