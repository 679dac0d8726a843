// Lets command lines spell flags with dashes (--max-queries) as well as the underscores absl
// flags are declared with (--max_queries): rewrites the flag-name part of each "--" argument in
// place, before absl::ParseCommandLine. Arguments after a bare "--" are left alone.
#pragma once

namespace kibitzer::service {

inline void NormalizeFlagNames(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    char* a = argv[i];
    if (a[0] != '-' || a[1] != '-') continue;
    if (a[2] == '\0') return;
    for (char* p = a + 2; *p != '\0' && *p != '='; ++p) {
      if (*p == '-') *p = '_';
    }
  }
}

}  // namespace kibitzer::service
