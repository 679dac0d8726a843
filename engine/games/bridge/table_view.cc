// Bridge's position as a card table (core::TableView): each hand as the seat knows it (spades
// to clubs, high to low), the trick in progress, and the contract and tricks in words.
#include "absl/strings/str_cat.h"
#include "engine/games/bridge/bridge_game.h"

namespace kibitzer::bridge {
namespace {

std::vector<std::string> CardNames(CardSet hand) {
  std::vector<std::string> out;
  for (int suit = kSpades; suit <= kClubs; ++suit) {
    for (int rank = 14; rank >= 2; --rank) {
      if ((hand.mask() >> MakeCard(suit, rank) & 1) != 0)
        out.push_back(CardName(MakeCard(suit, rank)));
    }
  }
  return out;
}

std::string SeatText(int seat) { return std::string(1, SeatChar(seat)); }

}  // namespace

core::TableView BridgeState::Table() const {
  const PlayPosition& now = view_.now;
  core::TableView t;
  for (int s = kNorth; s <= kWest; ++s) {
    const bool known = (view_.known >> s & 1) != 0;
    // The cards on the table are among those played.
    const int count = view_.hand_size - view_.played[s].size();
    t.hands.push_back({SeatText(s), known ? CardNames(now.hands[s]) : std::vector<std::string>{},
                       known ? now.hands[s].size() : count, known});
  }
  for (int i = 0; i < now.table_count; ++i) {
    t.table.push_back({SeatText((now.leader + i) & 3), {CardName(now.table[i])}});
  }
  if (view_.contract && view_.declarer) {
    t.facts.push_back({"contract", absl::StrCat(FormatContract(*view_.contract), " by ",
                                                SeatText(*view_.declarer))});
  } else {
    t.facts.push_back({"trumps", now.trump == kNoTrump ? std::string("none")
                                                       : std::string(1, SuitChar(now.trump))});
  }
  t.facts.push_back({"tricks", absl::StrCat("NS ", now.ns_tricks, ", EW ", now.ew_tricks)});
  if (!IsTerminal()) t.facts.push_back({"to move", SeatText(now.ToMove())});
  return t;
}

}  // namespace kibitzer::bridge
