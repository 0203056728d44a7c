// libFuzzer target, structure-aware: the input bytes choose a small program
// from a grammar of tensor ops, views (including as_strided, expanded and
// overlapping ones), in-place ops through views, metadata reads, Python
// values that change type across loop iterations and data-dependent control
// flow; the program runs eagerly and compiled (fuzz_differential.h) and any
// difference is a crash. The first byte picks the compiled mode.
// To see the program of an input: TDSL_FUZZ_PRINT=1 fuzz_compile_gen FILE.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "fuzz_differential.h"

namespace {

class Bytes {
 public:
  Bytes(const uint8_t* data, size_t size) : data_(data), size_(size) {}
  bool empty() const { return pos_ >= size_; }
  unsigned next(unsigned n) { return empty() ? 0 : data_[pos_++] % n; }
  template <class T>
  const T& pick(const std::vector<T>& v) { return v[next(static_cast<unsigned>(v.size()))]; }

 private:
  const uint8_t* data_;
  size_t size_;
  size_t pos_ = 0;
};

const std::vector<std::string> kUnary = {"{a}.abs()", "-{a}", "{a} * 2", "{a} + 1", "{a}.clamp(-1, 1)", "{a}.clone()",
                                         "{a}.flip(0)", "{a}.sin()", "{a}.cumsum(0)", "{a} * {k}"};
const std::vector<std::string> kBinary = {"{a} + {b}", "{a} - {b}", "{a} * {b}", "torch.maximum({a}, {b})",
                                          "torch.where({a} > {b}, {a}, {b})", "{a} * ({b} > 0)"};
const std::vector<std::string> kViews = {
    "{a}[1:]", "{a}[:-1]", "{a}[::2]", "{a}[1::2]", "{a}[::3]", "{a}[{k}:]", "{a}[-3:]", "{a}.view(2, -1)[0]",
    "{a}.view(2, -1).t()[1]", "{a}.unsqueeze(0).expand(2, -1)[1]", "{a}.narrow(0, 1, 2)", "{a}.view(-1)",
    "{a}.as_strided((2, 2), (1, 1))[0]", "{a}.as_strided((3,), (2,), 1)", "{a}.as_strided((2,), (0,))",
    "{a}[::9223372036854775807]", "{a}[2:1]", "{a}.reshape(2, -1)[:, 1]", "{a}.view(2, -1).diagonal()"};
const std::vector<std::string> kInplace = {
    "{a}.add_({b})", "{a}.sub_({b})", "{a}.mul_({c})", "{a}.copy_({b})", "{a}.fill_({c})", "{a}.zero_()",
    "{a}.clamp_(-2, 2)", "{a}[0] = {c}", "{a}[1:] += {b}[:-1]", "{a}[1:].sub_({a}[:-1])", "{a}[::2] *= {c}",
    "{a}.index_add_(0, torch.tensor([0, 1, 0]), {b}[:3])", "{a}.index_copy_(0, torch.tensor([1, 0]), {b}[:2])",
    "{a}.masked_fill_({a} > {b}, {c})", "{a}.scatter_(0, torch.tensor([2, 0]), {b}[:2])", "{a}.neg_()",
    "{a}.index_put_((torch.tensor([0, 2]),), {b}[:2], accumulate=True)", "{a}[{a} > 0] = {c}"};
const std::vector<std::string> kScalar = {
    "k = k + 1", "k = k * 0.5", "k = {a}.shape[0]", "k = len({a})", "k = {a}.stride(0)", "k = {a}.sum().item()",
    "k = int({a}.numel() > 3)", "k = [k]", "k = (k, 1)", "k = str(k)", "k = k if isinstance(k, int) else 2",
    "k = {a}.storage_offset()", "k = {a}.dim()", "k = {a}.is_contiguous()", "k = {a}.dtype == torch.float64"};
const std::vector<std::string> kConditions = {"k", "{a}.sum() > 0", "{a}.shape[0] > 4", "{a}.is_contiguous()",
                                              "isinstance(k, int)", "({a} > {b}).any()", "len(L) > 1"};
const std::vector<std::string> kConstants = {"0.5", "-1.0", "2", "0", "3.0"};

std::string fill(std::string t, const std::string& a, const std::string& b, const std::string& c) {
  for (auto [key, val] : {std::pair<const char*, const std::string*>{"{a}", &a}, {"{b}", &b}, {"{c}", &c}}) {
    for (size_t p; (p = t.find(key)) != std::string::npos;) t.replace(p, 3, *val);
  }
  for (size_t p; (p = t.find("{k}")) != std::string::npos;) t.replace(p, 3, "(k if isinstance(k, int) else 1)");
  return t;
}

class ProgramBuilder {
 public:
  explicit ProgramBuilder(Bytes& in) : in_(in) {}

  std::string build() {
    std::string dtype = in_.pick(std::vector<std::string>{"torch.float64", "torch.float32", "torch.int64"});
    std::string body;
    unsigned count = 2 + in_.next(10);
    for (unsigned i = 0; i < count && !in_.empty(); ++i) body += statement(1);
    std::string ret = "return " + tensor() + ", " + tensor() + ", k";
    std::string closure = in_.next(2) ? "CAP = torch.arange(4.0)\n" : "CAP = torch.ones(4)\n";
    return "import torch\n" + closure + "L = [1, 2]\nD = {'s': 2}\n\ndef f(x, y, k):\n" + body + "    " + ret +
           "\n\nopt = torch.compile(f)\n\ndef show(r):\n"
           "    if isinstance(r, torch.Tensor):\n        return r.tolist()\n"
           "    if isinstance(r, (tuple, list)):\n        return [show(e) for e in r]\n    return r\n\n"
           "for n, k, alias in ((8, 1, 0), (8, 2, 0), (8, 1, 1), (12, 1, 0), (12, 2, 2), (6, 0.5, 3)):\n"
           "    base = (torch.arange(2 * n) * 3 % 7 - 2).to(" + dtype + ")\n"
           "    if alias == 0:\n        x, y = base[:n].clone(), base[n:].clone()\n"
           "    elif alias == 1:\n        x = y = base[:n]\n"
           "    elif alias == 2:\n        x, y = base[1:n + 1], base[:n]\n"
           "    else:\n        x, y = base[::2], base[1::2]\n"
           "    L.append(n)\n    D['s'] = n\n"
           "    try:\n        r = opt(x, y, k)\n        print(show(r), x.tolist(), y.tolist(), base.tolist())\n"
           "    except Exception as e:\n        print('error', type(e).__name__, e)\n";
  }

 private:
  std::string indent(int depth) { return std::string(4 * depth, ' '); }
  std::string tensor() { return in_.pick(names_); }
  std::string newName() {
    std::string v = "t" + std::to_string(names_.size());
    names_.push_back(v);
    return v;
  }
  std::string statement(int depth) {
    std::string a = tensor(), b = tensor(), c = in_.pick(kConstants);
    std::string pad = indent(depth);
    switch (in_.next(10)) {
      case 0: return pad + newName() + " = " + fill(in_.pick(kUnary), a, b, c) + "\n";
      case 1: return pad + newName() + " = " + fill(in_.pick(kBinary), a, b, c) + "\n";
      case 2: {
        std::string view = fill(in_.pick(kViews), a, b, c);
        if (depth > 1) return pad + view + ".add_(1)\n";
        return pad + newName() + " = " + view + "\n";
      }
      case 3:
      case 4: return pad + fill(in_.pick(kInplace), a, b, c) + "\n";
      case 5: return pad + fill(in_.pick(kScalar), a, b, c) + "\n";
      case 6:
        if (depth < 3) {
          std::string s = pad + "if " + fill(in_.pick(kConditions), a, b, c) + ":\n" + statement(depth + 1);
          if (in_.next(2)) s += pad + "else:\n" + statement(depth + 1);
          return s;
        }
        return pad + "pass\n";
      case 7:
        if (depth < 3)
          return pad + "for i in range(" + in_.pick(std::vector<std::string>{"2", "3", "len(L) % 3"}) + "):\n" +
                 statement(depth + 1) + indent(depth + 1) + "k = " +
                 in_.pick(std::vector<std::string>{"k + i", "k * 1.5", "[k]", "i", "(k, i)[0]"}) + "\n";
        return pad + "pass\n";
      case 8:
        return pad + in_.pick(std::vector<std::string>{
                         "print('p', " + a + ".tolist())", a + ".add_(CAP[:1])", a + ".mul_(L[0])",
                         a + ".add_(D['s'])", "L[0] = L[0] + 1", a + ".add_(len(L))",
                         a + ".add_(" + a + ".shape[0])", a + ".copy_(torch.ones(" + a + ".shape[0]))"}) +
               "\n";
      default:
        return pad + newName() + " = " + fill(in_.pick(kUnary), a, b, c) + "\n";
    }
  }

  Bytes& in_;
  std::vector<std::string> names_{"x", "y"};
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static tdsl_fuzz::StdoutCapture capture;
  static tdsl_fuzz::Watchdog dog;
  if (size == 0) return 0;
  Bytes in(data + 1, size - 1);
  std::string program = ProgramBuilder(in).build();
  if (std::getenv("TDSL_FUZZ_PRINT")) std::fprintf(stderr, "%s", program.c_str());
  tdsl_fuzz::compareEagerAndCompiled(program, tdsl_fuzz::kCompiledModes[data[0] % tdsl_fuzz::kCompiledModeCount], dog,
                                     capture);
  return 0;
}
