// ValueSpan: a read-only view of consecutive Values (a list's vector, a
// tuple's inline items, a slice of registers), so code that reads a sequence
// does not care which container holds it. It owns nothing: the container
// must outlive it and must not change size while it is in use.
#pragma once

#include <cstddef>
#include <vector>

#include "core/value.h"

namespace tdsl {

class ValueSpan {
 public:
  ValueSpan() = default;
  ValueSpan(const Value* data, size_t size) : data_(data), size_(size) {}
  ValueSpan(const std::vector<Value>& v) : data_(v.data()), size_(v.size()) {}  // NOLINT: implicit by design

  const Value* data() const { return data_; }
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const Value& operator[](size_t i) const { return data_[i]; }
  const Value& front() const { return data_[0]; }
  const Value& back() const { return data_[size_ - 1]; }
  const Value* begin() const { return data_; }
  const Value* end() const { return data_ + size_; }
  // A copy of the items (each one a new reference).
  std::vector<Value> toVector() const { return std::vector<Value>(begin(), end()); }

 private:
  const Value* data_ = nullptr;
  size_t size_ = 0;
};

}  // namespace tdsl
