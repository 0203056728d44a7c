// Storage allocation with accounting (Note [Allocation limit]) and tensor constructors.
#include "tensor/tensor.h"

#include <cstdint>
#include <cstdlib>
#include <limits>

#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "support/diagnostics.h"
#include "tensor/checked_math.h"

namespace tdsl {

void throwInterrupt(std::atomic<bool>& flag) {
  flag.store(false, std::memory_order_relaxed);
  throw Error(ErrorKind::Interrupt, "KeyboardInterrupt");
}

Storage::Storage(void* data, size_t nbytes, std::shared_ptr<MemoryAccount> account)
    : Object(ObjKind::Storage), data_(data), nbytes_(nbytes), account_(std::move(account)), owned_(true) {
  if (account_) serial = ++account_->storagesMade;
}

Storage::Storage(void* data, size_t nbytes, std::function<void(void*)> release)
    : Object(ObjKind::Storage), data_(data), nbytes_(nbytes), release_(std::move(release)), owned_(false) {}

Storage::~Storage() {
  if (owned_) {
    std::free(data_);
    if (account_) account_->used -= nbytes_;
  } else if (release_) {
    release_(data_);
  }
}

size_t checkedBytes(const TensorState& state, int64_t numel, DType dtype) {
  if (numel < 0) throw Error(ErrorKind::Runtime, "negative number of elements: " + std::to_string(numel));
  const size_t item = itemSize(dtype);
  if (static_cast<uint64_t>(numel) > std::numeric_limits<size_t>::max() / item)
    throw Error(ErrorKind::Resource, "tensor of " + std::to_string(numel) + " elements is too large to allocate");
  size_t bytes = static_cast<size_t>(numel) * item;
  const MemoryAccount& acc = *state.memory;
  if (bytes > acc.limit || acc.used > acc.limit - bytes)
    throw Error(ErrorKind::Resource, "tensor allocation of " + std::to_string(bytes) +
                                         " bytes exceeds the interpreter's memory limit (" +
                                         std::to_string(acc.limit) + " bytes, " + std::to_string(acc.used) +
                                         " in use)");
  return bytes;
}

namespace {

// The numel of a fresh tensor of `sizes` and `dtype`, whose bytes must fit.
int64_t allocationNumel(const Dims& sizes, DType dtype) {
  for (int64_t s : sizes) {
    if (s < 0)
      throw Error(ErrorKind::Runtime, "Trying to create tensor with negative dimension " + std::to_string(s) + ": " +
                                        formatDims(sizes));
  }
  contiguousNbytes(sizes, static_cast<int64_t>(itemSize(dtype)));
  return checkedNumel(sizes);
}

// Note [Huge pages for large tensors]
// A tensor of kHugePageMinBytes or more asks Linux to back the whole 2 MiB
// pages inside its block with transparent huge pages (madvise
// MADV_HUGEPAGE; Debian's default THP mode honours only such requests).
// Streaming kernels over 4 KiB pages took a TLB walk per page and lost the
// prefetchers at every page edge: x.sum() of 10^7 float32 (40 MB) took
// 1.3-1.6 ms and 1.0 ms with huge pages on an AMD EPYC (Zen 4), where
// PyTorch eager took 0.85-1.0. Only the aligned interior is advised, so no
// huge page holds bytes of another allocation; the advice changes no
// contents, and the kernel may decline it (THP off, no free huge page), in
// which case nothing changes. Memory the tensor leaves untouched may cost up
// to 2 MiB of resident memory per huge page it touches.
constexpr size_t kHugePageBytes = size_t(2) << 20;
constexpr size_t kHugePageMinBytes = 2 * kHugePageBytes;

void adviseHugePages(void* p, size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  if (bytes < kHugePageMinBytes) return;
  const uintptr_t begin = (reinterpret_cast<uintptr_t>(p) + kHugePageBytes - 1) & ~(kHugePageBytes - 1);
  const uintptr_t end = (reinterpret_cast<uintptr_t>(p) + bytes) & ~(kHugePageBytes - 1);
  if (end > begin) madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);  // advice: errors ignored
#else
  (void)p;
  (void)bytes;
#endif
}

Ref<Storage> allocStorage(TensorState& state, int64_t numel, DType dtype, bool zero) {
  size_t bytes = checkedBytes(state, numel, dtype);
  size_t request = bytes ? bytes : 1;
  void* p = zero ? std::calloc(request, 1) : std::malloc(request);
  if (!p) throw Error(ErrorKind::Resource, "out of memory allocating " + std::to_string(bytes) + " bytes");
  adviseHugePages(p, bytes);
  state.memory->used += bytes;
  return makeRef<Storage>(p, bytes, state.memory);
}

}  // namespace

Ref<TensorObject> allocTensor(TensorState& state, DType dtype, const Dims& sizes, bool zero) {
  int64_t numel = allocationNumel(sizes, dtype);
  return makeRef<TensorObject>(allocStorage(state, numel, dtype, zero), contiguousMeta(dtype, sizes));
}

Ref<TensorObject> allocLike(TensorState& state, const TensorMeta& meta, bool zero) {
  int64_t numel = allocationNumel(meta.sizes, meta.dtype);
  // numel slots hold every element (an empty result's strides may be anything).
  TDSL_ASSERT(meta.offset == 0 && (numel == 0 || isNonOverlappingAndDense(meta)));
  return makeRef<TensorObject>(allocStorage(state, numel, meta.dtype, zero), meta);
}

Ref<TensorObject> makeMetaTensor(const TensorMeta& meta) { return makeRef<TensorObject>(Ref<Storage>(), meta); }

Ref<TensorObject> makeViewOf(const TensorObject& base, const TensorMeta& meta) {
  return makeRef<TensorObject>(base.storage, meta);
}

Ref<TensorObject> wrapHostMemory(void* data, DType dtype, const Dims& sizes, const Dims& strides,
                                 std::function<void(void*)> release) {
  TensorMeta meta;
  meta.dtype = dtype;
  meta.sizes = sizes;
  meta.strides = strides.size() == sizes.size() ? strides : contiguousStrides(sizes);
  int64_t span = storageExtent(meta);
  auto storage = makeRef<Storage>(data, static_cast<size_t>(span) * itemSize(dtype), std::move(release));
  return makeRef<TensorObject>(storage, meta);
}

namespace {
template <class T>
T numberAs(const Value& v) {
  if (v.isBool()) return static_cast<T>(v.asBool());
  if (v.isInt()) return static_cast<T>(v.asInt());
  return static_cast<T>(v.asFloat());
}
}  // namespace

Ref<TensorObject> scalarTensor(TensorState& state, const Value& number, DType dtype) {
  auto t = allocTensor(state, dtype, Dims{});
  switch (dtype) {
    case DType::Bool: *t->data<bool>() = number.isBool() ? number.asBool() : number.isInt() ? number.asInt() != 0 : number.asFloat() != 0; break;
    case DType::Int32: *t->data<int32_t>() = numberAs<int32_t>(number); break;
    case DType::Int64: *t->data<int64_t>() = numberAs<int64_t>(number); break;
    case DType::Float32: *t->data<float>() = numberAs<float>(number); break;
    case DType::Float64: *t->data<double>() = numberAs<double>(number); break;
  }
  return t;
}

Ref<TensorObject> wrappedNumberTensor(TensorState& state, const Value& number) {
  DType d = number.isBool() ? DType::Bool : number.isInt() ? DType::Int64 : DType::Float64;
  auto t = scalarTensor(state, number, d);
  t->wrappedNumber = true;
  return t;
}

}  // namespace tdsl
