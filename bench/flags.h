// The benches' own flag parsing: "--name=value".
#pragma once

#include <string>

namespace kibitzer::bench {

// Whether `arg` is `name`=VALUE; if so, VALUE into `out`.
inline bool Flag(const std::string& arg, const std::string& name, std::string* out) {
  if (arg.rfind(name + "=", 0) != 0) return false;
  *out = arg.substr(name.size() + 1);
  return true;
}

}  // namespace kibitzer::bench
