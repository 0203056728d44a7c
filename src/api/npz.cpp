// .npz archives through libzip (Debian's libzip-dev; Note [npy files] in npy.h),
// loaded on first use (Note [libzip on demand] in libzip.h).
#include "api/libzip.h"

#include <memory>

#include "api/npy.h"
#include "support/diagnostics.h"

namespace tdsl {

namespace {

[[noreturn]] void zipFailed(const std::string& path, const std::string& what, zip_error_t* err) {
  std::string msg = "OSError: " + what + " '" + path + "': " + libzip().zip_error_strerror(err);
  throw Error(ErrorKind::Runtime, msg);
}

struct ArchiveCloser {
  void operator()(zip_t* z) const { libzip().zip_discard(z); }
};
struct FileCloser {
  void operator()(zip_file_t* f) const { libzip().zip_fclose(f); }
};

bool endsWith(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

}  // namespace

NamedTensors loadNpz(TensorState& state, const std::string& path) {
  int code = 0;
  std::unique_ptr<zip_t, ArchiveCloser> z(libzip().zip_open(path.c_str(), ZIP_RDONLY, &code));
  if (!z) {
    zip_error_t err;
    libzip().zip_error_init_with_code(&err, code);
    std::string msg = libzip().zip_error_strerror(&err);
    libzip().zip_error_fini(&err);
    throw Error(ErrorKind::Runtime, "OSError: cannot read the .npz archive '" + path + "': " + msg);
  }
  NamedTensors out;
  zip_int64_t n = libzip().zip_get_num_entries(z.get(), 0);
  for (zip_int64_t i = 0; i < n; ++i) {
    const char* rawName = libzip().zip_get_name(z.get(), static_cast<zip_uint64_t>(i), ZIP_FL_ENC_GUESS);
    if (!rawName) continue;
    std::string name = rawName;
    if (!endsWith(name, ".npy")) continue;  // numpy's NpzFile also skips other members
    std::string what = path + "[" + name + "]";
    std::unique_ptr<zip_file_t, FileCloser> f(libzip().zip_fopen_index(z.get(), static_cast<zip_uint64_t>(i), 0));
    if (!f) zipFailed(path, "cannot open member " + name + " of", libzip().zip_get_error(z.get()));
    auto read = [&](char* buf, size_t want, bool exact) -> size_t {
      size_t got = 0;
      while (got < want) {
        zip_int64_t r = libzip().zip_fread(f.get(), buf + got, want - got);
        if (r < 0) zipFailed(path, "cannot read member " + name + " of", libzip().zip_file_get_error(f.get()));
        if (r == 0) break;
        got += static_cast<size_t>(r);
      }
      if (exact && got < want) throw Error(ErrorKind::Value, what + ": the .npy data ends early");
      return got;
    };
    out.emplace_back(name.substr(0, name.size() - 4), readNpy(state, what, read));
  }
  return out;
}

void saveNpz(const std::string& path, const std::vector<std::pair<std::string, const TensorObject*>>& tensors, bool compressed) {
  // The members' bytes live until zip_close writes the archive.
  std::vector<std::string> members;
  members.reserve(tensors.size());
  for (const auto& nt : tensors) members.push_back(npyBytes(*nt.second));
  int code = 0;
  std::unique_ptr<zip_t, ArchiveCloser> z(libzip().zip_open(path.c_str(), ZIP_CREATE | ZIP_TRUNCATE, &code));
  if (!z) {
    zip_error_t err;
    libzip().zip_error_init_with_code(&err, code);
    std::string msg = libzip().zip_error_strerror(&err);
    libzip().zip_error_fini(&err);
    throw Error(ErrorKind::Runtime, "OSError: cannot write the .npz archive '" + path + "': " + msg);
  }
  for (size_t i = 0; i < tensors.size(); ++i) {
    zip_source_t* src = libzip().zip_source_buffer(z.get(), members[i].data(), members[i].size(), 0);
    if (!src) zipFailed(path, "cannot add to", libzip().zip_get_error(z.get()));
    std::string member = tensors[i].first + ".npy";
    zip_int64_t index = libzip().zip_file_add(z.get(), member.c_str(), src, ZIP_FL_ENC_UTF_8 | ZIP_FL_OVERWRITE);
    if (index < 0) {
      libzip().zip_source_free(src);
      zipFailed(path, "cannot add " + member + " to", libzip().zip_get_error(z.get()));
    }
    if (libzip().zip_set_file_compression(z.get(), static_cast<zip_uint64_t>(index), compressed ? ZIP_CM_DEFLATE : ZIP_CM_STORE, 0) != 0)
      zipFailed(path, "cannot set the compression of", libzip().zip_get_error(z.get()));
  }
  zip_t* archive = z.release();
  if (libzip().zip_close(archive) != 0) {
    std::string msg = libzip().zip_error_strerror(libzip().zip_get_error(archive));
    libzip().zip_discard(archive);
    throw Error(ErrorKind::Runtime, "OSError: cannot write the .npz archive '" + path + "': " + msg);
  }
}

}  // namespace tdsl
