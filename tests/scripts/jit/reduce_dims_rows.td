# Issue 12: sums and means over the last dims read each output's contiguous
# elements in place (Note [Vector block sums]); the bits are those of the
# gathered path (the same values in a transposed layout) and of each row's
# full sum, for row lengths around every block and run boundary, NaN of both
# signs, inf, -0.0, float32 and float64, keepdim or not, eager and compiled.
import torch

def bits(t):
    return t.view(torch.int32 if t.dtype == torch.float32 else torch.int64).tolist()

def row_sums(x):
    return x.sum(dim=-1)

def row_means(x):
    return x.mean(dim=1, keepdim=True)

def plane_sums(x):
    return x.sum(dim=(1, 2))

crow = torch.compile(row_sums, dynamic=True)
cmean = torch.compile(row_means, dynamic=True)
g = torch.Generator().manual_seed(12)
checked = 0
mismatches = 0
for dt in [torch.float32, torch.float64]:
    for cols in [1, 2, 7, 8, 9, 127, 128, 129, 1000, 8191, 8192, 8193, 20000]:
        x = torch.randn(5, cols, generator=g, dtype=dt) * 3.0
        if cols >= 3:
            x[1, cols // 3] = float('nan')
            x[1, cols // 2] = -float('nan')
            x[2, cols // 2] = float('inf')
            x[3, 0] = -float('inf')
            x[3, cols - 1] = float('inf')
            x[4] = -0.0
        t = x.t().contiguous().t()  # same values, each row strided
        rows = torch.stack([x[i].sum() for i in range(5)])
        for got, want in [(row_sums(x), row_sums(t)), (crow(x), row_sums(t)), (row_sums(x), rows),
                          (row_means(x), row_means(t)), (cmean(x), row_means(t))]:
            checked += 1
            if bits(got) != bits(want):
                mismatches += 1
                print("mismatch", dt, cols)
        if cols <= 1000:
            y = x.reshape(5, 1, cols).expand(5, 3, cols).contiguous()
            checked += 1
            if bits(plane_sums(y)) != bits(plane_sums(y.permute(2, 1, 0).contiguous().permute(2, 1, 0))):
                mismatches += 1
                print("plane mismatch", dt, cols)
print(checked, mismatches)
print(bits(torch.full((2, 300), -0.0).sum(dim=1)), bits(torch.full((2, 300), -0.0, dtype=torch.float64).sum(dim=1)))
