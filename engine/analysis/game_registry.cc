#include "engine/analysis/game_registry.h"

#include <algorithm>

#include "absl/strings/str_join.h"
#include "engine/games/bigtwo/bigtwo_game.h"
#include "engine/games/bridge/bridge_game.h"
#include "engine/games/scrabble/scrabble_game.h"
#include "engine/games/tarok/tarok_game.h"
#include "engine/games/tictactoe/tictactoe_game.h"

namespace kibitzer::analysis {

void GameRegistry::Register(std::unique_ptr<core::Game> game) {
  games_.push_back(std::move(game));
  std::sort(games_.begin(), games_.end(),
            [](const auto& a, const auto& b) { return a->Info().name < b->Info().name; });
}

const core::Game* GameRegistry::Find(std::string_view name) const {
  for (const auto& g : games_) {
    if (g->Info().name == name) return g.get();
  }
  return nullptr;
}

std::vector<const core::Game*> GameRegistry::games() const {
  std::vector<const core::Game*> out;
  for (const auto& g : games_) out.push_back(g.get());
  return out;
}

std::string GameRegistry::Names() const {
  std::vector<std::string> names;
  for (const auto& g : games_) names.push_back(g->Info().name);
  return absl::StrJoin(names, ", ");
}

std::string GameSettings::DefaultLexiconDir() { return KIBITZER_LEXICON_DIR; }

void RegisterAllGames(GameRegistry& registry, const GameSettings& settings) {
  registry.Register(std::make_unique<scrabble::ScrabbleGame>(
      std::make_shared<const scrabble::LexiconStore>(settings.lexicon_dir)));
  registry.Register(std::make_unique<bigtwo::BigTwoGame>());
  registry.Register(std::make_unique<bridge::BridgeGame>());
  registry.Register(std::make_unique<tarok::TarokGame>());
  registry.Register(std::make_unique<tictactoe::TicTacToeGame>());
}

}  // namespace kibitzer::analysis
