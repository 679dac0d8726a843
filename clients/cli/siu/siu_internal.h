// What the session's two files share: a position set, a go's parameters.
#pragma once

#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "clients/cli/siu/siu_session.h"
#include "engine/core/quote.h"

namespace kibitzer::cli::siu {

enum class Mode { kGen, kSim, kInfer, kEndgame, kPeg, kAuto };

struct Session::Position {
  std::string notation;            // the CGP, its lexicon named
  std::vector<std::string> moves;  // GCG
  std::string seat;                // the seat whose view it is ("" a full layout)
  std::string lexicon;
  std::unique_ptr<scrabble::ScrabbleState> state;
};

struct Session::Go {
  Mode mode = Mode::kAuto;
  std::vector<std::string> searchmoves, alsosearchmoves;  // GCG
  int64_t depth = 0, iterations = 0, movetime = 0, threads = 0;
  int stopcondition = 0;
  bool firstwin = false, useinference = false, infinite = false;
  std::set<std::string> given;  // the parameters given
};

// Text from the input, echoed: escaped and cut.
inline std::string Echo(absl::string_view text) {
  return core::Quote(std::string_view(text.data(), text.size()), 80);
}

}  // namespace kibitzer::cli::siu
