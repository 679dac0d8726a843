// The games one engine instance offers. Filled explicitly by RegisterAllGames (static registration
// is dropped by static libraries); read-only afterwards, so lookups need no lock.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/game.h"

namespace kibitzer::analysis {

class GameRegistry {
 public:
  void Register(std::unique_ptr<core::Game> game);
  // Null when no game has that name.
  const core::Game* Find(std::string_view name) const;
  // All games, sorted by name.
  std::vector<const core::Game*> games() const;
  // The names, comma-separated, for error messages.
  std::string Names() const;

 private:
  std::vector<std::unique_ptr<core::Game>> games_;
};

// Where games find their data: Scrabble's lexica (every NAME.kwg of the directory).
struct GameSettings {
  std::string lexicon_dir = DefaultLexiconDir();
  static std::string DefaultLexiconDir();
};

void RegisterAllGames(GameRegistry& registry, const GameSettings& settings = {});

}  // namespace kibitzer::analysis
