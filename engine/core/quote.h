// Quoting what a client sent, for error messages and logs: cut to a bound, control characters and
// non-ASCII bytes escaped (\n, \x1b), so that an echoed value can neither grow a message without
// bound nor forge a log line.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace kibitzer::core {

// 'text' in single quotes, escaped; past `max_bytes` of the input, cut with "...(N bytes)".
std::string Quote(std::string_view text, size_t max_bytes = 64);
// The text escaped as in Quote, without quotes; cut likewise (max_bytes 0: not cut).
std::string Escape(std::string_view text, size_t max_bytes = 0);
// A message for a client or a log: control characters escaped (UTF-8 text kept), cut to
// `max_bytes` at a character boundary with "..." when longer.
std::string BoundMessage(std::string_view text, size_t max_bytes);

}  // namespace kibitzer::core
