// Note [Container memory]
// The interpreter's memory limit (Note [Allocation limit]) counts what
// containers hold as well as tensor storages: one MemoryAccount, the
// TensorState's, takes both. A container that can grow without bound —
// list, dict, set, and a string of kChargedStrBytes or more — holds a
// MemoryCharge: the bytes of its current payload (capacity * slot size; a
// string's characters) that it took from the account, given back when it
// dies.
//
// When. A charge changes only where the payload's capacity changes (a list
// that is full grows to twice its capacity, the dict's entry vector, a set's
// table resize, a new list made from a vector, a new string), never per
// element: append pays one compare. Where the size is known first (growth,
// repetition, concatenation, join) the check comes BEFORE the allocation,
// so `[0] * 10**12` fails without asking malloc, and a failed check leaves
// the container as it was; other strings are checked once made. Exceeding the limit is
// Error(Resource), "MemoryError: ... exceeds the interpreter's memory limit",
// which scripts cannot catch; the interpreter stays usable.
//
// Which account. The account of the interpreter running on this thread,
// found through GcHeap::current() (the VM installs the TensorState's account
// in its heap). Objects built while no interpreter runs (host code making
// arguments) are not charged, like untracked objects. The charge holds its
// account by shared_ptr, so a container that outlives its interpreter (a
// host's Value) gives its bytes back safely, like a Storage does.
//
// What is not counted: fixed object headers (a list's 80 bytes without its
// slots), numbers, tuples (immutable: a tuple is as large as the list or
// repetition it was made from, which were checked), strings below
// kChargedStrBytes. Each is bounded by the counted payload that refers to it,
// so the cap stays a cap up to a small constant factor.
#pragma once

#include <cstddef>
#include <memory>

namespace tdsl {

struct MemoryAccount;

class MemoryCharge {
 public:
  MemoryCharge() = default;
  MemoryCharge(const MemoryCharge&) = delete;
  MemoryCharge& operator=(const MemoryCharge&) = delete;
  ~MemoryCharge() {
    if (account_) release();
  }
  // Makes the charge `bytes`. Growth is checked first: Error(Resource) when
  // it does not fit, and then nothing changes.
  void resize(size_t bytes);
  size_t bytes() const { return bytes_; }

  // Error(Resource) unless `bytes` more fit in the running interpreter's
  // account; for results built before they are charged.
  static void checkRoom(size_t bytes);

 private:
  void release();
  std::shared_ptr<MemoryAccount> account_;
  size_t bytes_ = 0;
};

}  // namespace tdsl
