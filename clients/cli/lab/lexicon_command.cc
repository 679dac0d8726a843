// kibitz lexicon build: a word list as a Scrabble lexicon, in this process.
#include <cstdio>
#include <filesystem>

#include "absl/strings/ascii.h"
#include "clients/cli/lab/lab.h"
#include "clients/cli/output.h"
#include "engine/analysis/game_registry.h"
#include "engine/games/scrabble/lexicon/lexicon_store.h"

namespace kibitzer::cli {

int RunLexiconBuild(const std::vector<std::string>& words, const std::string& name,
                    const std::string& dir) {
  if (words.size() != 2 || words[0] != "build") {
    return Fail(absl::InvalidArgumentError(
        "lexicon: write 'kibitz lexicon build WORDS.txt --name=NAME [--lexicon-dir=DIR]'"));
  }
  if (name.empty()) {
    return Fail(absl::InvalidArgumentError("--name: the lexicon needs a name, e.g. --name=MYLEX"));
  }
  const std::string out = dir.empty() ? analysis::GameSettings::DefaultLexiconDir() : dir;
  std::error_code ec;
  std::filesystem::create_directories(out, ec);
  absl::StatusOr<uint32_t> count = scrabble::BuildLexiconFile(words[1], name, out);
  if (!count.ok()) return Fail(count.status());
  std::printf("lexicon %s: %u words, written to %s\n", absl::AsciiStrToUpper(name).c_str(), *count,
              out.c_str());
  return 0;
}

}  // namespace kibitzer::cli
