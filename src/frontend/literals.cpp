#include "frontend/literals.h"

#include <cctype>
#include <cerrno>
#include <charconv>
#include <cstdlib>

#include "frontend/source_text.h"

namespace tdsl::frontend {

bool parseInteger(std::string_view text, uint64_t* value) {
  unsigned base = 10;
  if (text.size() > 1 && text[0] == '0' && std::isalpha(static_cast<unsigned char>(text[1]))) {
    char b = static_cast<char>(std::tolower(static_cast<unsigned char>(text[1])));
    base = b == 'x' ? 16 : b == 'o' ? 8 : 2;
    text.remove_prefix(2);
  }
  uint64_t v = 0;
  for (char c : text) {
    if (c == '_') continue;
    unsigned digit = std::isdigit(static_cast<unsigned char>(c))
                         ? unsigned(c - '0')
                         : unsigned(std::tolower(static_cast<unsigned char>(c)) - 'a' + 10);
    if (v > (UINT64_MAX - digit) / base) return false;
    v = v * base + digit;
  }
  *value = v;
  return true;
}

double parseFloat(std::string_view text) {
  std::string digits;
  for (char c : text)
    if (c != '_') digits += c;
  double value = 0;
  auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (ec == std::errc::result_out_of_range || end != digits.data() + digits.size())
    value = std::strtod(digits.c_str(), nullptr);  // inf or 0 with the right sign
  return value;
}

StringToken splitStringToken(std::string_view text) {
  StringToken token;
  size_t i = 0;
  for (; i < text.size() && text[i] != '\'' && text[i] != '"'; ++i) {
    char c = static_cast<char>(std::tolower(static_cast<unsigned char>(text[i])));
    token.raw |= c == 'r';
    token.fstring |= c == 'f';
  }
  size_t quotes = text.size() - i >= 6 && text[i + 1] == text[i] && text[i + 2] == text[i] ? 3 : 1;
  token.bodyOffset = i + quotes;
  token.body = text.substr(token.bodyOffset, text.size() - token.bodyOffset - quotes);
  return token;
}

static int hexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

// Decodes the escape at body[i] == '\\' into `out`; returns the index after it.
static size_t decodeEscape(std::string_view body, size_t i, size_t base, std::string& out) {
  if (i + 1 >= body.size()) {  // cannot happen in a lexed token; keep the backslash
    out += '\\';
    return i + 1;
  }
  char c = body[i + 1];
  switch (c) {
    case '\n': return i + 2;
    case '\r': return i + 2 + (i + 2 < body.size() && body[i + 2] == '\n');
    case 'n': out += '\n'; return i + 2;
    case 't': out += '\t'; return i + 2;
    case 'r': out += '\r'; return i + 2;
    case 'a': out += '\a'; return i + 2;
    case 'b': out += '\b'; return i + 2;
    case 'f': out += '\f'; return i + 2;
    case 'v': out += '\v'; return i + 2;
    case '\\': case '\'': case '"': out += c; return i + 2;
    case 'x': case 'u': case 'U': {
      size_t n = c == 'x' ? 2 : c == 'u' ? 4 : 8;
      uint32_t cp = 0;
      for (size_t k = 0; k < n; ++k) {
        int h = i + 2 + k < body.size() ? hexValue(body[i + 2 + k]) : -1;
        if (h < 0)
          throw LiteralError{base + i, std::string("truncated \\") + c + "XX escape"};
        cp = cp * 16 + static_cast<uint32_t>(h);
      }
      if (cp > 0x10FFFF) throw LiteralError{base + i, "illegal Unicode character in \\U escape"};
      appendUtf8(out, cp);
      return i + 2 + n;
    }
    default:
      if (c >= '0' && c <= '7') {
        uint32_t cp = 0;
        size_t k = i + 1;
        for (; k < body.size() && k < i + 4 && body[k] >= '0' && body[k] <= '7'; ++k) cp = cp * 8 + uint32_t(body[k] - '0');
        appendUtf8(out, cp);
        return k;
      }
      out += '\\';  // unknown escape: kept verbatim
      return i + 1;
  }
}

std::string decodeString(std::string_view body, bool raw, size_t base) {
  if (raw) return std::string(body);
  std::string out;
  out.reserve(body.size());
  for (size_t i = 0; i < body.size();) {
    if (body[i] == '\\') i = decodeEscape(body, i, base, out);
    else out += body[i++];
  }
  return out;
}

namespace {

// Splits body[begin, end) (offsets relative to the body); `nested` is true
// inside a format spec, where fields may not have specs of their own.
struct FStringSplitter {
  std::string_view body;
  size_t base;  // body offset in the token text
  bool raw;

  [[noreturn]] void fail(size_t i, std::string message) { throw LiteralError{base + i, "f-string: " + message}; }

  std::vector<FStringPiece> split(size_t begin, size_t end, bool nested) {
    std::vector<FStringPiece> pieces;
    FStringPiece text;
    text.begin = base + begin;
    auto flush = [&](size_t at) {
      if (!text.text.empty()) {
        text.end = base + at;
        pieces.push_back(std::move(text));
      }
      text = FStringPiece{};
    };
    for (size_t i = begin; i < end;) {
      char c = body[i];
      if ((c == '{' || c == '}') && i + 1 < end && body[i + 1] == c) {
        if (text.text.empty()) text.begin = base + i;
        text.text += c;
        i += 2;
      } else if (c == '{') {
        flush(i);
        pieces.push_back(field(i, end, nested));
        i = pieces.back().end - base;
        text.begin = base + i;
      } else if (c == '}') {
        fail(i, "single '}' is not allowed");
      } else {
        if (text.text.empty()) text.begin = base + i;
        if (c == '\\' && !raw) i = decodeEscape(body, i, base, text.text);
        else text.text += body[i++];
      }
    }
    flush(end);
    return pieces;
  }

  // body[open] == '{'; returns the field up to and including its '}'.
  FStringPiece field(size_t open, size_t end, bool nested) {
    FStringPiece f;
    f.isField = true;
    f.begin = base + open;
    size_t i = open + 1;
    int depth = 0;
    char quote = 0;
    for (; i < end; ++i) {
      char c = body[i];
      if (c == '\\') fail(i, "expression part cannot include a backslash");
      if (quote) {
        if (c == quote) quote = 0;
      } else if (c == '\'' || c == '"') {
        quote = c;
      } else if (c == '(' || c == '[' || c == '{') {
        ++depth;
      } else if (c == ')' || c == ']' || c == '}') {
        if (depth == 0 && c == '}') break;
        if (depth > 0) --depth;
      } else if (depth == 0 && c == '!' && i + 1 < end && body[i + 1] != '=') {
        break;
      } else if (depth == 0 && c == ':') {
        break;
      } else if (c == '#') {
        fail(i, "expression part cannot include '#'");
      }
    }
    if (i >= end) fail(open, "expecting '}'");
    f.exprBegin = base + open + 1;
    f.exprEnd = base + i;
    if (body.substr(open + 1, i - open - 1).find_first_not_of(" \t\r\n\f") == std::string_view::npos)
      fail(i, "empty expression not allowed");
    if (body[i] == '!') {
      char conv = i + 1 < end ? body[i + 1] : 0;
      if (conv != 'r' && conv != 's' && conv != 'a') fail(i + 1, "invalid conversion character: expected 's', 'r', or 'a'");
      f.conversion = conv;
      i += 2;
      if (i >= end || (body[i] != ':' && body[i] != '}')) fail(i, "expecting '}'");
    }
    if (body[i] == ':') {
      if (nested) fail(i, "expressions nested too deeply");
      size_t specBegin = ++i;
      for (int braces = 0; i < end && (braces > 0 || body[i] != '}'); ++i) {
        if (body[i] == '{') ++braces;
        else if (body[i] == '}') --braces;
      }
      if (i >= end) fail(open, "expecting '}'");
      f.spec = split(specBegin, i, /*nested=*/true);
    }
    f.end = base + i + 1;  // past the '}'
    return f;
  }
};

}  // namespace

std::vector<FStringPiece> splitFString(const StringToken& token) {
  FStringSplitter splitter{token.body, token.bodyOffset, token.raw};
  return splitter.split(0, token.body.size(), /*nested=*/false);
}

}  // namespace tdsl::frontend
