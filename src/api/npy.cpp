// .npy headers, dtypes and files (Note [npy files] in npy.h).
#include "api/npy.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>

#include "support/diagnostics.h"

namespace tdsl {

namespace {

constexpr char kMagic[] = "\x93NUMPY";
constexpr size_t kMagicLen = 6;
constexpr size_t kAlign = 64;  // numpy pads the header so the data starts on 64 bytes

[[noreturn]] void bad(const std::string& what, const std::string& why) {
  throw Error(ErrorKind::Value, what + ": " + why);
}

[[noreturn]] void osError(const std::string& path, int err) {
  throw Error(ErrorKind::Runtime, std::string(err == ENOENT ? "FileNotFoundError" : err == EACCES ? "PermissionError" : "OSError") +
                                      ": [Errno " + std::to_string(err) + "] " + std::strerror(err) + ": '" + path + "'");
}

uint32_t littleEndian(const unsigned char* p, int n) {
  uint32_t v = 0;
  for (int i = n; i-- > 0;) v = v << 8 | p[i];
  return v;
}

// A reader for the header dict: {'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }
struct DictReader {
  const std::string& what;
  const char* p;
  const char* end;

  void skipSpace() {
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')) ++p;
  }
  bool eat(char c) {
    skipSpace();
    if (p < end && *p == c) {
      ++p;
      return true;
    }
    return false;
  }
  void expect(char c) {
    if (!eat(c)) bad(what, std::string("malformed .npy header (expected '") + c + "')");
  }
  std::string string() {
    skipSpace();
    if (p >= end || (*p != '\'' && *p != '"')) bad(what, "malformed .npy header (expected a string)");
    char q = *p++;
    const char* start = p;
    while (p < end && *p != q) ++p;
    if (p >= end) bad(what, "malformed .npy header (unterminated string)");
    return std::string(start, p++);
  }
  bool word(const char* w) {
    skipSpace();
    size_t n = std::strlen(w);
    if (static_cast<size_t>(end - p) >= n && std::memcmp(p, w, n) == 0) {
      p += n;
      return true;
    }
    return false;
  }
  int64_t integer() {
    skipSpace();
    const char* start = p;
    int64_t v = 0;
    while (p < end && *p >= '0' && *p <= '9') {
      if (v > (INT64_MAX - 9) / 10) bad(what, "a dimension of the .npy shape is too large");
      v = v * 10 + (*p++ - '0');
    }
    if (p == start) bad(what, "malformed .npy header (expected a dimension)");
    if (p < end && *p == 'L') ++p;  // Python 2's long literals
    return v;
  }
};

std::string shapeText(const Dims& sizes) {
  std::string s = "(";
  for (int i = 0; i < sizes.size(); ++i) {
    if (i) s += ", ";
    s += std::to_string(sizes[i]);
  }
  if (sizes.size() == 1) s += ",";
  return s + ")";
}

const char* descrOf(DType d) {
  switch (d) {
    case DType::Bool: return "|b1";
    case DType::Int32: return "<i4";
    case DType::Int64: return "<i8";
    case DType::Float32: return "<f4";
    case DType::Float64: return "<f8";
  }
  return "?";
}

bool isFortranContiguous(const TensorObject& t) {
  int64_t expected = 1;
  for (int i = 0; i < t.dim(); ++i) {
    if (t.sizes()[i] == 1) continue;
    if (t.strides()[i] != expected) return false;
    expected *= t.sizes()[i];
  }
  return true;
}

// The elements of `t` in C order (or Fortran order when `fortran`), as bytes.
void appendElements(const TensorObject& t, bool fortran, std::string& out) {
  const size_t item = itemSize(t.dtype());
  const int64_t n = t.numel();
  const char* base = t.dataPtr();
  if (t.meta.isContiguous() || (fortran && isFortranContiguous(t))) {
    out.append(base, static_cast<size_t>(n) * item);
    return;
  }
  // A general strided walk in C order (fortran is only set for
  // Fortran-contiguous tensors, handled above).
  const int d = t.dim();
  std::vector<int64_t> index(d, 0);
  size_t at = out.size();
  out.resize(at + static_cast<size_t>(n) * item);
  for (int64_t k = 0; k < n; ++k) {
    int64_t off = 0;
    for (int j = 0; j < d; ++j) off += index[j] * t.strides()[j];
    std::memcpy(&out[at], base + off * static_cast<int64_t>(item), item);
    at += item;
    for (int j = d; j-- > 0;) {
      if (++index[j] < t.sizes()[j]) break;
      index[j] = 0;
    }
  }
}

}  // namespace

size_t npyDataOffset(const std::string& what, const char* bytes, size_t n) {
  if (n < kMagicLen + 4 || std::memcmp(bytes, kMagic, kMagicLen) != 0) bad(what, "not a .npy file (no NUMPY magic string)");
  auto* u = reinterpret_cast<const unsigned char*>(bytes);
  int major = u[6];
  if (major == 1) return 10 + littleEndian(u + 8, 2);
  if (major == 2 || major == 3) {
    if (n < 12) bad(what, "truncated .npy header");
    return 12 + static_cast<size_t>(littleEndian(u + 8, 4));
  }
  bad(what, "unsupported .npy format version " + std::to_string(major) + "." + std::to_string(u[7]));
}

NpyHeader parseNpyHeader(const std::string& what, const char* bytes, size_t dataOffset) {
  NpyHeader h;
  h.dataOffset = dataOffset;
  size_t start = bytes[6] == 1 ? 10 : 12;
  DictReader r{what, bytes + start, bytes + dataOffset};
  bool haveDescr = false, haveOrder = false, haveShape = false;
  r.expect('{');
  while (!r.eat('}')) {
    std::string key = r.string();
    r.expect(':');
    if (key == "descr") {
      r.skipSpace();
      if (r.p < r.end && *r.p == '[') bad(what, "structured .npy arrays (a list descr) are not supported");
      h.descr = r.string();
      haveDescr = true;
    } else if (key == "fortran_order") {
      if (r.word("True")) h.fortranOrder = true;
      else if (r.word("False")) h.fortranOrder = false;
      else bad(what, "malformed .npy header (fortran_order is not True or False)");
      haveOrder = true;
    } else if (key == "shape") {
      r.expect('(');
      while (!r.eat(')')) {
        h.shape.push_back(r.integer());
        if (!r.eat(',')) {
          r.expect(')');
          break;
        }
      }
      haveShape = true;
    } else {
      bad(what, "unexpected key '" + key + "' in the .npy header");
    }
    if (!r.eat(',')) {
      r.expect('}');
      break;
    }
  }
  if (!haveDescr || !haveOrder || !haveShape) bad(what, "the .npy header lacks 'descr', 'fortran_order' or 'shape'");
  if (h.shape.size() > static_cast<size_t>(kMaxDims))
    bad(what, "a .npy array of " + std::to_string(h.shape.size()) + " dimensions (at most " + std::to_string(kMaxDims) + ")");
  return h;
}

NpyType npyType(const std::string& what, const std::string& descr) {
  if (descr.size() < 3) bad(what, "unsupported .npy dtype '" + descr + "'");
  char order = descr[0];
  std::string kind = descr.substr(1);
  size_t bytes = static_cast<size_t>(std::atoi(kind.c_str() + 1));
  if (order == '>' && bytes > 1) bad(what, "big-endian .npy data ('" + descr + "') is not supported");
  if (order != '<' && order != '|' && order != '=' && order != '>') bad(what, "unsupported .npy dtype '" + descr + "'");
  if (kind == "f4") return {DType::Float32, 4, true, false};
  if (kind == "f8") return {DType::Float64, 8, true, false};
  if (kind == "i4") return {DType::Int32, 4, true, false};
  if (kind == "i8") return {DType::Int64, 8, true, false};
  if (kind == "b1") return {DType::Bool, 1, false, false};
  if (kind == "i1" || kind == "i2") return {DType::Int32, bytes, true, true};
  if (kind == "u1" || kind == "u2") return {DType::Int32, bytes, false, true};
  if (kind == "u4") return {DType::Int64, 4, false, true};
  bad(what, "the .npy dtype '" + descr + "' has no tdsl dtype (float32, float64, int32, int64, bool; int8/16 and uint8/16/32 load widened)");
}

void widenNpy(const NpyType& type, const char* in, char* out, int64_t n) {
  for (int64_t i = 0; i < n; ++i) {
    const char* p = in + i * static_cast<int64_t>(type.stored);
    int64_t v = 0;
    switch (type.stored) {
      case 1: v = type.isSigned ? int64_t(*reinterpret_cast<const int8_t*>(p)) : int64_t(*reinterpret_cast<const uint8_t*>(p)); break;
      case 2: {
        uint16_t u;
        std::memcpy(&u, p, 2);
        v = type.isSigned ? int64_t(int16_t(u)) : int64_t(u);
        break;
      }
      case 4: {
        uint32_t u;
        std::memcpy(&u, p, 4);
        v = type.isSigned ? int64_t(int32_t(u)) : int64_t(u);
        break;
      }
    }
    if (type.dtype == DType::Int32) reinterpret_cast<int32_t*>(out)[i] = static_cast<int32_t>(v);
    else reinterpret_cast<int64_t*>(out)[i] = v;
  }
}

Dims npyStrides(const Dims& sizes, bool fortranOrder) {
  if (!fortranOrder) return contiguousStrides(sizes);
  Dims strides = sizes;
  int64_t step = 1;
  for (int i = 0; i < sizes.size(); ++i) {
    strides[i] = step;
    step *= std::max<int64_t>(sizes[i], 1);
  }
  return strides;
}

std::string npyBytes(const TensorObject& t) {
  if (t.isMeta()) throw Error(ErrorKind::Runtime, "a meta tensor has no data to save");
  bool fortran = t.dim() > 1 && !t.meta.isContiguous() && isFortranContiguous(t);
  std::string dict = std::string("{'descr': '") + descrOf(t.dtype()) + "', 'fortran_order': " + (fortran ? "True" : "False") +
                     ", 'shape': " + shapeText(t.sizes()) + ", }";
  // Version 1.0 holds a header of up to 65535 bytes, 2.0 one of 4 GiB.
  size_t fixed = kMagicLen + 2 + 2;
  if (fixed + dict.size() + 1 > 65535) fixed = kMagicLen + 2 + 4;
  size_t total = (fixed + dict.size() + 1 + kAlign - 1) / kAlign * kAlign;
  dict.append(total - fixed - dict.size() - 1, ' ');
  dict += '\n';
  std::string out(kMagic, kMagicLen);
  size_t hlen = dict.size();
  if (fixed == kMagicLen + 2 + 2) {  // version 1.0: a 2-byte length
    out += '\x01';
    out += '\x00';
    out += static_cast<char>(hlen & 0xff);
    out += static_cast<char>(hlen >> 8);
  } else {
    out += '\x02';
    out += '\x00';
    for (int i = 0; i < 4; ++i) out += static_cast<char>((hlen >> (8 * i)) & 0xff);
  }
  out += dict;
  out.reserve(out.size() + static_cast<size_t>(t.numel()) * itemSize(t.dtype()));
  appendElements(t, fortran, out);
  return out;
}

void saveNpy(const std::string& path, const TensorObject& t) {
  std::string bytes = npyBytes(t);
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) osError(path, errno);
  size_t done = 0;
  while (done < bytes.size()) {
    ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      int err = errno;
      ::close(fd);
      osError(path, err);
    }
    done += static_cast<size_t>(n);
  }
  if (::close(fd) != 0) osError(path, errno);
}

Ref<TensorObject> loadNpy(TensorState& state, const std::string& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) osError(path, errno);
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  struct stat st {};
  if (::fstat(fd, &st) != 0) osError(path, errno);
  if (S_ISDIR(st.st_mode)) osError(path, EISDIR);
  const size_t size = static_cast<size_t>(st.st_size);
  // Note [npy files]: map the file, and wrap the mapping when the data is aligned.
  void* map = size ? ::mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0) : MAP_FAILED;
  if (map != MAP_FAILED) {
    struct Unmap {
      void* map;
      size_t size;
      ~Unmap() {
        if (map) ::munmap(map, size);
      }
    } unmap{map, size};
    const char* bytes = static_cast<const char*>(map);
    size_t offset = npyDataOffset(path, bytes, std::min(size, kNpyPreamble));
    if (offset > size) bad(path, "truncated .npy header");
    NpyHeader h = parseNpyHeader(path, bytes, offset);
    NpyType type = npyType(path, h.descr);
    Dims sizes(h.shape);
    int64_t numel = 1;
    for (int64_t s : h.shape) {
      if (s != 0 && numel > INT64_MAX / s) bad(path, "the .npy shape is too large");
      numel *= s;
    }
    if (static_cast<uint64_t>(numel) > (size - offset) / type.stored)
      bad(path, "the .npy file holds " + std::to_string(size - offset) + " bytes of data, its shape " + shapeText(sizes) + " needs " +
                    std::to_string(static_cast<uint64_t>(numel) * type.stored));
    if (!type.widen && numel > 0 && offset % type.stored == 0) {
      void* base = map;
      unmap.map = nullptr;  // the storage owns the mapping now
      return wrapHostMemory(static_cast<char*>(map) + offset, type.dtype, sizes, npyStrides(sizes, h.fortranOrder),
                            [base, size](void*) { ::munmap(base, size); });
    }
    auto t = allocTensor(state, type.dtype, sizes);
    if (type.widen) widenNpy(type, bytes + offset, t->dataPtr(), numel);
    else std::memcpy(t->dataPtr(), bytes + offset, static_cast<size_t>(numel) * type.stored);
    if (h.fortranOrder) t->meta.strides = npyStrides(sizes, true);
    return t;
  }
  // Not mappable (an empty file, a pipe): read it.
  return readNpy(state, path, [&](char* out, size_t n, bool exact) {
    size_t got = 0;
    while (got < n) {
      ssize_t r = ::read(fd, out + got, n - got);
      if (r < 0) {
        if (errno == EINTR) continue;
        osError(path, errno);
      }
      if (r == 0) break;
      got += static_cast<size_t>(r);
    }
    if (exact && got < n) bad(path, "the .npy file ends early");
    return got;
  });
}

}  // namespace tdsl
