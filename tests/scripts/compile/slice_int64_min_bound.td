import torch
# A slice bound of -2**63 survives the IR's text form (aot_eager and the
# custom-backend path print and parse the graph): it read back as an error.
def f(x):
    return x[-9223372036854775808:2] * 2, x[-9223372036854775807:9223372036854775807:2]
a, b = torch.compile(f, backend="aot_eager")(torch.arange(5.0))
print(a.tolist(), b.tolist())
a, b = torch.compile(f)(torch.arange(5.0))
print(a.tolist(), b.tolist())
