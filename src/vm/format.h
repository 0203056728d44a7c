// Python-exact text formatting of scalars: repr(float), repr(str), round(),
// and the format-spec mini-language used by str.format / f-strings / format().
//
// Contract: every function here is pure (no interpreter, no global state) and
// produces byte-for-byte what CPython 3.11 produces for the same value and
// spec. Errors that CPython reports as ValueError / OverflowError are thrown
// as tdsl::Error with ErrorKind::Value / ErrorKind::Overflow and CPython's
// message text, without a source location (the VM attaches it).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace tdsl {

// repr(float) == str(float): the shortest digit string that round-trips,
// laid out as CPython does: scientific when the decimal exponent is < -4 or
// >= 16 ("1e-05", "1e+16", "-2.5e+20"), fixed otherwise with at least one
// digit after the point ("3.0", "0.30000000000000004"); "inf", "-inf", "nan",
// "-0.0".
std::string pyFloatRepr(double x);

// repr(str): quotes with ' unless the text contains ' and no ", then with ".
// Escapes \\ \n \r \t, the chosen quote, other ASCII control characters and
// DEL as \xHH; valid non-ASCII UTF-8 is copied as is (CPython prints printable
// non-ASCII as is; C1 controls U+0080..U+009F become \x80..\x9f).
std::string pyStrRepr(std::string_view text);

// format(value, spec) for each Python type. `spec` is the part after the ':'
// in "{:spec}": [[fill]align][sign][z][#][0][width][grouping][.precision][type].
//  - formatInt: types b c d o x X n, none; float types e E f F g G % convert
//    the int to float first (as CPython does).
//  - formatFloat: types e E f F g G n %, none (repr-style shortest when no
//    precision; like 'g' but always with a '.0' or exponent otherwise).
//  - formatStr: type s or none; precision truncates.
//  - formatBool: the empty spec gives "True"/"False"; any other spec formats
//    the value as the int 1/0 (CPython's bool.__format__ is int.__format__).
std::string formatInt(int64_t value, std::string_view spec);
std::string formatFloat(double value, std::string_view spec);
std::string formatStr(std::string_view value, std::string_view spec);
std::string formatBool(bool value, std::string_view spec);

// round(x, ndigits) for a float: the exactly-rounded result (round half to
// even on the exact binary value, so round(2.675, 2) == 2.67). inf/nan are
// returned unchanged; ndigits may be negative (round(1234.5, -2) == 1200.0).
double pyRound(double x, int64_t ndigits);

// round(x) with no ndigits: banker's rounding to an int (round(0.5) == 0,
// round(1.5) == 2). Throws Overflow for inf ("cannot convert float infinity
// to integer") and for results outside int64, Value for nan ("cannot convert
// float NaN to integer").
int64_t pyRoundToInt(double x);

}  // namespace tdsl
