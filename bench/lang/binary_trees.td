# The Benchmarks Game's binary-trees (trees as 2-tuples), depth 16 (the issue quotes depth 18; 16 keeps a round short).
def make_tree(d):
    if d == 0:
        return (None, None)
    d -= 1
    return (make_tree(d), make_tree(d))


def check_tree(node):
    left, right = node
    if left is None:
        return 1
    return 1 + check_tree(left) + check_tree(right)


def main(max_depth):
    min_depth = 4
    stretch = max_depth + 1
    print(f"stretch tree of depth {stretch}\t check: {check_tree(make_tree(stretch))}")
    long_lived = make_tree(max_depth)
    for d in range(min_depth, max_depth + 1, 2):
        iters = 2 ** (max_depth - d + min_depth)
        check = 0
        for _ in range(iters):
            check += check_tree(make_tree(d))
        print(f"{iters}\t trees of depth {d}\t check: {check}")
    print(f"long lived tree of depth {max_depth}\t check: {check_tree(long_lived)}")


main(16)
