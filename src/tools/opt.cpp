// `tdsl opt`: main.cpp dispatches the `opt` subcommand here.
#include <iostream>
#include <string>
#include <vector>

#include "opt/opt_driver.h"

namespace tdsl {

// argv[0] is the program or subcommand name; a leading "opt" is skipped too,
// so both `argv = {"tdsl", "opt", ...}` and `{"opt", ...}` work.
int runOptCommand(int argc, char** argv) {
  std::vector<std::string> args;
  int i = 1;
  if (i < argc && std::string(argv[i]) == "opt") ++i;
  for (; i < argc; ++i) args.push_back(argv[i]);
  return tdsl::opt::runOptTool(args, std::cout, std::cerr);
}

}  // namespace tdsl
