// A small FileCheck (after LLVM's): checks a text (a pass's printed output)
// against directives written as comments in a test file.
//
//   // CHECK: pattern        a later line contains pattern
//   // CHECK-NEXT: pattern   the line right after the previous match contains it
//   // CHECK-NOT: pattern    no line between the previous match and the next
//                            positive match (or the end) contains it
//   // CHECK-COUNT-3: pat    three more lines (in order) contain it
//   // CHECK-LABEL: pattern  like CHECK (kept for familiarity)
//
// Matching is line based: after a match the search continues on the next
// line. A pattern is literal text, except that {{regex}} matches an ECMAScript
// regular expression, [[NAME:regex]] matches and binds NAME, and [[NAME]]
// matches the text bound earlier; runs of blanks in the pattern match runs of blanks.
#pragma once

#include <string>
#include <vector>

namespace tdsl::ir {

enum class CheckKind { Check, Next, Not, Count, Label };

struct CheckDirective {
  CheckKind kind;
  int count = 1;        // for CHECK-COUNT-n
  std::string pattern;
  int line = 0;         // 1-based line in the check file
};

// Extracts directives from check-file text. Malformed directives (e.g.
// CHECK-COUNT-0, an empty pattern) are reported in `errors`.
std::vector<CheckDirective> parseCheckDirectives(const std::string& checkText, std::vector<std::string>* errors);

struct FileCheckResult {
  bool ok = true;
  std::string message;  // on failure: which directive failed and where, with context
};

FileCheckResult runFileCheck(const std::string& checkText, const std::string& output);

}  // namespace tdsl::ir
