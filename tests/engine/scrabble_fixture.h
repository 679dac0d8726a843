// Shared by the Scrabble tests: the fast-test lexicon (SCOWL70, built by the build) as a graph and
// as a word set, positions set up from CGP, and positions from seeded games.
#pragma once

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <string>
#include <unordered_set>
#include <vector>

#include "engine/analysis/game_registry.h"
#include "engine/core/rng.h"
#include "engine/games/scrabble/lexicon/lexicon_store.h"
#include "engine/games/scrabble/match.h"
#include "engine/games/scrabble/notation/notation.h"
#include "engine/games/scrabble/scrabble_game.h"
#include "gtest/gtest.h"

namespace kibitzer::scrabble::testing {

// How many cases a slow check runs: `full`, divided by KIBITZER_CASE_DIVISOR when set (the
// sanitizer runs check memory and races on a share of the cases the release run checks).
inline int Cases(int full) {
  const char* env = std::getenv("KIBITZER_CASE_DIVISOR");
  const int divisor = env != nullptr ? std::max(1, std::atoi(env)) : 1;
  return std::max(1, full / divisor);
}

inline const std::string& LexiconDir() {
  static const std::string dir = analysis::GameSettings::DefaultLexiconDir();
  return dir;
}

inline std::shared_ptr<const Kwg> Scowl70() {
  static const std::shared_ptr<const Kwg> kwg = [] {
    LexiconStore store(LexiconDir());
    auto k = store.Get("SCOWL70", "lexicon");
    EXPECT_TRUE(k.ok()) << k.status();
    return k.ok() ? k->words : nullptr;
  }();
  return kwg;
}

// The words of SCOWL70 as the build listed them (upper case).
inline const std::vector<std::string>& Scowl70Words() {
  static const std::vector<std::string> words = [] {
    std::vector<std::string> w;
    std::ifstream in(LexiconDir() + "/SCOWL70.txt");
    for (std::string line; std::getline(in, line);) w.push_back(line);
    return w;
  }();
  return words;
}

// A position of SCOWL70 from CGP (no lex opcode needed).
inline Position FromCgp(const std::string& text, Rules rules = {}) {
  Position pos(Scowl70(), "SCOWL70", rules);
  absl::StatusOr<Cgp> cgp = ParseCgp(text, "notation");
  EXPECT_TRUE(cgp.ok()) << cgp.status();
  const absl::Status s = ApplyCgp(*cgp, &pos, "notation");
  EXPECT_TRUE(s.ok()) << s;
  return pos;
}

// A new game of SCOWL70 with both racks and the bag's order from `seed`.
inline Position NewGame(uint64_t seed, Rules rules = {}) {
  return scrabble::NewGame(Scowl70(), "SCOWL70", rules, seed, 0);
}

// Every position before a move of `games` seeded games, each move one of the five best by score
// or, one time in four, any placement.
inline std::vector<Position> GamePositions(int games, uint64_t seed) {
  std::vector<Position> out;
  for (int g = 0; g < games; ++g) {
    Position pos = NewGame(seed + static_cast<uint64_t>(g));
    core::Rng rng(seed * 7919 + static_cast<uint64_t>(g));
    while (!pos.over()) {
      out.push_back(pos);
      const std::vector<Move> moves = AllMoves(pos);
      size_t places = 0;
      while (places < moves.size() && moves[places].kind == Move::kPlace) ++places;
      size_t pick = moves.size() - 1;  // the pass
      if (places > 0) {
        pick = rng.Below(4) == 0 ? rng.Below(places) : rng.Below(std::min<size_t>(places, 5));
      }
      pos.Apply(moves[pick]);
    }
  }
  return out;
}

}  // namespace kibitzer::scrabble::testing
