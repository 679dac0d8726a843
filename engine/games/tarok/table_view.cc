// Tarok's position as a card table (core::TableView): the three hands as the seat knows them, the
// trick in progress, the talon in the groups the contract takes it in, and the state in words.
#include <bit>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "engine/games/tarok/tarok_game.h"

namespace kibitzer::tarok {
namespace {

std::vector<std::string> CardNames(Mask cards) {
  std::vector<std::string> out;
  for (Mask m = cards; m != 0; m &= m - 1) out.push_back(CardName(Lowest(m)));
  return out;
}

const char* PhaseName(Phase p) {
  switch (p) {
    case Phase::kBidding:
      return "bidding";
    case Phase::kNaming:
      return "naming the contract";
    case Phase::kKing:
      return "calling a king";
    case Phase::kTalon:
      return "choosing a talon group";
    case Phase::kDiscard:
      return "discarding";
    case Phase::kPlay:
      return "play";
    case Phase::kDone:
      return "over";
  }
  return "";
}

bool AfterBidding(const Round& r) {
  return r.phase() != Phase::kBidding && r.phase() != Phase::kNaming;
}

// Cards a player holds now: as dealt (16, or 12 of four), the declarer's talon cards until he
// has discarded as many, less those he has played.
int HandCount(const Round& r, int p) {
  if (r.known(p)) return std::popcount(r.hand(p));
  int count = CardsPerHand(r.players()) - std::popcount(r.played(p));
  if (p == r.declarer() && r.talon_group() >= 0) {
    count += TalonTake(r.contract()) - std::popcount(r.discards()) - r.hidden_discards();
  }
  return count;
}

void AddTalon(const Round& r, core::TableView* t) {
  std::vector<std::string> cards;
  for (int8_t c : r.deal().talon) cards.push_back(c >= 0 ? CardName(c) : "?");
  const int take = AfterBidding(r) && r.phase() != Phase::kKing ? TalonTake(r.contract()) : 0;
  if (take == 0) {
    t->groups.push_back({"talon", cards, ""});
    return;
  }
  for (int g = 0; g * take < 6; ++g) {
    core::TableView::Group group;
    group.name = absl::StrCat("talon group ", g + 1, g == r.talon_group() ? " (taken)" : "");
    group.cards.assign(cards.begin() + g * take, cards.begin() + (g + 1) * take);
    if (r.phase() == Phase::kTalon) group.move = absl::StrCat("talon:", g);
    t->groups.push_back(std::move(group));
  }
}

}  // namespace

core::TableView TarokState::Table() const {
  const Round& r = round_;
  core::TableView t;
  for (int p = 0; p < r.players(); ++p) {
    t.hands.push_back({SeatName(p), r.known(p) ? CardNames(r.hand(p)) : std::vector<std::string>{},
                       HandCount(r, p), r.known(p)});
  }
  const PlayState& play = r.play();
  if (r.phase() == Phase::kPlay) {
    for (int i = 0; i < play.CardsInTrick(); ++i) {
      t.table.push_back({SeatName(play.After(play.leader(), i)), {CardName(play.TrickCard(i))}});
    }
  }
  AddTalon(r, &t);
  t.facts.push_back({"phase", PhaseName(r.phase())});
  if (AfterBidding(r)) {
    t.facts.push_back({"contract", r.contract() == Contract::kKlop
                                       ? std::string("klop")
                                       : absl::StrCat(ContractName(r.contract()), " by ",
                                                      SeatName(r.declarer()))});
  }
  if (r.called_king() >= 0) t.facts.push_back({"called king", CardName(r.called_king())});
  if (r.phase() == Phase::kKing) {
    for (Mask m = kKings; m != 0; m &= m - 1) {
      t.groups.push_back({"call", {CardName(Lowest(m))}, CardName(Lowest(m))});
    }
  }
  if (r.discards() != 0 || r.hidden_discards() > 0) {
    std::vector<std::string> shown = CardNames(r.discards());
    if (r.hidden_discards() > 0) shown.push_back(absl::StrCat(r.hidden_discards(), " hidden"));
    t.facts.push_back({"discards", absl::StrJoin(shown, " ")});
  }
  if (r.phase() == Phase::kPlay || r.phase() == Phase::kDone) {
    t.facts.push_back({"tricks played", absl::StrCat(play.TricksDone(), " of ", play.Tricks())});
  }
  if (!IsTerminal()) t.facts.push_back({"to move", SeatName(r.ToMove())});
  return t;
}

}  // namespace kibitzer::tarok
