import torch

# Note [Graph size limit]: a trace past the limit runs the call eagerly, and
# counts towards the recompile limit, so later calls stop re-tracing.
def f(x):
    for i in range(100):
        x = x + 1
    return x

small = torch.compile(f, options={"max_graph_nodes": 50})
for i in range(10):
    y = small(torch.zeros(2))
print(y.tolist())
print(torch.compile(f)(torch.zeros(2)).tolist())
