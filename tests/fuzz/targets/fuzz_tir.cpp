// libFuzzer target: .tir text -> graph (src/ir/ir_parser) -> verifier -> the
// pass pipeline (src/opt/pipeline). Text the parser or the verifier rejects
// is fine. A bug is a crash, an internal error, a printed graph that does
// not parse back to itself, or a graph the verifier accepted that a pass
// leaves invalid ("IR verification failed after <pass>").
#include <cstddef>
#include <cstdint>
#include <string>

#include "support/diagnostics.h"
#include "ir/ir_parser.h"
#include "ir/ir_printer.h"
#include "ir/verifier.h"
#include "opt/pipeline.h"

namespace {

bool startsWith(const std::string& s, const char* prefix) { return s.rfind(prefix, 0) == 0; }

void checkRoundTrip(const tdsl::ir::Graph& g) {
  std::string first = tdsl::ir::printGraph(g);
  std::string second;
  try {
    second = tdsl::ir::printGraph(*tdsl::ir::parseGraph(first));
  } catch (const tdsl::Error& e) {
    __builtin_trap();  // the printer wrote text its own parser rejects
  }
  if (first != second) __builtin_trap();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace tdsl;
  std::string text(reinterpret_cast<const char*>(data), size);
  std::unique_ptr<ir::Graph> g;
  try {
    g = ir::parseGraph(text);
  } catch (const Error&) {
    return 0;
  }
  if (!ir::verifyGraph(*g).empty()) return 0;
  checkRoundTrip(*g);
  opt::PipelineOptions options;
  options.verify = true;
  options.reinplace = size % 2 == 0;
  try {
    opt::runPipeline(*g, options);
  } catch (const Error& e) {
    if (startsWith(e.message, "IR verification failed after")) __builtin_trap();
    return 0;
  }
  checkRoundTrip(*g);
  return 0;
}
