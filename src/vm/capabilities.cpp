// Path checks for the capabilities a host grants (Note [Capabilities]).
#include "vm/capabilities.h"

#include <climits>
#include <cstdlib>
#include <cstring>

#include "support/diagnostics.h"

namespace tdsl {

namespace {

// realpath(3), or empty when the path does not resolve.
std::string resolved(const std::string& path) {
  char buf[PATH_MAX];
  if (!::realpath(path.c_str(), buf)) return {};
  return buf;
}

bool isBelow(const std::string& file, const std::string& dir) {
  if (dir.empty()) return false;
  if (file == dir) return true;
  std::string prefix = dir.back() == '/' ? dir : dir + "/";
  return file.compare(0, prefix.size(), prefix) == 0;
}

}  // namespace

std::string permittedPath(const std::vector<std::string>& dirs, const std::string& path, bool forWriting) {
  std::string full;
  if (forWriting) {
    size_t slash = path.rfind('/');
    std::string dir = slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
    std::string base = slash == std::string::npos ? path : path.substr(slash + 1);
    std::string rdir = resolved(dir);
    if (!rdir.empty() && !base.empty() && base != "." && base != "..") {
      full = rdir + (rdir.back() == '/' ? "" : "/") + base;
      // An existing file may be a symbolic link: check where it leads.
      std::string target = resolved(full);
      if (!target.empty()) full = target;
    }
  } else {
    full = resolved(path);
  }
  if (!full.empty())
    for (const std::string& d : dirs) {
      std::string rd = resolved(d);
      if (isBelow(full, rd)) return full;
    }
  throw Error(ErrorKind::Runtime, "PermissionError: [Errno 13] Permission denied: '" + path + "' (outside the directories this interpreter may " +
                                      (forWriting ? "write" : "read") + ")");
}

}  // namespace tdsl
