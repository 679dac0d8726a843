#include "engine/core/quote.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace kibitzer::core {

std::string Escape(std::string_view text, size_t max_bytes) {
  const bool cut = max_bytes != 0 && text.size() > max_bytes;
  const std::string_view shown = cut ? text.substr(0, max_bytes) : text;
  std::string out;
  out.reserve(shown.size() + 16);
  for (const char ch : shown) {
    const auto c = static_cast<unsigned char>(ch);
    switch (c) {
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\'':
        out += "\\'";
        break;
      case '"':
        out += "\\\"";
        break;
      default:
        if (c < 0x20 || c >= 0x7f) {
          absl::StrAppendFormat(&out, "\\x%02x", c);
        } else {
          out.push_back(ch);
        }
    }
  }
  if (cut) absl::StrAppend(&out, "...(", text.size(), " bytes)");
  return out;
}

std::string Quote(std::string_view text, size_t max_bytes) {
  return absl::StrCat("'", Escape(text, max_bytes), "'");
}

}  // namespace kibitzer::core
