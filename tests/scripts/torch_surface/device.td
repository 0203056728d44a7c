# Device boilerplate with PyTorch's CPU-only meaning (Note [CPU device]).
import torch

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
print(device, repr(device), device.type, device.index)
print(torch.cuda.is_available(), torch.cuda.device_count())
print(repr(torch.device("cpu", 0)), str(torch.device("cpu:0")), torch.device("cpu:0").index)
print(repr(torch.device("cuda:1")), repr(torch.device(3)), repr(torch.device(device)))
print(torch.device("cpu") == torch.device("cpu"), torch.device("cpu") == torch.device("cpu", 0))
print(torch.device("cpu") != torch.device("cuda"), torch.device("cpu") == "cpu")
print(f"Using {device} device")

x = torch.zeros(2, 3, device=device)
y = torch.ones(3, device="cpu", dtype=torch.float64)
z = torch.arange(4, device=torch.device("cpu", 0))
w = torch.tensor([1.5, 2.5], device=device)
print(x.device, y.device, z.device, w.device, x.is_cuda, x.is_cpu)
print(x.device == device, y.device.type)
print(torch.full((2,), 7, device=device), torch.eye(2, device="cpu"), torch.linspace(0, 1, 3, device=device))
print(torch.zeros_like(y, device=device), torch.ones_like(z, device="cpu"))

print(x.to(device) is x, x.to("cpu") is x, x.cpu() is x, x.to(x) is x)
print(x.to(torch.float64).dtype, x.to(device, torch.int64).dtype, x.to("cpu", dtype=torch.int32).dtype)
print(x.to(y).dtype, x.to(device=device, dtype=torch.float64).dtype, x.to(dtype=torch.int64).dtype)
print(x.to("cpu", copy=True) is x, x.to(torch.float32) is x, x.to(torch.float32, copy=True) is x)
print(x.type(), z.type(), torch.tensor([True]).type(), torch.tensor([1], dtype=torch.int32).type(), y.type())
print(x.type(torch.float64).dtype, z.type("torch.FloatTensor"), x.type(torch.float32) is x)

# The same inside a compiled function: device arguments are checked and dropped.
def step(a):
    b = a.to(device) * 2
    c = torch.ones(a.shape, device=device, dtype=a.dtype)
    return (b + c).to("cpu", torch.float64).cpu()

cstep = torch.compile(step)
a = torch.arange(6.0).reshape(2, 3)
print(cstep(a))
print(cstep(a).device, cstep(a).dtype)
