// The state behind a tdsl::api::Interpreter (include/tdsl/interpreter.h):
// the VM's Interpreter, the host functions registered into it, the limits,
// and the boxes that tie Value handles to it (Note [Value handles]).
#pragma once

#define TDSL_API_IMPLEMENTATION
#include "tdsl/tdsl.h"

#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "api/watchdog.h"
#include "support/diagnostics.h"
#include "vm/interpreter.h"

namespace tdsl::api::detail {

// What a Value handle points at: a VM value and, for anything but None,
// the interpreter that made it.
struct Box {
  tdsl::Value value;
  std::weak_ptr<Core> owner;
};

struct HostEntry {
  Core* core;  // outlives the entry (the entry lives in core->hosts)
  std::string name;
  std::vector<Param> params;
  HostFunction fn;
};

struct Core : std::enable_shared_from_this<Core> {
  explicit Core(const Options& options);
  ~Core();

  std::unique_ptr<tdsl::Interpreter> vm;
  // Declared after vm, destroyed before it: the natives of these entries
  // point at them; stable addresses (a deque never moves its elements).
  std::deque<HostEntry> hosts;
  Limits limits;
  Capabilities capabilities;
  int depth = 0;  // nested entries (a host function calling back in)
  // Declared after vm, destroyed (joined) before it.
  Watchdog watchdog{*vm};

  api::Value box(tdsl::Value v);
  // The VM value of `v`; TypeError when it belongs to another interpreter
  // (immediates go anywhere), RuntimeError when its interpreter is gone.
  tdsl::Value unbox(const api::Value& v);
  static const tdsl::Value& raw(const api::Value& v);
  static std::shared_ptr<Core> ownerOf(const api::Value& v);  // throws when gone

  // Every public entry point: this heap, limits restarted when outermost,
  // and only api::Error out.
  template <class F>
  auto enter(F&& f) -> decltype(f());
  void startLimits();
  void stopLimits();  // the outermost entry returns
  api::Interpreter view() { return api::Interpreter(shared_from_this()); }
};

api::Error fromVmError(const tdsl::Error& e);
tdsl::Error toVmError(const api::Error& e);
[[noreturn]] void rethrowAsApiError();  // in a catch block: the current exception as api::Error

// Makes a VM Interpreter with everything a host script expects (torch, and
// torch.compile, tdsl.explain). The one place that says what "standard"
// is, so it can point at the compile layer's setup entry point.
std::unique_ptr<tdsl::Interpreter> makeStandardInterpreter(const Options& options);

template <class F>
auto Core::enter(F&& f) -> decltype(f()) {
  struct Depth {
    Core& core;
    ~Depth() {
      if (--core.depth == 0) core.stopLimits();
    }
  };
  try {
    if (depth == 0) startLimits();
    ++depth;
    Depth guard{*this};
    return f();
  } catch (tdsl::Error& e) {
    // Note [Deadline watchdog]: the interrupt it raised is the time limit.
    if (depth == 0 && e.kind == tdsl::ErrorKind::Interrupt && watchdog.fired()) {
      e.kind = tdsl::ErrorKind::Runtime;
      e.message = "time limit exceeded";
    }
    rethrowAsApiError();
  } catch (...) {
    rethrowAsApiError();
  }
}

}  // namespace tdsl::api::detail
