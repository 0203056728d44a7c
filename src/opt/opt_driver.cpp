// `tdsl opt` (see opt_driver.h).
#include "opt/opt_driver.h"

#include <fstream>
#include <sstream>

#include "support/diagnostics.h"
#include "ir/ir_parser.h"
#include "ir/ir_printer.h"
#include "ir/verifier.h"
#include "opt/pipeline.h"

namespace tdsl::opt {

using namespace tdsl::ir;

namespace {

std::vector<std::string> splitCommas(const std::string& s) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : s) {
    if (c == ',') {
      if (!cur.empty()) out.push_back(cur);
      cur.clear();
    } else if (c != ' ') {
      cur += c;
    }
  }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

const char* kUsage =
    "usage: tdsl opt --passes=PASS[,PASS...] [--print-after-all] [--decisions] [--no-verify] FILE.tir\n"
    "passes: functionalize, reinplace, dce, cse, fuse\n";

}  // namespace

std::string optimizeText(const std::string& irText, const std::vector<std::string>& passes, bool printAfterAll,
                         bool decisions, bool verify) {
  auto g = parseGraph(irText);
  if (verify) verifyOrThrow(*g, VerifyOptions{}, "of the input");
  std::ostringstream log;
  PipelineOptions options;
  options.verify = verify;
  options.log = printAfterAll ? &log : nullptr;
  PipelineResult r = runPasses(*g, passes, options);
  std::string out = log.str();
  if (decisions)
    for (auto& d : r.reinplace.decisions)
      out += "// reinplace: " + d.candidate + ": " + (d.reinplaced ? "reinplaced (" + d.reason + ")" : "not_reinplaced: " + d.reason) + "\n";
  if (!printAfterAll) out += printGraph(*g);
  return out;
}

int runOptTool(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  std::vector<std::string> passes;
  std::string file;
  bool printAfterAll = false, decisions = false, verify = true;
  for (const std::string& a : args) {
    if (a.rfind("--passes=", 0) == 0) {
      passes = splitCommas(a.substr(9));
    } else if (a == "--print-after-all") {
      printAfterAll = true;
    } else if (a == "--no-verify") {
      verify = false;
    } else if (a == "--decisions") {
      decisions = true;
    } else if (a == "--help" || a == "-h") {
      out << kUsage;
      return 0;
    } else if (!a.empty() && a[0] == '-') {
      err << "tdsl opt: unknown option " << a << "\n" << kUsage;
      return 2;
    } else if (file.empty()) {
      file = a;
    } else {
      err << "tdsl opt: more than one input file\n" << kUsage;
      return 2;
    }
  }
  if (file.empty()) {
    err << "tdsl opt: no input file\n" << kUsage;
    return 2;
  }
  for (auto& p : passes)
    if (!isKnownPass(p)) {
      err << "tdsl opt: unknown pass '" << p << "'\n" << kUsage;
      return 2;
    }
  std::ifstream in(file);
  if (!in) {
    err << "tdsl opt: cannot open " << file << "\n";
    return 1;
  }
  std::stringstream buf;
  buf << in.rdbuf();
  try {
    out << optimizeText(buf.str(), passes, printAfterAll, decisions, verify);
  } catch (const Error& e) {
    err << file << ":" << e.message << "\n";
    return 1;
  }
  return 0;
}

}  // namespace tdsl::opt
