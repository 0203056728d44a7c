// A host program embedding tdsl (docs/embedding.md): it registers a host
// function, hands a buffer of its own to a compiled script without copying,
// and reads the result back from the same memory.
#include <tdsl/tdsl.h>

#include <algorithm>
#include <cstdio>
#include <vector>

static const char* kScript = R"(
import torch

@torch.compile
def smooth(u, steps):
    # Explicit diffusion on the interior points, in place on the host's buffer.
    for _ in range(steps):
        u[1:-1].add_((u[:-2] - 2 * u[1:-1] + u[2:]) * rate())
    return u.sum()
)";

int main() {
  tdsl::Interpreter interp;
  interp.setOutput([](std::string_view text) { std::fwrite(text.data(), 1, text.size(), stdout); });
  tdsl::Limits limits;
  limits.maxSteps = 1000000;  // an untrusted script cannot loop forever
  interp.setLimits(limits);

  double diffusivity = 0.25;
  interp.def("rate", [&diffusivity]() { return std::clamp(diffusivity, 0.0, 0.5); });

  std::vector<float> u(9, 0.0f);
  u[4] = 16.0f;  // a spike in the middle
  tdsl::Tensor t = interp.wrap(u.data(), tdsl::DType::Float32, {static_cast<int64_t>(u.size())});

  tdsl::Result r = interp.tryExec(kScript, "smooth.td");
  if (!r) {
    std::fputs(r.error->report().c_str(), stdout);
    return 1;
  }
  tdsl::Tensor sum = interp.call("smooth", t, 2).as<tdsl::Tensor>();  // a 0-dim float32 tensor
  double total = *sum.data<float>();

  std::printf("sum %.2f, same buffer %s\n", total, t.data() == u.data() ? "yes" : "no");
  for (float v : u) std::printf("%.3f ", v);
  std::printf("\n");

  // A wrong call is a Python TypeError with the script's location.
  tdsl::Result bad = interp.tryExec("rate(1)\n", "bad.td");
  std::printf("%s", bad.error->report().c_str());
  return 0;
}
