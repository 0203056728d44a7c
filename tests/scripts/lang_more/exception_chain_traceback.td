# An uncaught chained exception prints CPython's chain text after tdsl's located first line.
def load(d):
    try:
        return d["port"]
    except KeyError as e:
        raise ValueError("no port") from e


def main():
    try:
        load({})
    except ValueError:
        raise RuntimeError("config broken")


main()
