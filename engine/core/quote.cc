#include "engine/core/quote.h"

#include <algorithm>

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

std::string BoundMessage(std::string_view text, size_t max_bytes) {
  // Control characters escaped; the rest (UTF-8 included) as it is. `room`: stop before a
  // character once fewer than that many bytes are left (never inside a UTF-8 sequence).
  auto escaped = [&](size_t room) {
    std::string out;
    for (const char ch : text) {
      const auto c = static_cast<unsigned char>(ch);
      if ((c & 0xC0) != 0x80 && out.size() + room > max_bytes) {
        out += "...";
        break;
      }
      if (c < 0x20 || c == 0x7f) {
        absl::StrAppendFormat(&out, "\\x%02x", c);
      } else {
        out.push_back(ch);
      }
    }
    return out;
  };
  std::string whole = escaped(0);
  if (whole.size() <= max_bytes) return whole;
  return escaped(4 + 3);  // the widest character, and the "..."
}

std::string Quote(std::string_view text, size_t max_bytes) {
  return absl::StrCat("'", Escape(text, max_bytes), "'");
}

}  // namespace kibitzer::core
