import torch


class Linear:
    def __init__(self, w, b):
        self.w = w
        self.b = b

    def __call__(self, x):
        return x @ self.w + self.b

    def parameters(self):
        return [self.w, self.b]


class SGD:
    def __init__(self, params, lr=0.1):
        self.params = params
        self.lr = lr

    def step(self, grads):
        for p, g in zip(self.params, grads):
            p.sub_(g * self.lr)

    def __repr__(self):
        return "SGD(lr=" + str(self.lr) + ", n=" + str(len(self.params)) + ")"


model = Linear(torch.tensor([[1.0], [2.0]]), torch.tensor([0.5]))
opt = SGD(model.parameters(), lr=0.05)
x = torch.tensor([[1.0, 1.0], [2.0, 0.0]])
y = torch.tensor([[1.0], [1.0]])
for i in range(3):
    err = model(x) - y
    gw = x.t() @ err / 2
    gb = err.mean(0)
    opt.step([gw, gb])
    print(i, err.pow(2).mean().item())
print(opt, model.w, model.b)
