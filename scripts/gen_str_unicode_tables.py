#!/usr/bin/env python3
"""Writes src/vm/str_unicode_tables.inc: what CPython 3.11's str methods know
about characters beyond what libutf8proc answers (Note [Character properties]
in src/vm/str_unicode.h).

tdsl takes each code point's general category and simple case mappings from
utf8proc; CPython derives its answers from further Unicode properties. This
script asks CPython itself (the str methods, unicodedata) and writes the
difference as small range tables:
  - code points unassigned in CPython's Unicode version (utf8proc may be newer);
  - Other_Lowercase / Other_Uppercase (islower/isupper beyond Ll/Lu);
  - Numeric_Type Digit (isdigit beyond Nd) and Numeric (isnumeric beyond N*);
  - Case_Ignorable beyond Mn Me Cf Lm Sk (the word-break part; final sigma);
  - XID_Start / XID_Continue beyond and short of their category rule;
  - the full (multi-character) case mappings of SpecialCasing.txt.
It checks every assumption the C++ side makes (isalpha is L*, isdecimal is Nd,
isprintable is the category rule, ...) and stops if one does not hold.

Usage: scripts/gen_str_unicode_tables.py > src/vm/str_unicode_tables.inc
Run it with CPython 3.11 (Debian 12's /usr/bin/python3)."""
import sys
import unicodedata

N = 0x110000
CAT = [unicodedata.category(chr(c)) for c in range(N)]


def ranges(cps):
    out = []
    for c in sorted(cps):
        if out and out[-1][1] == c - 1:
            out[-1][1] = c
        else:
            out.append([c, c])
    return out


def check(cond, what):
    if not cond:
        sys.exit(f"gen_str_unicode_tables.py: assumption broken: {what}")


def main():
    assigned = [c for c in range(N) if CAT[c] != "Cn"]
    chars = {c: chr(c) for c in assigned}
    # Properties tdsl computes from the category alone: check they are exact.
    for c, ch in chars.items():
        cat = CAT[c]
        check(ch.isalpha() == (cat[0] == "L"), f"isalpha U+{c:04X}")
        check(ch.isdecimal() == (cat == "Nd"), f"isdecimal U+{c:04X}")
        check(ch.isprintable() == (cat not in ("Cc", "Cf", "Cs", "Co", "Zl", "Zp", "Zs") or ch == " "),
              f"isprintable U+{c:04X}")
        check(ch.istitle() == (cat == "Lt" or ch.isupper()), f"istitle U+{c:04X}")
        if cat == "Ll":
            check(ch.islower(), f"Ll U+{c:04X} is lowercase")
        if cat == "Lu":
            check(ch.isupper(), f"Lu U+{c:04X} is uppercase")
        if cat[0] == "N":
            check(ch.isnumeric(), f"N* U+{c:04X} is numeric")
        if ch.isdigit():
            check(ch.isnumeric(), f"digit U+{c:04X} is numeric")
    spaces = [c for c in range(N) if chr(c).isspace()]
    check(spaces == [0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x1C, 0x1D, 0x1E, 0x1F, 0x20, 0x85, 0xA0, 0x1680,
                     *range(0x2000, 0x200B), 0x2028, 0x2029, 0x202F, 0x205F, 0x3000],
          "the whitespace set of str_unicode.cpp")
    check(all(not chr(c).isalpha() and not chr(c).isnumeric() and not chr(c).isprintable()
              for c in range(N) if CAT[c] == "Cn"), "unassigned code points have no properties")

    def cased(c):
        ch = chars[c]
        return ch.islower() or ch.isupper() or CAT[c] == "Lt"

    def case_ignorable(c):
        # CPython's lower() reads Case_Ignorable only for the final sigma:
        # Σ is final after a cased letter and any case-ignorables, unless
        # case-ignorables and a cased letter follow it.
        ch = chars[c]
        if cased(c):
            return ("AΣ" + ch).lower()[1] == "ς"
        return ("A" + ch + "Σ").lower()[-1] == "ς"

    ci = {c for c in assigned if case_ignorable(c)}
    ci_cats = ("Mn", "Me", "Cf", "Lm", "Sk")
    check(all(c in ci for c in assigned if CAT[c] in ci_cats), "Mn Me Cf Lm Sk are case-ignorable")
    start_cats = ("Lu", "Ll", "Lt", "Lm", "Lo", "Nl")
    cont_cats = start_cats + ("Mn", "Mc", "Nd", "Pc")
    xid_start = {c for c in assigned if chars[c].isidentifier() and c != 0x5F}
    xid_cont = {c for c in assigned if ("a" + chars[c]).isidentifier()}

    tables = [
        ("kUnassigned", "unassigned in this Unicode version", [c for c in range(N) if CAT[c] == "Cn"]),
        ("kOtherLowercase", "islower() beyond Ll", [c for c in assigned if chars[c].islower() and CAT[c] != "Ll"]),
        ("kOtherUppercase", "isupper() beyond Lu", [c for c in assigned if chars[c].isupper() and CAT[c] != "Lu"]),
        ("kDigitNotDecimal", "isdigit() beyond Nd", [c for c in assigned if chars[c].isdigit() and CAT[c] != "Nd"]),
        ("kNumericNotN", "isnumeric() beyond Nd Nl No", [c for c in assigned if chars[c].isnumeric() and CAT[c][0] != "N"]),
        ("kCaseIgnorableExtra", "Case_Ignorable beyond Mn Me Cf Lm Sk", [c for c in ci if CAT[c] not in ci_cats]),
        ("kXidStartExtra", "XID_Start beyond Lu Ll Lt Lm Lo Nl", [c for c in xid_start if CAT[c] not in start_cats]),
        ("kXidStartExcluded", "Lu Ll Lt Lm Lo Nl that are not XID_Start", [c for c in assigned if CAT[c] in start_cats and c not in xid_start]),
        ("kXidContinueExtra", "XID_Continue beyond Lu Ll Lt Lm Lo Nl Mn Mc Nd Pc", [c for c in xid_cont if CAT[c] not in cont_cats]),
        ("kXidContinueExcluded", "Lu Ll Lt Lm Lo Nl Mn Mc Nd Pc that are not XID_Continue", [c for c in assigned if CAT[c] in cont_cats and c not in xid_cont]),
    ]
    special = [c for c in assigned if max(len(chars[c].lower()), len(chars[c].upper()), len(chars[c].title())) > 1]

    w = sys.stdout.write
    w("// Generated by scripts/gen_str_unicode_tables.py from CPython "
      f"{sys.version_info.major}.{sys.version_info.minor} (Unicode {unicodedata.unidata_version}) -- do not edit.\n")
    w("// Note [Character properties] in str_unicode.h says how these tables complete utf8proc.\n")
    w(f"constexpr const char* kUnicodeVersion = \"{unicodedata.unidata_version}\";\n")
    for name, what, cps in tables:
        rs = ranges(cps)
        w(f"\n// {what}: {len(cps)} code points\n")
        w(f"constexpr CodeRange {name}[] = {{\n")
        line = " "
        for a, b in rs:
            item = f" {{0x{a:X}, 0x{b:X}}},"
            if len(line) + len(item) > 100:
                w(line + "\n")
                line = " "
            line += item
        w(line + "\n};\n")
    w(f"\n// Full case mappings longer than one character (SpecialCasing.txt): {len(special)} code points.\n")
    w("// Each row: code point, lower, upper, title (up to three code points each, 0-padded).\n")
    w("constexpr SpecialCase kSpecialCasing[] = {\n")

    def cps3(s):
        check(len(s) <= 3, "full case mappings have at most 3 code points")
        v = [ord(x) for x in s] + [0] * (3 - len(s))
        return "{" + ", ".join(f"0x{x:X}" for x in v) + "}"

    for c in special:
        ch = chars[c]
        w(f"  {{0x{c:X}, {cps3(ch.lower())}, {cps3(ch.upper())}, {cps3(ch.title())}}},\n")
    w("};\n")


if __name__ == "__main__":
    main()
