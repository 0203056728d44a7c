class ConfigError(Exception):
    pass


def load(name):
    if not name:
        raise ConfigError("empty name")
    return name


print(load("a"))
try:
    load("")
except ConfigError as e:
    print("caught", e)
print(load(""))
