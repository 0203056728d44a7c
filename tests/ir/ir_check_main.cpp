// Runs IR pass tests: each FILE.tir holds
//   // RUN: passes=functionalize,reinplace [print-after-all] [decisions]
//   // <one line saying what the case proves>
//   graph ... { ... }
//   // CHECK...: lines
// For every file: the input must round-trip (print -> parse -> print is a
// fixpoint), the passes run with verification after each, the printed result
// must round-trip too, and the CHECK lines must match the output (with
// `decisions`, the reinplace decisions are part of the output).
// Usage: tdsl_ir_check FILE.tir...   (exit status 0 when all pass)
#include <fstream>
#include <iostream>
#include <regex>
#include <sstream>

#include "support/diagnostics.h"
#include "ir/filecheck.h"
#include "ir/ir_parser.h"
#include "ir/ir_printer.h"
#include "opt/opt_driver.h"

namespace {

std::string readFile(const std::string& path) {
  std::ifstream in(path);
  std::stringstream buf;
  buf << in.rdbuf();
  return buf.str();
}

// Empty when the case passes, else what went wrong.
std::string runCase(const std::string& path) {
  using namespace tdsl::ir;
  std::string text = readFile(path);
  if (text.empty()) return "cannot read the file";
  std::smatch m;
  static const std::regex run(R"(//\s*RUN:\s*passes=([A-Za-z_,]*)([^\n]*))");
  if (!std::regex_search(text, m, run)) return "no `// RUN: passes=...` line";
  std::vector<std::string> passes;
  std::stringstream ps(m[1].str());
  for (std::string p; std::getline(ps, p, ',');)
    if (!p.empty()) passes.push_back(p);
  std::string flags = m[2].str();
  bool printAfterAll = flags.find("print-after-all") != std::string::npos;
  bool decisions = flags.find("decisions") != std::string::npos;
  try {
    std::string first = printGraph(*parseGraph(text));
    std::string second = printGraph(*parseGraph(first));
    if (first != second) return "input does not round-trip:\n" + first + "---\n" + second;
    std::string out = tdsl::opt::optimizeText(text, passes, printAfterAll, decisions);
    if (!printAfterAll) {
      // The result must round-trip too (the IR part follows any comment lines).
      std::string again = printGraph(*parseGraph(out));
      size_t start = out.rfind("\ngraph ");
      std::string ir = start == std::string::npos ? out : out.substr(start + 1);
      if (again != ir) return "output does not round-trip:\n" + ir + "---\n" + again;
    }
    FileCheckResult r = runFileCheck(text, out);
    if (!r.ok) return r.message + "--- full output:\n" + out;
  } catch (const tdsl::Error& e) {
    return "error: " + e.message;
  } catch (const tdsl::InternalError& e) {
    return std::string("internal error: ") + e.what();
  }
  return "";
}

}  // namespace

int main(int argc, char** argv) {
  int failures = 0;
  for (int i = 1; i < argc; ++i) {
    std::string why = runCase(argv[i]);
    if (why.empty()) {
      std::cout << "PASS " << argv[i] << "\n";
    } else {
      std::cout << "FAIL " << argv[i] << "\n" << why << "\n";
      ++failures;
    }
  }
  if (argc < 2) {
    std::cerr << "usage: tdsl_ir_check FILE.tir...\n";
    return 2;
  }
  return failures == 0 ? 0 : 1;
}
