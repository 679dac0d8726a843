// Big Two's position as a card table (core::TableView): each hand as the seat knows it (else its
// count), the play to beat and who made it, and the state in words.
#include <bit>

#include "absl/strings/str_cat.h"
#include "engine/games/bigtwo/bigtwo_game.h"

namespace kibitzer::bigtwo {
namespace {

std::vector<std::string> CardNames(Mask cards, Variant v) {
  std::vector<std::string> out;
  for (Mask m = cards; m != 0; m &= m - 1) out.push_back(CardName(std::countr_zero(m), v));
  return out;
}

}  // namespace

core::TableView BigTwoState::Table() const {
  const State& s = state_;
  const Variant v = s.rules().variant;
  core::TableView t;
  for (int p = 0; p < s.NumPlayers(); ++p) {
    t.hands.push_back({SeatName(p),
                       s.Known(p) ? CardNames(s.hand(p), v) : std::vector<std::string>{},
                       s.count(p), s.Known(p)});
  }
  if (!s.Leading()) t.table.push_back({SeatName(s.last_player()), CardNames(s.table().cards, v)});
  t.facts.push_back({"to beat", s.Leading() ? std::string("nothing: a lead")
                                            : absl::StrCat(KindName(s.table().kind), " ",
                                                           FormatPlay(s.table(), v), " by ",
                                                           SeatName(s.last_player()))});
  t.facts.push_back({"plays so far", absl::StrCat(moves_.size())});
  if (IsTerminal()) {
    t.facts.push_back({"winner", SeatName(s.winner())});
  } else {
    t.facts.push_back({"to move", SeatName(s.CurrentPlayer())});
  }
  return t;
}

}  // namespace kibitzer::bigtwo
