#!/bin/sh
# Runs the shared conformance corpus (which calls `TDSL run CASE`) in one
# execution mode: `tdsl CMD $TDSL_MODE_FLAGS ARGS...` with the real binary
# in $TDSL_REAL (tests/CMakeLists.txt sets both per mode).
cmd=$1
shift
# shellcheck disable=SC2086 # the flags are words on purpose
exec "$TDSL_REAL" "$cmd" $TDSL_MODE_FLAGS "$@"
