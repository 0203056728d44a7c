// Tensors: reference-counted storage + strided metadata (DESIGN.md §2.7).
//
// Note [Storage and views]
// A Storage owns (or, for host memory, borrows) a byte buffer. A
// TensorObject is a view over a storage: element (i0..ik) lives at
// storage->data + (offset + sum(ij * strides[j])) * itemSize(dtype).
// Views share the Storage (Ref-counted), so `a[1:3]` keeps `a`'s buffer
// alive. A TensorObject without storage is a meta tensor (a tracer proxy):
// it has metadata only (Note [Dispatch and meta tensors] in ops/op_table.h).
//
// Note [Allocation limit]
// Every buffer is allocated through the interpreter's TensorState: requested
// sizes are checked (negative sizes, numel * itemsize overflow, the
// per-interpreter limit, kDefaultTensorMemoryLimit unless the host sets
// another) BEFORE allocating, and failures are Error(Resource) — never
// std::bad_alloc or the OOM killer.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "tensor/transform_state.h"
#include "tensor/random/cpu_generator.h"
#include "tensor/tensor_meta.h"
#include "tensor/tensor_state.h"
#include "core/value.h"

namespace tdsl {


// 8 GiB: large enough for any test or benchmark here, small enough that a
// typo like torch.zeros(10**11) fails cleanly instead of swapping.
constexpr size_t kDefaultTensorMemoryLimit = size_t(8) << 30;

// Bytes in use by one interpreter's storages. Shared with every Storage it
// allocated so a storage that outlives its interpreter still accounts safely.
struct MemoryAccount {
  size_t limit = kDefaultTensorMemoryLimit;
  size_t used = 0;
  uint64_t storagesMade = 0;  // numbers the owned storages in creation order (Storage::serial)
};

class Storage : public Object {
 public:
  // Owned memory from std::malloc/calloc, accounted in `account`.
  Storage(void* data, size_t nbytes, std::shared_ptr<MemoryAccount> account);
  // Borrowed host memory; `release` (may be empty) runs when the last view dies.
  Storage(void* data, size_t nbytes, std::function<void(void*)> release);
  ~Storage() override;

  char* data() const { return static_cast<char*>(data_); }
  size_t nbytes() const { return nbytes_; }

  // Note [Version counter]: bumped by every in-place write dispatched from a
  // script (autograd/dispatch.cpp); autograd compares it with the version
  // a saved tensor had when its node saved it.
  uint64_t version = 0;
  // The storage's number in its interpreter's creation order (1, 2, ...);
  // 0 for borrowed host memory (Note [Captured tensors] in autograd/dispatch.h).
  uint64_t serial = 0;

 private:
  void* data_;
  size_t nbytes_;
  std::shared_ptr<MemoryAccount> account_;
  std::function<void(void*)> release_;
  bool owned_;
};

// Autograd's per-tensor record (autograd/autograd_meta.h); null for a tensor
// autograd never saw.
struct AutogradMeta;

class TensorObject : public Object {
 public:
  TensorObject(Ref<Storage> storage, TensorMeta meta)
      : Object(ObjKind::Tensor), storage(std::move(storage)), meta(std::move(meta)) {}

  Ref<Storage> storage;  // null: meta tensor (no data)
  TensorMeta meta;
  // A Python number turned into a 0-dim tensor for an operator (`2 - x`): it
  // promotes like a scalar (PyTorch's "wrapped number").
  bool wrappedNumber = false;
  // Owned by the tracer (e.g. the graph node this proxy stands for); the
  // tensor layer never reads it.
  Value traceSlot;
  // Owned by autograd (requires_grad, grad, grad_fn); the tensor layer never reads it.
  std::shared_ptr<AutogradMeta> autograd;
  // Owned by autograd: the root tensor a view op made this view of when no
  // argument had autograd history (Note [Views of tensors without history]).
  Ref<TensorObject> viewOrigin;

  bool isMeta() const { return !storage; }
  DType dtype() const { return meta.dtype; }
  int dim() const { return meta.sizes.size(); }
  const Dims& sizes() const { return meta.sizes; }
  const Dims& strides() const { return meta.strides; }
  int64_t numel() const { return meta.numel(); }
  // Address of the first element (storage data + offset); requires !isMeta().
  // Note [Offsets of empty views]: an empty view may have an offset no
  // element is at: x[::2**63-1][1:] is x's stride times one, PyTorch's
  // storage_offset() of 2**63-1. Its bytes overflow int64, so the address is
  // computed modulo 2**64; it is exact for every tensor with elements (their
  // storage bounds check put them inside the allocation) and never read for
  // an empty one.
  char* dataPtr() const {
    return reinterpret_cast<char*>(reinterpret_cast<uintptr_t>(storage->data()) +
                                   static_cast<uint64_t>(meta.offset) * itemSize(meta.dtype));
  }
  template <class T>
  T* data() const { return reinterpret_cast<T*>(dataPtr()); }
};

inline TensorObject* asTensor(const Value& v) { return v.as<TensorObject>(); }

struct DispatchInterceptor;
// Per-interpreter tensor runtime state (see tensor_state.h).
struct TensorState {
  std::shared_ptr<MemoryAccount> memory = std::make_shared<MemoryAccount>();
  // Note [PyTorch's CPU generator]: the interpreter's default generator, and
  // the one a call's generator= argument selects while it runs
  // (vm/torch/dispatch.cpp). Kernels draw from generator().
  std::shared_ptr<CpuGenerator> defaultGenerator = std::make_shared<CpuGenerator>();
  CpuGenerator* generatorOverride = nullptr;
  CpuGenerator& generator() { return generatorOverride ? *generatorOverride : *defaultGenerator; }
  DType defaultFloat = DType::Float32;
  // The tracer installs itself here; see ops/dispatch.h.
  DispatchInterceptor* interceptor = nullptr;
  // The owning interpreter's interrupt flag (attachInterruptFlag); null for a
  // state that no interpreter owns (unit tests of kernels).
  std::atomic<bool>* interrupt = nullptr;
  // Grad mode (torch.is_grad_enabled(), no_grad, inference_mode): per
  // interpreter, read by autograd's dispatch (autograd/dispatch.h).
  bool gradEnabled = true;
  bool inferenceMode = false;
  uint64_t autogradSequence = 0;  // numbers autograd's nodes in creation order
  // The vmap calls under way, outermost first: batched ones (Note [Batched
  // tensors] in autograd/batched_dispatch.h) and ones by samples.
  std::vector<std::shared_ptr<BatchLevel>> vmapLevels;
  // The calls of grad-type transforms' functions under way, innermost last
  // (Note [Captured tensors] in autograd/dispatch.h).
  std::vector<TransformFrame> transformFrames;
  // torch.set_num_threads(n) of this interpreter, 0 until a script sets it
  // (then defaultThreadCount()); matmul's BLAS calls run on it (Note [BLAS
  // threads] in matmul_blocks.h), the JIT's kernels on the compile runtime's copy.
  int numThreads = 0;
  // Note [Tensor hooks] (autograd/engine.cpp): calls a register_hook() hook
  // (a script callable) on a gradient; set by the VM's torch module.
  std::function<Value(const Value& hook, const Value& grad)> callHook;
};

// Note [Interrupting kernels]
// A kernel whose work is not bounded by the memory it allocates (a reduction
// over an expanded input, e.g. torch.ones(1).expand(10**9, 10**9).sum())
// could run for years, so kernels call pollInterrupt() every
// kInterruptGrain elements or so: reductions between chunks of their inner
// loops and between outputs, ElementwisePlan::forEachRow between rows, the
// graph executor between nodes. The check is one relaxed load per grain, so
// the hot path pays nothing measurable. A set flag is consumed (cleared)
// and raised as Error(Interrupt, "KeyboardInterrupt"), the text the VM's own
// poll uses, so the CLI reports both alike.
constexpr int64_t kInterruptGrain = int64_t(1) << 16;

[[noreturn]] void throwInterrupt(std::atomic<bool>& flag);
inline void pollInterrupt(std::atomic<bool>* flag) {
  if (flag && flag->load(std::memory_order_relaxed)) throwInterrupt(*flag);
}
inline void pollInterrupt(const TensorState& state) { pollInterrupt(state.interrupt); }

// Allocates a contiguous tensor; `zero` fills it with zeros. Throws Error(Resource/Value).
Ref<TensorObject> allocTensor(TensorState& state, DType dtype, const Dims& sizes, bool zero = false);
// Allocates storage for `meta` exactly as described (used for fresh results whose
// meta rule chose the layout; the meta must be non-overlapping and dense, with
// offset 0).
Ref<TensorObject> allocLike(TensorState& state, const TensorMeta& meta, bool zero = false);
Ref<TensorObject> makeMetaTensor(const TensorMeta& meta);
// A view sharing `base`'s storage with metadata `meta`.
Ref<TensorObject> makeViewOf(const TensorObject& base, const TensorMeta& meta);
// Zero-copy tensor over host memory.
Ref<TensorObject> wrapHostMemory(void* data, DType dtype, const Dims& sizes, const Dims& strides,
                                 std::function<void(void*)> release);

// 0-dim tensors from Python numbers.
Ref<TensorObject> scalarTensor(TensorState& state, const Value& number, DType dtype);
Ref<TensorObject> wrappedNumberTensor(TensorState& state, const Value& number);

// Bytes for `numel` elements of `dtype`, or Error(Resource) on overflow / limit.
size_t checkedBytes(const TensorState& state, int64_t numel, DType dtype);

}  // namespace tdsl
