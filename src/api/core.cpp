// The Core of an embedded interpreter: boxing VM values into handles, and
// starting the limits at each outermost entry (core.h).
#include "api/core.h"

#include <chrono>

#include "tensor/tensor.h"
#include "vm/gc.h"
#include "vm/vm.h"

namespace tdsl::api::detail {

Core::Core(const Options& options) : vm(makeStandardInterpreter(options)) {
  // Note [Public names]: the library never writes to the host's stderr.
  vm->stderrSink = [](std::string_view) {};
}

Core::~Core() {
  watchdog.stop();  // before the VM it interrupts goes
  hosts.clear();
  vm.reset();
}

api::Value Core::box(tdsl::Value v) {
  api::Value out;
  if (v.isNone()) return out;
  out.box_ = std::make_shared<Box>(Box{std::move(v), weak_from_this()});
  return out;
}

const tdsl::Value& Core::raw(const api::Value& v) {
  static const tdsl::Value none;  // immutable: None has no object to count
  return v.box_ ? v.box_->value : none;
}

std::shared_ptr<Core> Core::ownerOf(const api::Value& v) {
  std::shared_ptr<Core> core = v.box_ ? v.box_->owner.lock() : nullptr;
  if (!core) {
    if (!v.box_) throw Error(ErrorKind::RuntimeError, "None belongs to no interpreter");
    throw Error(ErrorKind::RuntimeError, "the interpreter that made this value no longer exists");
  }
  return core;
}

tdsl::Value Core::unbox(const api::Value& v) {
  const tdsl::Value& r = raw(v);
  if (r.isObj() && v.box_->owner.lock().get() != this)
    throw Error(ErrorKind::TypeError, "a value of another interpreter cannot be passed to this one");
  return r;
}

void Core::startLimits() {
  auto deadline = std::chrono::steady_clock::time_point::max();
  if (limits.timeLimit.count() > 0) {
    deadline = std::chrono::steady_clock::now() + limits.timeLimit;
    watchdog.arm(deadline);  // Note [Deadline watchdog]
  }
  vm->setLimits(limits.maxSteps, deadline);
}

void Core::stopLimits() { watchdog.disarm(); }

}  // namespace tdsl::api::detail
