// PyTorch operator schemas (the syntax of ATen's native_functions.yaml):
//
//   add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)
//   max.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)
//
// grammar:
//   schema   := name ('.' overload)? '(' args? ')' '->' returns
//   args     := arg (',' arg)*            -- a bare '*' starts keyword-only args
//   arg      := type name ('=' default)?
//   type     := base ('(' alias ')')? ('[' N? ']')? '?'?
//   base     := Tensor | int | SymInt | float | bool | Scalar | ScalarType | str | MemoryFormat
//   alias    := letter '!'?                -- Tensor(a): aliases input set a;
//                                             Tensor(a!): and is written
//   returns  := ret | '(' ret (',' ret)* ')' | '()'
//   ret      := type name?
//   default  := None | True | False | int | float | "str" | '[' ints ']'
//               | a memory format's name (MemoryFormat only: contiguous_format)
//
// Note [Alias annotations]
// An input `Tensor(a) self` with a return `Tensor(a)` means the result is a
// view of self (shares storage). `Tensor(a!)` on an input means the op writes
// that input; the same letter on the return means it returns that very
// tensor. Inputs without an annotation are only read, and results without
// one are freshly allocated. Alias analysis and functionalization read these
// annotations only; they never consult op names.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/value.h"

namespace tdsl::ir {

enum class ArgType : uint8_t {
  Tensor,
  TensorList,     // Tensor[]
  OptTensorList,  // Tensor?[] (index's indices)
  Int,            // int or SymInt (see SchemaArg::symbolic)
  IntList,        // int[] / int[N] / SymInt[]
  Float,
  Bool,
  Scalar,         // a Python number (bool, int or float)
  ScalarType,     // a dtype
  Str,
  MemoryFormat,   // torch.preserve_format / torch.contiguous_format; bound and in the IR as its name (a str)
};

const char* argTypeName(ArgType t);  // "Tensor", "int", "int[]", ...

struct AliasInfo {
  char set = 0;          // 0: no annotation; otherwise the alias-set letter
  bool isWrite = false;  // the '!' marker
  bool annotated() const { return set != 0; }
};

// Default values are kept as immediates (None, bool, int, float), or as the
// parsed ints / text for list and string defaults, so a schema never owns a
// heap Object and may be shared by interpreters on several threads.
struct ArgDefault {
  enum class Kind : uint8_t { None, Bool, Int, Float, IntList, Str } kind = Kind::None;
  bool b = false;
  int64_t i = 0;
  double f = 0;
  std::vector<int64_t> ints;
  std::string str;
};

struct SchemaArg {
  std::string name;  // empty for unnamed returns
  ArgType type = ArgType::Tensor;
  bool optional = false;  // `T?`
  bool symbolic = false;  // SymInt / SymInt[]
  int listSize = 0;       // N in int[N]; 0 when unsized
  bool kwOnly = false;    // after the bare '*'
  bool hasDefault = false;
  ArgDefault defaultValue;
  AliasInfo alias;
  std::string typeText;  // the type as written: "SymInt?", "Tensor(a!)"
};

struct Schema {
  std::string name;      // "add_"
  std::string overload;  // "Tensor"; empty when none
  std::vector<SchemaArg> args;
  std::vector<SchemaArg> returns;
  std::string text;      // the schema as written in the table

  std::string fullName() const { return overload.empty() ? name : name + "." + overload; }
  // In-place by naming convention (PyTorch's): the base name ends in '_'.
  bool isInplaceName() const { return !name.empty() && name.back() == '_'; }
  // The functional name: "add_" -> "add".
  std::string baseName() const { return isInplaceName() ? name.substr(0, name.size() - 1) : name; }
  int numPositional() const;
  int argIndex(std::string_view argName) const;  // -1 when absent
};

class SchemaParseError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Parses one schema string; throws SchemaParseError naming the column.
Schema parseSchema(std::string_view text);

}  // namespace tdsl::ir
