// Errors across the API boundary: VM errors (support/diagnostics.h) to
// tdsl::api::Error and back (host functions raising into scripts).
#include <new>

#include "api/core.h"
#include "vm/exception_boundary.h"

namespace tdsl::api {

struct ErrorAccess {
  static Error make(const tdsl::Error& e) {
    Error out(kindOf(e.kind), e.message);
    if (e.hasLocation()) {
      out.file_ = e.where.file->name;
      out.line_ = e.where.begin.line;
      out.column_ = e.where.begin.col;
    }
    for (const TracebackEntry& t : e.traceback) {
      out.traceback_ += "  in " + t.function;
      if (t.where.valid()) out.traceback_ += " at " + t.where.file->name + ":" + std::to_string(t.where.begin.line);
      out.traceback_ += "\n";
    }
    out.report_ = formatError(e);
    return out;
  }
  static Error exit(int status) {
    Error out(ErrorKind::SystemExit, "SystemExit: " + std::to_string(status));
    out.exitStatus_ = status;
    out.report_ = "error: " + out.message_ + "\n";
    return out;
  }
  static int exitStatus(const Error& e) { return e.exitStatus_; }

  static ErrorKind kindOf(tdsl::ErrorKind k) {
    switch (k) {
      case tdsl::ErrorKind::Syntax: return ErrorKind::SyntaxError;
      case tdsl::ErrorKind::Name: return ErrorKind::NameError;
      case tdsl::ErrorKind::Type: return ErrorKind::TypeError;
      case tdsl::ErrorKind::Value: return ErrorKind::ValueError;
      case tdsl::ErrorKind::Index: return ErrorKind::IndexError;
      case tdsl::ErrorKind::Key: return ErrorKind::KeyError;
      case tdsl::ErrorKind::ZeroDivision: return ErrorKind::ZeroDivisionError;
      case tdsl::ErrorKind::Overflow: return ErrorKind::OverflowError;
      case tdsl::ErrorKind::Recursion: return ErrorKind::RecursionError;
      case tdsl::ErrorKind::Resource: return ErrorKind::ResourceError;
      case tdsl::ErrorKind::Assertion: return ErrorKind::AssertionError;
      case tdsl::ErrorKind::Interrupt: return ErrorKind::Interrupted;
      case tdsl::ErrorKind::Attribute: return ErrorKind::AttributeError;
      case tdsl::ErrorKind::UnboundLocal: return ErrorKind::UnboundLocalError;
      case tdsl::ErrorKind::Shape:  // PyTorch raises RuntimeError for sizes that do not match
      case tdsl::ErrorKind::GraphBreak:
      case tdsl::ErrorKind::Runtime: return ErrorKind::RuntimeError;
    }
    return ErrorKind::RuntimeError;
  }
};

const char* errorKindName(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::SyntaxError: return "SyntaxError";
    case ErrorKind::NameError: return "NameError";
    case ErrorKind::TypeError: return "TypeError";
    case ErrorKind::ValueError: return "ValueError";
    case ErrorKind::IndexError: return "IndexError";
    case ErrorKind::KeyError: return "KeyError";
    case ErrorKind::AttributeError: return "AttributeError";
    case ErrorKind::UnboundLocalError: return "UnboundLocalError";
    case ErrorKind::ZeroDivisionError: return "ZeroDivisionError";
    case ErrorKind::OverflowError: return "OverflowError";
    case ErrorKind::AssertionError: return "AssertionError";
    case ErrorKind::RecursionError: return "RecursionError";
    case ErrorKind::RuntimeError: return "RuntimeError";
    case ErrorKind::ResourceError: return "ResourceError";
    case ErrorKind::Interrupted: return "Interrupted";
    case ErrorKind::SystemExit: return "SystemExit";
    case ErrorKind::InternalError: return "InternalError";
  }
  return "Error";
}

Error::Error(ErrorKind kind, std::string message)
    : std::runtime_error(message), kind_(kind), message_(std::move(message)), report_("error: " + message_ + "\n") {}

namespace detail {

Error fromVmError(const tdsl::Error& e) { return ErrorAccess::make(e); }

tdsl::Error toVmError(const Error& e) {
  tdsl::ErrorKind k = tdsl::ErrorKind::Runtime;
  switch (e.kind()) {
    case ErrorKind::SyntaxError: k = tdsl::ErrorKind::Syntax; break;
    case ErrorKind::NameError: k = tdsl::ErrorKind::Name; break;
    case ErrorKind::TypeError: k = tdsl::ErrorKind::Type; break;
    case ErrorKind::ValueError: k = tdsl::ErrorKind::Value; break;
    case ErrorKind::IndexError: k = tdsl::ErrorKind::Index; break;
    case ErrorKind::KeyError: k = tdsl::ErrorKind::Key; break;
    case ErrorKind::AttributeError: k = tdsl::ErrorKind::Attribute; break;
    case ErrorKind::UnboundLocalError: k = tdsl::ErrorKind::UnboundLocal; break;
    case ErrorKind::ZeroDivisionError: k = tdsl::ErrorKind::ZeroDivision; break;
    case ErrorKind::OverflowError: k = tdsl::ErrorKind::Overflow; break;
    case ErrorKind::AssertionError: k = tdsl::ErrorKind::Assertion; break;
    case ErrorKind::RecursionError: k = tdsl::ErrorKind::Recursion; break;
    case ErrorKind::ResourceError: k = tdsl::ErrorKind::Resource; break;
    case ErrorKind::Interrupted: k = tdsl::ErrorKind::Interrupt; break;
    case ErrorKind::SystemExit:  // handled by the caller (ScriptExit)
    case ErrorKind::InternalError:
    case ErrorKind::RuntimeError: k = tdsl::ErrorKind::Runtime; break;
  }
  return tdsl::Error(k, e.message());
}

void rethrowAsApiError() {
  try {
    throw;
  } catch (const Error&) {
    throw;
  } catch (const tdsl::Error& e) {
    throw fromVmError(e);
  } catch (const tdsl::ScriptExit& e) {
    throw ErrorAccess::exit(e.status);
  } catch (const tdsl::InternalError& e) {
    throw Error(ErrorKind::InternalError, e.what());
  } catch (const std::exception& e) {
    throw fromVmError(tdsl::errorFromStdException(e));
  } catch (...) {
    throw Error(ErrorKind::InternalError, "a C++ exception that is not a std::exception");
  }
}

}  // namespace detail
}  // namespace tdsl::api
