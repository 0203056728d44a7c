// What a script may reach outside its interpreter (issue 14).
//
// Note [Capabilities]
// An interpreter starts with no file access: `import NAME` finds only the
// built-in and stdlib modules, and tdsl.load_npy/save_npy and the like
// raise PermissionError. A host grants directories: files below a read
// directory may be imported (NAME.td, searched in the order given) and
// loaded, files below a write directory saved. A path is checked after
// resolving symbolic links and `..` (realpath), so a link inside a granted
// directory cannot lead outside it. Scripts have no process or environment
// access at all (no os module; sys.exit ends only the script), and a host
// can refuse modules by name (deniedModules, e.g. "time" for the clock).
// The tdsl program grants the current directory, as Python would;
// `tdsl run --sandbox` grants nothing, as an embedded interpreter.
#pragma once

#include <string>
#include <vector>

namespace tdsl {

struct Capabilities {
  std::vector<std::string> readDirs;       // import and load below these
  std::vector<std::string> writeDirs;      // save below these
  std::vector<std::string> deniedModules;  // `import NAME` is refused
};

// The resolved path of `path` when it lies below one of `dirs`; otherwise
// Error(Runtime, "PermissionError: [Errno 13] Permission denied: 'path'
// (outside the directories this interpreter may read)"). For writing, the
// file itself need not exist, its directory must.
std::string permittedPath(const std::vector<std::string>& dirs, const std::string& path, bool forWriting);

// The whole file at `path` (a script or module source); Error naming the
// reason (strerror) when it cannot be opened or read, or is a directory.
std::string readScriptFile(const std::string& path);

}  // namespace tdsl
