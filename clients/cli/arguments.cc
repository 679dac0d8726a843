#include "clients/cli/arguments.h"

#include <string>

#include "absl/flags/reflection.h"
#include "absl/strings/ascii.h"

namespace kibitzer::cli {
namespace {

bool IsFlag(const char* a) {
  if (a[0] != '-') return false;
  const char* name = a[1] == '-' ? a + 2 : a + 1;
  return absl::ascii_isalpha(static_cast<unsigned char>(name[0]));
}

// Whether the flag word `a` (no "=VALUE") is followed by its value as the next word.
bool TakesNextWord(const char* a) {
  std::string name(a[1] == '-' ? a + 2 : a + 1);
  if (name.find('=') != std::string::npos) return false;
  // A name not found (--noNAME turning a bool flag off, or a misspelling for the parser to
  // report) takes no value word.
  const absl::CommandLineFlag* flag = absl::FindCommandLineFlag(name);
  return flag != nullptr && !flag->IsOfType<bool>();
}

}  // namespace

std::vector<char*> FlagsFirst(int argc, char** argv) {
  static char separator[] = "--";
  std::vector<char*> flags = {argv[0]};
  std::vector<char*> words;
  int i = 1;
  for (; i < argc; ++i) {
    char* a = argv[i];
    if (std::string(a) == "--") {
      ++i;
      break;
    }
    if (!IsFlag(a)) {
      words.push_back(a);
      continue;
    }
    flags.push_back(a);
    if (TakesNextWord(a)) {
      // A flag missing its value at the end: the parser says so from the words as given.
      if (i + 1 == argc) return std::vector<char*>(argv, argv + argc);
      flags.push_back(argv[++i]);
    }
  }
  for (; i < argc; ++i) words.push_back(argv[i]);
  flags.push_back(separator);
  flags.insert(flags.end(), words.begin(), words.end());
  return flags;
}

std::vector<std::string> JoinFixedCards(const std::vector<std::string>& words) {
  std::vector<std::string> out;
  for (const std::string& w : words) {
    if (!out.empty() && w.find(':') == std::string::npos) {
      out.back() += "," + w;
    } else {
      out.push_back(w);
    }
  }
  return out;
}

}  // namespace kibitzer::cli
