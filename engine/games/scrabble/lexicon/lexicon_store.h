// The lexica of a directory: every NAME.kwg file in it, listed at start and loaded on first use
// (with NAME.leaves, its learned leave values, when there is one), then kept read-only and shared
// by every position and search that names it. Names are upper
// case letters, digits, '_' and '-', at most 32 characters, and matched case-insensitively.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/games/scrabble/lexicon/kwg.h"

namespace kibitzer::scrabble {

class LeaveTable;

// A lexicon as a store hands it out: its word graph and, apart, its learned leave values.
struct Lexicon {
  std::shared_ptr<const Kwg> words;
  std::shared_ptr<const LeaveTable> leaves;  // NAME.leaves; null: the hand-made values
};

constexpr const char* kLexiconExtension = ".kwg";
constexpr const char* kDefaultLexicon = "SCOWL80";

// The name checked and upper-cased; errors name `field`.
absl::StatusOr<std::string> LexiconName(std::string_view text, const std::string& field);

class LexiconStore {
 public:
  explicit LexiconStore(std::string dir);
  const std::string& dir() const { return dir_; }
  // The names found, sorted.
  std::vector<std::string> Names() const;
  // The lexicon of that name, loaded once; an unknown name or an unreadable file is
  // INVALID_ARGUMENT naming `field`.
  absl::StatusOr<Lexicon> Get(std::string_view name, const std::string& field) const;

 private:
  std::string dir_;
  mutable std::mutex mu_;
  mutable std::map<std::string, Lexicon> loaded_;  // no words: listed, not loaded
};

// Writes `kwg` as `dir`/NAME.kwg.
absl::Status SaveLexicon(const Kwg& kwg, const std::string& dir, const std::string& name);
absl::StatusOr<Kwg> LoadLexiconFile(const std::string& path);
// Reads the word list at `words_path`, builds its graph and saves it as `dir`/NAME.kwg; errors
// name the file and, for a bad word, its line. Returns the number of words.
absl::StatusOr<uint32_t> BuildLexiconFile(const std::string& words_path, std::string_view name,
                                          const std::string& dir);

}  // namespace kibitzer::scrabble
