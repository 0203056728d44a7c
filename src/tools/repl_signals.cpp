// Ctrl-C in the REPL (repl.h).
//
// Note [REPL interrupts]
// A signal handler can only reach state through a global, so the two the
// handler uses live here and nowhere else: the interpreter whose statement
// is running (armed) and a flag for a Ctrl-C at the prompt. The handler
// does nothing but atomic stores (Interpreter::requestInterrupt is two
// relaxed stores), so it is async-signal-safe. It is installed without
// SA_RESTART, so a Ctrl-C at the prompt ends the blocked read and the line
// reader can discard the line, as Python's prompt does.
#include <signal.h>

#include <atomic>

#include "tools/repl.h"

namespace tdsl::repl {

namespace {

std::atomic<Interpreter*> gArmed{nullptr};
volatile sig_atomic_t gPromptInterrupt = 0;

extern "C" void onReplSigint(int) {
  if (Interpreter* interp = gArmed.load(std::memory_order_relaxed)) interp->requestInterrupt();
  else gPromptInterrupt = 1;
}

}  // namespace

void armInterrupt(Interpreter* interp) { gArmed.store(interp, std::memory_order_relaxed); }

void installInterruptHandler() {
  struct sigaction sa {};
  sa.sa_handler = onReplSigint;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = 0;  // no SA_RESTART: Note [REPL interrupts]
  sigaction(SIGINT, &sa, nullptr);
  signal(SIGPIPE, SIG_IGN);
}

bool takePromptInterrupt() {
  bool was = gPromptInterrupt != 0;
  gPromptInterrupt = 0;
  return was;
}

}  // namespace tdsl::repl
