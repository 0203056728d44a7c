import torch
x = torch.tensor([[0.5, 1.5, -2.0], [3.0, 0.25, 1.0]])
print(x.amax(1), x.amin(0), x.logsumexp(1), x.softmax(1), x.log_softmax(0))
print(x.std(), x.var(1), x.norm(), x.norm(1, 1), torch.isfinite(x / 0), torch.sign(x), x.frac())
print(torch.mv(x, torch.ones(3)), torch.outer(x[0], x[1]), torch.bmm(x[None], x.t()[None]), torch.fmod(x, 1), torch.lerp(x, -x, 0.25))
