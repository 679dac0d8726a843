// make_lexicon WORDS.txt NAME DIR: the build's own lexicon maker (kibitz lexicon build does the
// same for users), linked with the Scrabble module only so that the lexica are not rebuilt
// whenever the CLI changes.
#include <cstdio>

#include "engine/games/scrabble/lexicon/lexicon_store.h"

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: make_lexicon WORDS.txt NAME DIR\n");
    return 2;
  }
  absl::StatusOr<uint32_t> words = kibitzer::scrabble::BuildLexiconFile(argv[1], argv[2], argv[3]);
  if (!words.ok()) {
    std::fprintf(stderr, "make_lexicon: %s\n", std::string(words.status().message()).c_str());
    return 1;
  }
  std::printf("%s: %u words\n", argv[2], *words);
  return 0;
}
