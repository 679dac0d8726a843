// Scrabble runs in this process (match, scrabble-leaves): their position options checked and
// their lexicon loaded.
#pragma once

#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "clients/cli/lab/lab.h"
#include "engine/games/scrabble/rules/position.h"

namespace kibitzer::cli {

struct ScrabbleRun {
  std::shared_ptr<const scrabble::Kwg> kwg;
  std::shared_ptr<const scrabble::LeaveTable> leaves;  // null: the hand-made values
  std::string lexicon;                                 // its name, upper case
  std::string dir;                                     // the lexicon directory
  scrabble::Rules rules;
};

// --position-option lexicon=NAME (default SCOWL80), end=double|classic, leaves=learned|hand
// (hand: the hand-made leave values even where the lexicon has learned ones). Errors name the
// option.
absl::StatusOr<ScrabbleRun> MakeScrabbleRun(const CommandOptions& o);

}  // namespace kibitzer::cli
