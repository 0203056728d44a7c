// repr(tensor) as torch/_tensor_str.py prints it; see tensor_repr.h.
//
// The structure mirrors PyTorch's so that every quirk carries over:
//  - ElementFormatter is torch's _Formatter: one formatter for the whole
//    tensor, chosen from the elements it will print (all of them, or only the
//    edge items of every dimension when summarizing — Note [Summarized
//    formatter]). It decides integer mode, scientific mode and the column
//    width; every element is right-aligned to that width.
//  - formatVector / formatNested are _vector_str / _tensor_str_with_formatter:
//    1-D rows wrap at the line width, higher dimensions nest brackets joined
//    by ",", (dim - 1) newlines and an indent of one more than the opening
//    bracket.
//  - appendSuffixes is _add_suffixes: ", dtype=..." goes on the last line
//    unless that would pass the line width.
//
// Note [Summarized formatter]
// With more than `threshold` elements PyTorch prints only `edgeitems` leading
// and trailing entries of each dimension longer than 2 * edgeitems, and it
// builds the formatter from exactly those entries (get_summarized_data), so
// the hidden middle never widens the columns or flips the mode.
//
// Note [Float text]
// Element text comes from Python's "{:.4f}" / "{:.4e}" / "{:.0f}" on the
// element's value as a Python float (a float32 element is widened exactly).
// printf's "%.*f" / "%.*e" produce the same text for finite values (both
// round the exact binary value half-to-even, both print at least two exponent
// digits); non-finite values are spelled "inf", "-inf", "nan" (never "-nan").
#include "tensor/tensor_repr.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "tensor/tensor_meta.h"  // dtypeName, isFloating

namespace tdsl {
namespace {

// Reads elements of the strided view described by TensorReprInput.
class ElementReader {
 public:
  explicit ElementReader(const TensorReprInput& in) : in_(in) {
    strides_ = in.strides;
    if (strides_.empty()) {  // contiguous row-major
      strides_.assign(in.sizes.size(), 1);
      for (int d = static_cast<int>(in.sizes.size()) - 2; d >= 0; --d)
        strides_[d] = strides_[d + 1] * in.sizes[d + 1];
    }
  }
  int dims() const { return static_cast<int>(in_.sizes.size()); }
  int64_t size(int d) const { return in_.sizes[d]; }
  int64_t stride(int d) const { return strides_[d]; }
  DType dtype() const { return in_.dtype; }

  double floatAt(int64_t offset) const {
    if (in_.dtype == DType::Float32) return static_cast<const float*>(in_.data)[offset];
    return static_cast<const double*>(in_.data)[offset];
  }
  int64_t intAt(int64_t offset) const {
    switch (in_.dtype) {
      case DType::Bool: return static_cast<const unsigned char*>(in_.data)[offset] != 0;
      case DType::Int32: return static_cast<const int32_t*>(in_.data)[offset];
      default: return static_cast<const int64_t*>(in_.data)[offset];
    }
  }

 private:
  const TensorReprInput& in_;
  std::vector<int64_t> strides_;
};

std::string printfDouble(const char* format, int precision, double x) {
  int n = std::snprintf(nullptr, 0, format, precision, x);
  std::string out(static_cast<size_t>(n) + 1, '\0');
  std::snprintf(out.data(), out.size(), format, precision, x);
  out.resize(static_cast<size_t>(n));
  return out;
}

std::string nonFiniteText(double x) {
  if (std::isnan(x)) return "nan";
  return x < 0 ? "-inf" : "inf";
}

// Python's "{:.<precision>e}" / "{:.<precision>f}" (Note [Float text]).
std::string pythonFixed(double x, int precision) {
  return std::isfinite(x) ? printfDouble("%.*f", precision, x) : nonFiniteText(x);
}
std::string pythonScientific(double x, int precision) {
  return std::isfinite(x) ? printfDouble("%.*e", precision, x) : nonFiniteText(x);
}

std::string intText(DType dtype, int64_t v) {
  if (dtype == DType::Bool) return v ? "True" : "False";
  return std::to_string(v);
}

std::string padLeft(const std::string& s, size_t width) {
  return s.size() >= width ? s : std::string(width - s.size(), ' ') + s;
}

// torch's _Formatter.
class ElementFormatter {
 public:
  ElementFormatter(const ElementReader& reader, const std::vector<int64_t>& offsets,
                   const TensorPrintOptions& options)
      : dtype_(reader.dtype()), precision_(options.precision) {
    if (!isFloating(dtype_)) {
      for (int64_t off : offsets) maxWidth_ = std::max(maxWidth_, intText(dtype_, reader.intAt(off)).size());
      return;
    }
    std::vector<double> nonzeroFinite;
    for (int64_t off : offsets) {
      double v = reader.floatAt(off);
      if (std::isfinite(v) && v != 0) nonzeroFinite.push_back(v);
    }
    if (!nonzeroFinite.empty()) chooseFloatMode(nonzeroFinite);
    if (options.sciMode) sciMode_ = *options.sciMode;
  }

  size_t width() const { return maxWidth_; }

  std::string formatFloat(double v) const {
    std::string text;
    if (sciMode_) {
      text = pythonScientific(v, precision_);
    } else if (intMode_) {
      text = pythonFixed(v, 0);
      if (std::isfinite(v)) text += '.';
    } else {
      text = pythonFixed(v, precision_);
    }
    return padLeft(text, maxWidth_);
  }
  std::string formatInt(int64_t v) const { return padLeft(intText(dtype_, v), maxWidth_); }

 private:
  void chooseFloatMode(const std::vector<double>& values) {
    double minAbs = std::fabs(values[0]), maxAbs = minAbs;
    for (double v : values) {
      minAbs = std::min(minAbs, std::fabs(v));
      maxAbs = std::max(maxAbs, std::fabs(v));
      if (v != std::ceil(v)) intMode_ = false;
    }
    bool wideRange = maxAbs / minAbs > 1000.0 || maxAbs > 1.0e8;
    sciMode_ = intMode_ ? wideRange : (wideRange || minAbs < 1.0e-4);
    for (double v : values) {
      size_t len;
      if (sciMode_) len = pythonScientific(v, precision_).size();
      else if (intMode_) len = pythonFixed(v, 0).size() + 1;  // the trailing '.'
      else len = pythonFixed(v, precision_).size();
      maxWidth_ = std::max(maxWidth_, len);
    }
  }

  DType dtype_;
  int precision_;
  bool intMode_ = true;
  bool sciMode_ = false;
  size_t maxWidth_ = 1;
};

class ReprPrinter {
 public:
  ReprPrinter(const ElementReader& reader, const TensorPrintOptions& options, bool summarize)
      : reader_(reader), options_(options), summarize_(summarize) {}

  // Indices of dimension d that are printed: all, or the edge items.
  std::vector<int64_t> shownIndices(int d) const {
    std::vector<int64_t> idx;
    int64_t n = reader_.size(d), edge = options_.edgeitems;
    if (summarize_ && n > 2 * edge) {
      for (int64_t i = 0; i < edge; ++i) idx.push_back(i);
      for (int64_t i = n - edge; i < n; ++i) idx.push_back(i);
    } else {
      for (int64_t i = 0; i < n; ++i) idx.push_back(i);
    }
    return idx;
  }

  bool elided(int d) const { return summarize_ && reader_.size(d) > 2 * options_.edgeitems; }

  // Offsets of every printed element, in order (the formatter's input).
  void collectOffsets(int d, int64_t base, std::vector<int64_t>& out) const {
    if (d == reader_.dims()) { out.push_back(base); return; }
    for (int64_t i : shownIndices(d)) collectOffsets(d + 1, base + i * reader_.stride(d), out);
  }

  std::string element(const ElementFormatter& f, int64_t offset) const {
    return isFloating(reader_.dtype()) ? f.formatFloat(reader_.floatAt(offset)) : f.formatInt(reader_.intAt(offset));
  }

  // _vector_str: the last dimension, wrapped at the line width.
  std::string formatVector(const ElementFormatter& f, int d, int64_t base, int indent) const {
    int64_t elementLength = static_cast<int64_t>(f.width()) + 2;
    int64_t perLine = std::max<int64_t>(1, (options_.linewidth - indent) / elementLength);
    std::vector<std::string> items;
    std::vector<int64_t> idx = shownIndices(d);
    for (size_t k = 0; k < idx.size(); ++k) {
      if (elided(d) && static_cast<int64_t>(k) == options_.edgeitems) items.push_back(" ...");
      items.push_back(element(f, base + idx[k] * reader_.stride(d)));
    }
    std::string out = "[";
    for (size_t k = 0; k < items.size(); ++k) {
      if (k > 0) out += (static_cast<int64_t>(k) % perLine == 0) ? ",\n" + std::string(indent + 1, ' ') : ", ";
      out += items[k];
    }
    return out + "]";
  }

  // _tensor_str_with_formatter for dimension d and deeper.
  std::string formatNested(const ElementFormatter& f, int d, int64_t base, int indent) const {
    if (d == reader_.dims() - 1) return formatVector(f, d, base, indent);
    int dim = reader_.dims() - d;
    std::string separator = "," + std::string(dim - 1, '\n') + std::string(indent + 1, ' ');
    std::vector<int64_t> idx = shownIndices(d);
    std::string out = "[";
    for (size_t k = 0; k < idx.size(); ++k) {
      if (k > 0) out += separator;
      if (elided(d) && static_cast<int64_t>(k) == options_.edgeitems) out += "..." + separator;
      out += formatNested(f, d + 1, base + idx[k] * reader_.stride(d), indent + 1);
    }
    return out + "]";
  }

 private:
  const ElementReader& reader_;
  const TensorPrintOptions& options_;
  bool summarize_;
};

std::string sizeTuple(const std::vector<int64_t>& sizes) {
  std::string out = "(";
  for (size_t i = 0; i < sizes.size(); ++i) {
    if (i) out += ", ";
    out += std::to_string(sizes[i]);
  }
  if (sizes.size() == 1) out += ",";
  return out + ")";
}

// _add_suffixes.
std::string appendSuffixes(std::string text, const std::vector<std::string>& suffixes, int indent,
                           int linewidth) {
  size_t newline = text.rfind('\n');
  int64_t lastLineLength = static_cast<int64_t>(text.size()) -
                           (newline == std::string::npos ? -1 : static_cast<int64_t>(newline)) + 1;
  for (const std::string& suffix : suffixes) {
    int64_t len = static_cast<int64_t>(suffix.size());
    if (lastLineLength + len + 2 > linewidth) {
      text += ",\n" + std::string(indent, ' ') + suffix;
      lastLineLength = indent + len;
    } else {
      text += ", " + suffix;
      lastLineLength += len + 2;
    }
  }
  return text + ")";
}

}  // namespace

std::string formatTensorRepr(const TensorReprInput& input, const TensorPrintOptions& options) {
  const std::string prefix = "tensor(";
  const int indent = static_cast<int>(prefix.size());
  int64_t numel = 1;
  for (int64_t s : input.sizes) numel *= s;

  std::vector<std::string> suffixes;
  std::string body;
  if (numel == 0) {
    // An empty tensor shows its shape unless it is (0,), and any dtype other
    // than the default float dtype (there are no elements to hint at it).
    if (input.sizes.size() != 1) suffixes.push_back("size=" + sizeTuple(input.sizes));
    if (input.dtype != DType::Float32) suffixes.push_back(std::string("dtype=torch.") + dtypeName(input.dtype));
    body = "[]";
  } else {
    if (input.dtype != DType::Float32 && input.dtype != DType::Int64 && input.dtype != DType::Bool)
      suffixes.push_back(std::string("dtype=torch.") + dtypeName(input.dtype));
    ElementReader reader(input);
    bool summarize = numel > options.threshold;
    ReprPrinter printer(reader, options, summarize);
    std::vector<int64_t> offsets;
    printer.collectOffsets(0, 0, offsets);
    ElementFormatter formatter(reader, offsets, options);
    body = reader.dims() == 0 ? printer.element(formatter, 0) : printer.formatNested(formatter, 0, 0, indent);
  }
  return appendSuffixes(prefix + body, suffixes, indent, options.linewidth);
}

}  // namespace tdsl
