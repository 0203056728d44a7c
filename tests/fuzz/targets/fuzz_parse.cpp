// libFuzzer target: source text -> tokens and AST (src/frontend). Syntax
// errors are expected; a crash, a sanitizer report or an internal error is a bug.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "support/diagnostics.h"
#include "frontend/parser.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto file = std::make_shared<tdsl::SourceFile>();
  file->name = "<fuzz>";
  file->text.assign(reinterpret_cast<const char*>(data), size);
  try {
    auto module = tdsl::parseModule(file);
    (void)tdsl::dumpAst(*module);
  } catch (const tdsl::Error& e) {
    (void)tdsl::formatError(e);
  }
  try {
    (void)tdsl::tokenize(file);
  } catch (const tdsl::Error& e) {
    (void)tdsl::formatError(e);
  }
  (void)tdsl::isIncompleteInput(file->text);
  return 0;
}
