# Lists and strings: building, splitting, joining, dict counting, sorting.
# Also valid Python.
def workload(rounds):
    words = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta"]
    counts = {}
    total = 0
    for r in range(rounds):
        parts = []
        for i in range(20):
            parts.append(words[(r + i) % len(words)])
        line = " ".join(parts)
        for w in line.split(" "):
            counts[w] = counts.get(w, 0) + 1
        upper = line.upper()
        total += len(upper) + upper.count("A")
        squares = [x * x for x in range(10) if x % 2 == 0]
        total += sum(squares)
    keys = sorted(counts.keys())
    return total, [f"{k}={counts[k]}" for k in keys]


print(workload(40000))
