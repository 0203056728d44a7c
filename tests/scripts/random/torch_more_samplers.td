# cauchy_, log_normal_, geometric_ and random_ draw what PyTorch 2 draws,
# in every dtype they accept, on strided selves, and through randint's
# ranges on both sides of 2^28 (where PyTorch switches to 64-bit words).
import torch

def tryit(f):
    try:
        print(f())
    except RuntimeError as e:
        print("RuntimeError", str(e))

torch.manual_seed(3)
print(torch.empty(5).cauchy_(), torch.empty(5, dtype=torch.float64).cauchy_(1, 2))
print(torch.empty(5).log_normal_(), torch.empty(17, dtype=torch.float64).log_normal_(0.5, 0.25))
print(torch.empty(5).geometric_(0.3), torch.empty(5, dtype=torch.int64).geometric_(0.9))
print(torch.empty(3, dtype=torch.int32).geometric_(0.01))
print(torch.empty(5).random_(), torch.empty(4, dtype=torch.float64).random_().tolist())
print(torch.empty(4, dtype=torch.int64).random_().tolist())
print(torch.empty(4, dtype=torch.int32).random_(), torch.empty(6, dtype=torch.bool).random_())
print(torch.empty(4, dtype=torch.int64).random_(10), torch.empty(4).random_(-5, 5))
print(torch.empty(4, dtype=torch.int64).random_(-2**62, 2**62).tolist())
print(torch.empty(4, dtype=torch.int64).random_((-2**62) * 2, None).tolist())
print(torch.empty(4, dtype=torch.float64).random_((-2**62) * 2, None).tolist())
print(torch.empty(4, dtype=torch.int64).random_(5, None).tolist())
print(torch.empty(4).random_(3, None), torch.empty(4, dtype=torch.int32).random_(7, None))
print(torch.empty(4, dtype=torch.int32).random_(-5, None), torch.empty(3, dtype=torch.bool).random_(0, None))
print(torch.randint(0, 2**28 - 1, (3,)), torch.randint(0, 2**28, (3,)))
print(torch.randint(7, 2**31 - 1, (3,), dtype=torch.int32), torch.randint(-3, 3, (4,), dtype=torch.float64))
x = torch.empty(3, 4).t()
x.cauchy_()
print(x)
y = torch.empty(2, 6)[:, ::2]
y.log_normal_(0.0, 0.5)
print(y)
z = torch.zeros(4, 4, dtype=torch.float64)
z[1:3].geometric_(0.5)
print(z)
print(torch.empty(3, dtype=torch.float64).exponential_(), torch.rand(2))

tryit(lambda: torch.empty(3).cauchy_(0, 0))
tryit(lambda: torch.empty(3, dtype=torch.int64).cauchy_())
tryit(lambda: torch.empty(3, dtype=torch.int32).cauchy_(sigma=-1))
tryit(lambda: torch.empty(3).log_normal_(1, 0))
tryit(lambda: torch.empty(3, dtype=torch.int64).log_normal_())
tryit(lambda: torch.empty(3).geometric_(0))
tryit(lambda: torch.empty(3).geometric_(1.5))
tryit(lambda: torch.empty(3, dtype=torch.bool).geometric_(0.5))
tryit(lambda: torch.empty(3).exponential_(0))
tryit(lambda: torch.empty(3, dtype=torch.int64).exponential_())
tryit(lambda: torch.empty(3).random_(5, 2))
tryit(lambda: torch.empty(3).random_(0))
tryit(lambda: torch.empty(3, dtype=torch.bool).random_(0, 3))
tryit(lambda: torch.empty(3, dtype=torch.bool).random_(2, None))
tryit(lambda: torch.empty(3, dtype=torch.int32).random_(2**40, None))
tryit(lambda: torch.empty(3).random_(2**30, None))
tryit(lambda: torch.empty(3, dtype=torch.int32).random_((-2**62) * 2, None))
tryit(lambda: torch.empty(3).expand(2, 3).cauchy_())
