// SIU's move notation (UCGI's, with CGP's coordinates) and kibitzer's GCG notation, each way.
//   8D.DJINN[.RACK[.CHALLENGE[.TURNLOSS]]]  <->  8D DJINN   (D8.WORD down; blanks lower case)
//   ex.ABC[.RACK]                            <->  -ABC
//   pass                                     <->  -
//   phony.H11.MAZEY: a play challenged off, its turn lost: a pass on the board.
#pragma once

#include <optional>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace kibitzer::cli::siu {

// A move from a front end as GCG; errors say what is wrong with it (the caller names it).
// The rack and challenge fields are read and checked, not used: the position says the rack.
absl::StatusOr<std::string> ToGcg(absl::string_view move);
// N for `ex.N`, an exchange of N tiles not named (the caller decides what it can stand for).
std::optional<int> UnnamedExchange(absl::string_view move);
// A GCG move the engine wrote ("8D WORD", "-ABC", "-") as SIU writes it.
std::string FromGcg(absl::string_view move);

}  // namespace kibitzer::cli::siu
