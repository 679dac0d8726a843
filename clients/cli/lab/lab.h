// kibitz's lab commands: they run the engine in this process (no server): matches between
// players (every game that has a harness), learning Scrabble leave values by self-play, building
// a lexicon. The rest of kibitz is a client of kibitzerd (../commands.h).
#pragma once

#include <string>
#include <vector>

#include "clients/cli/commands.h"

namespace kibitzer::cli {

// kibitz match: the match harnesses of Big Two, tarok and Scrabble.
struct MatchFlags {
  std::string players;  // one per seat, comma-separated
  int deals = 100;
  int first_deal = 0;  // deal index of the first deal played (the rest of a stopped run)
  bool rotate = true;
  int report_every = 0;  // deals; 0: the table only at the end
  std::string records;   // a file: each game played as a JSON line; empty: none
};
int RunMatch(const CommandOptions& o, const MatchFlags& m);
// The players of each game's match as their declarations list them, for the usage text.
std::string MatchPlayersHelp();
// kibitz scrabble-leaves: leave values learned by self-play (in this process), written to
// --output or the lexicon directory's NAME.leaves.
struct LeavesFlags {
  int games = 40000;
  int generations = 3;
  int min_count = 50;
};
int RunScrabbleLeaves(const CommandOptions& o, const LeavesFlags& f);
// kibitz lexicon build WORDS.txt --name=NAME [--lexicon-dir=DIR] (in this process).
int RunLexiconBuild(const std::vector<std::string>& words, const std::string& name,
                    const std::string& dir);

}  // namespace kibitzer::cli
