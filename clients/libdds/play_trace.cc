#include "clients/libdds/play_trace.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <string>
#include <vector>

#include "clients/libdds/deal_convert.h"
#include "clients/libdds/remote.h"

namespace kibitzer::libdds {
namespace {

// A play trace as cards, checked against the position as it is played: `*cards` gets the cards
// DDS values (up to the last trick's lead, which decides the rest). RETURN_PLAY_FAULT for a card
// that is not one or not legal, or a trace past the end.
int TraceCards(bridge::PlayPosition p, int number, const int* suits, const int* ranks,
               std::vector<int>* cards) {
  if (number < 0 || number > 52) return RETURN_PLAY_FAULT;
  number = std::min(number, 48);
  cards->clear();
  for (int k = 0; k < number; ++k) {
    if (suits[k] < 0 || suits[k] > 3 || ranks[k] < 2 || ranks[k] > 14 || p.Finished()) {
      return RETURN_PLAY_FAULT;
    }
    const int card = bridge::MakeCard(suits[k], ranks[k]);
    if (!p.LegalCards().Contains(card)) return RETURN_PLAY_FAULT;
    p.Play(card);
    cards->push_back(card);
  }
  return RETURN_NO_FAULT;
}

PlayBoard Failed(int code) {
  PlayBoard b;
  b.code = code;
  return b;
}

// "D4C7..." into suits and ranks; false on a card that is not one.
bool TraceOf(const playTracePBN& play, int* number, int* suits, int* ranks) {
  const size_t length = strnlen(play.cards, sizeof(play.cards));
  *number = 0;
  for (size_t i = 0; i + 1 < length && *number < 52; i += 2) {
    const char* suit = std::strchr("SHDC", std::toupper(static_cast<unsigned char>(play.cards[i])));
    const char* rank =
        std::strchr("23456789TJQKA", std::toupper(static_cast<unsigned char>(play.cards[i + 1])));
    if (play.cards[i] == '\0' || suit == nullptr || play.cards[i + 1] == '\0' || rank == nullptr) {
      return false;
    }
    suits[*number] = static_cast<int>(suit - "SHDC");
    ranks[*number] = static_cast<int>(rank - "23456789TJQKA") + 2;
    ++*number;
  }
  if (play.number >= 0 && play.number < *number) *number = play.number;
  return true;
}

}  // namespace

PlayBoard PlayBoardOf(const deal& dl, int number, const int* suits, const int* ranks) {
  PlayBoard b;
  b.first = dl.first;
  b.code = PositionOf(dl, &b.start);
  if (b.code == RETURN_NO_FAULT) b.code = TraceCards(b.start, number, suits, ranks, &b.cards);
  return b;
}

PlayBoard PlayBoardOf(const dealPBN& dlPBN, const playTracePBN& play) {
  deal dl;
  if (const int r = DealOf(dlPBN, &dl); r != RETURN_NO_FAULT) return Failed(r);
  int number = 0, suits[52], ranks[52];
  if (!TraceOf(play, &number, suits, ranks)) return Failed(RETURN_PLAY_FAULT);
  return PlayBoardOf(dl, number, suits, ranks);
}

// Declarer sits at the right of the hand that led the trick the trace starts from.
int Analyse(bridge::DoubleDummySolver& solver, const PlayBoard& b, solvedPlay* solved) {
  if (b.code != RETURN_NO_FAULT) return b.code;
  std::memset(solved, 0, sizeof(*solved));
  const bool declarer_ns = bridge::IsNorthSouth((b.first + 3) & 3);
  const auto declarer_total = [&](const bridge::PlayPosition& at) {
    const int won = declarer_ns ? at.ns_tricks : at.ew_tricks;
    if (at.Finished()) return won;
    const int v = solver.Solve(at);
    const bool mover_declares = bridge::IsNorthSouth(at.ToMove()) == declarer_ns;
    return won + (mover_declares ? v : at.TricksLeft() - v);
  };
  bridge::PlayPosition p = b.start;
  solver.ClearTableForNewDeal(p);
  solved->tricks[0] = declarer_total(p);
  for (size_t k = 0; k < b.cards.size(); ++k) {
    p.Play(b.cards[k]);
    solved->tricks[k + 1] = declarer_total(p);
  }
  solved->number = static_cast<int>(b.cards.size()) + 1;
  return RETURN_NO_FAULT;
}

std::vector<std::vector<int>> PlaysFromServers(const std::vector<PlayBoard>& boards,
                                               std::vector<bool>* remote) {
  std::vector<std::vector<int>> totals;
  if (RemoteServers().empty()) return totals;
  std::vector<PlayRecord> records(boards.size());
  std::vector<bool> wanted(boards.size(), false);
  for (size_t i = 0; i < boards.size(); ++i) {
    const PlayBoard& b = boards[i];
    records[i] = {b.start.hands, (b.first + 3) & 3, b.start.trump, b.cards};
    wanted[i] =
        b.code == RETURN_NO_FAULT && b.start.table_count == 0 && b.start.hands[0].size() == 13;
  }
  *remote = wanted;
  totals.resize(boards.size());
  AnalyzePlaysRemotely(records, wanted, totals);
  for (size_t i = 0; i < boards.size(); ++i) (*remote)[i] = (*remote)[i] && !wanted[i];
  return totals;
}

}  // namespace kibitzer::libdds
