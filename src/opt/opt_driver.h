// The `tdsl opt` command, as a library function so tests can run it without
// the executable:
//
//   tdsl opt --passes=functionalize,reinplace,dce [--print-after-all]
//            [--no-verify] [--decisions] FILE.tir
//
// Reads a text graph, verifies it, runs the passes in the order given
// (verifying after each), prints the final IR to `out`. --print-after-all
// prints "after <pass>:" and the IR or "(unchanged)" after every pass;
// --decisions prints the reinplace decisions as `// reinplace: ...` lines.
// Exit status: 0 success, 1 bad input or failed verification (message on
// `err`), 2 usage error.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace tdsl::opt {

int runOptTool(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

// Runs passes over IR text; returns what `tdsl opt` prints. Throws tdsl::Error.
std::string optimizeText(const std::string& irText, const std::vector<std::string>& passes, bool printAfterAll,
                         bool decisions, bool verify = true);

}  // namespace tdsl::opt
