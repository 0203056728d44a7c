// NumPy's .npy and .npz files (issue 14): the format of
// numpy.lib.format (versions 1.0, 2.0 and 3.0 read; 1.0, or 2.0 for a
// header over 64 KiB, written), little-endian, C or Fortran order.
//
// Note [npy files]
// A .npy file is a magic string, a version, a header (a Python dict literal:
// 'descr', 'fortran_order', 'shape') padded with spaces to a multiple of 64
// bytes, then the elements. Loading a .npy maps the file (mmap, private:
// in-place changes stay in memory, the file is unchanged) and wraps the
// mapping as the tensor's storage when the data is aligned for its dtype,
// so even a large file costs no copy; the mapping goes with the last view.
// dtypes: f4 f8 i4 i8 b1 natively; i1 i2 u1 u2 load widened to int32 and u4
// to int64 (a copy); other types, big-endian data and object arrays are a
// ValueError. Saving writes a C-contiguous tensor as it is, a
// Fortran-contiguous one with fortran_order True, anything else gathered
// into C order. A .npz is a zip archive of NAME.npy members (libzip); its
// members are read into fresh tensors (counted in the memory limit).
#pragma once

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "tensor/tensor.h"

namespace tdsl {

Ref<TensorObject> loadNpy(TensorState& state, const std::string& path);
void saveNpy(const std::string& path, const TensorObject& t);

// The .npy bytes of `t` (header and data), as saveNpy writes them.
std::string npyBytes(const TensorObject& t);
// A tensor from .npy bytes read by `read(buffer, n, exact)`, which returns
// how many bytes it read (fewer only at the end of the data, and then it
// throws when `exact`); `what` names the source in errors.
template <class Read>
Ref<TensorObject> readNpy(TensorState& state, const std::string& what, Read&& read);

using NamedTensors = std::vector<std::pair<std::string, Ref<TensorObject>>>;
NamedTensors loadNpz(TensorState& state, const std::string& path);
void saveNpz(const std::string& path, const std::vector<std::pair<std::string, const TensorObject*>>& tensors, bool compressed);

// The parsed header of a .npy file.
struct NpyHeader {
  std::string descr;  // '<f4'
  bool fortranOrder = false;
  std::vector<int64_t> shape;
  size_t dataOffset = 0;  // bytes from the start of the file
};
constexpr size_t kNpyPreamble = 12;  // magic, version and the longest length field
// From the first kNpyPreamble bytes (fewer: a file that short): the size of
// everything before the data.
size_t npyDataOffset(const std::string& what, const char* bytes, size_t n);
// From the first dataOffset bytes.
NpyHeader parseNpyHeader(const std::string& what, const char* bytes, size_t dataOffset);

// How a .npy descr maps to a tdsl dtype: `stored` bytes per element in the
// file, widened (copied) to `dtype` when `widen` is set.
struct NpyType {
  DType dtype;
  size_t stored;
  bool isSigned;
  bool widen;
};
NpyType npyType(const std::string& what, const std::string& descr);

// Copies `n` elements stored as `type` into `out` (of type.dtype).
void widenNpy(const NpyType& type, const char* in, char* out, int64_t n);

// Sizes and strides (elements) of a loaded array in its order.
Dims npyStrides(const Dims& sizes, bool fortranOrder);

template <class Read>
Ref<TensorObject> readNpy(TensorState& state, const std::string& what, Read&& read) {
  std::string bytes(kNpyPreamble, '\0');
  size_t got = read(bytes.data(), bytes.size(), false);
  size_t offset = npyDataOffset(what, bytes.data(), got);
  if (offset > got) {
    bytes.resize(offset);
    read(bytes.data() + got, offset - got, true);
  }
  NpyHeader h = parseNpyHeader(what, bytes.data(), offset);
  NpyType type = npyType(what, h.descr);
  Dims sizes(h.shape);
  auto t = allocTensor(state, type.dtype, sizes);
  int64_t n = t->numel();
  std::string rest = offset < got ? bytes.substr(offset, got - offset) : std::string();  // data read with the preamble
  auto fill = [&](char* out, size_t nbytes) {
    size_t first = std::min(rest.size(), nbytes);
    std::copy(rest.data(), rest.data() + first, out);
    if (nbytes > first) read(out + first, nbytes - first, true);
  };
  if (!type.widen) {
    fill(t->dataPtr(), static_cast<size_t>(n) * type.stored);
  } else {
    std::string raw(static_cast<size_t>(n) * type.stored, '\0');
    fill(raw.data(), raw.size());
    widenNpy(type, raw.data(), t->dataPtr(), n);
  }
  if (h.fortranOrder) t->meta.strides = npyStrides(sizes, true);
  return t;
}

}  // namespace tdsl
