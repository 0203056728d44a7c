// The tdsl embedding API: the only header a host includes.
//
//   tdsl::Interpreter interp;
//   interp.def("clamp01", [](double x) { return std::min(1.0, std::max(0.0, x)); });
//   interp.exec("def f(x):\n    return clamp01(x * 2)\n");
//   double y = interp.call("f", 0.3).as<double>();
//
// See docs/embedding.md for the whole API, the threading contract and limits.
//
// Note [Public names]
// The public classes live in tdsl::api and are re-declared in tdsl (so hosts
// write tdsl::Interpreter): the library's own internals use the same short
// names in namespace tdsl (tdsl::Interpreter is the VM's), and two classes
// of one mangled name would collide at link time. The library's sources
// that implement this API define TDSL_API_IMPLEMENTATION to leave the
// re-declarations out.
#pragma once

#include "tdsl/error.h"
#include "tdsl/interpreter.h"
#include "tdsl/value.h"

#ifndef TDSL_API_IMPLEMENTATION
namespace tdsl {
using api::arg;
using api::Capabilities;
using api::Convert;
using api::DType;
using api::Error;
using api::ErrorKind;
using api::HostFunction;
using api::Interpreter;
using api::Limits;
using api::Options;
using api::OutputSink;
using api::Param;
using api::Result;
using api::Tensor;
using api::Value;
using api::dtypeName;
using api::errorKindName;
using api::itemSize;
}  // namespace tdsl
#endif
