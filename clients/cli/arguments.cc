#include "clients/cli/arguments.h"

#include <deque>
#include <map>
#include <string>
#include <vector>

#include "absl/flags/reflection.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"

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

bool IsListFlag(const std::string& name) {
  const absl::CommandLineFlag* flag = absl::FindCommandLineFlag(name);
  return flag != nullptr && flag->IsOfType<std::vector<std::string>>();
}

}  // namespace

std::vector<char*> FlagsFirst(int argc, char** argv) {
  static char separator[] = "--";
  std::vector<char*> flags = {argv[0]};
  std::vector<char*> words;
  std::map<std::string, std::string> lists;  // a list flag's values, joined by commas
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
    std::string name(a[1] == '-' ? a + 2 : a + 1), value;
    const size_t eq = name.find('=');
    if (eq != std::string::npos) value = name.substr(eq + 1), name.resize(eq);
    if (IsListFlag(name)) {
      if (eq == std::string::npos) {
        if (i + 1 == argc) return std::vector<char*>(argv, argv + argc);
        value = argv[++i];
      }
      const auto [it, first] = lists.emplace(name, value);
      if (!first) absl::StrAppend(&it->second, ",", value);
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
  static std::deque<std::string> joined;  // the words made here live as long as argv
  for (const auto& [name, value] : lists) {
    flags.push_back(joined.emplace_back(absl::StrCat("--", name, "=", value)).data());
  }
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
