#include "clients/libdds/deal_convert.h"

#include <algorithm>
#include <cstring>
#include <string>

namespace kibitzer::libdds {
namespace {

using bridge::CardSet;
using bridge::MakeCard;

constexpr unsigned int kRankBits = 0x7FFC;  // ranks 2..14

void Put(futureTricks* f, const std::vector<int>& group, int score) {
  const int i = f->cards++;
  const int top = *std::max_element(group.begin(), group.end());
  f->suit[i] = bridge::SuitOf(top);
  f->rank[i] = bridge::RankOf(top);
  unsigned int equals = 0;
  for (int card : group) {
    if (card != top) equals |= 1u << bridge::RankOf(card);
  }
  f->equals[i] = static_cast<int>(equals);
  f->score[i] = score;
}

}  // namespace

int HandsOf(const unsigned int cards[DDS_HANDS][DDS_SUITS], bridge::Hands* hands) {
  int total = 0;
  for (int h = 0; h < DDS_HANDS; ++h) {
    CardSet hand;
    for (int s = 0; s < DDS_SUITS; ++s) {
      if ((cards[h][s] & ~kRankBits) != 0) return RETURN_SUIT_OR_RANK;
      hand |= CardSet(static_cast<uint64_t>(cards[h][s]) << (16 * s));
    }
    total += hand.size();
    (*hands)[static_cast<size_t>(h)] = hand;
  }
  if (total > 52) return RETURN_TOO_MANY_CARDS;
  CardSet seen;
  for (const CardSet& hand : *hands) {
    if (hand.Intersects(seen)) return RETURN_DUPLICATE_CARDS;
    seen |= hand;
  }
  return RETURN_NO_FAULT;
}

int HoldingsOf(const char* pbn, size_t size, unsigned int cards[DDS_HANDS][DDS_SUITS]) {
  const std::string text(pbn, strnlen(pbn, size));
  absl::StatusOr<bridge::Hands> hands = bridge::ParsePbnDeal(text, "deal", true);
  if (!hands.ok()) return RETURN_PBN_FAULT;
  for (int h = 0; h < DDS_HANDS; ++h) {
    for (int s = 0; s < DDS_SUITS; ++s) {
      cards[h][s] = static_cast<unsigned int>(
          ((*hands)[static_cast<size_t>(h)].mask() >> (16 * s)) & kRankBits);
    }
  }
  return RETURN_NO_FAULT;
}

int DealOf(const dealPBN& pbn, deal* dl) {
  dl->trump = pbn.trump;
  dl->first = pbn.first;
  for (int i = 0; i < 3; ++i) {
    dl->currentTrickSuit[i] = pbn.currentTrickSuit[i];
    dl->currentTrickRank[i] = pbn.currentTrickRank[i];
  }
  return HoldingsOf(pbn.remainCards, sizeof(pbn.remainCards), dl->remainCards);
}

int PositionOf(const deal& dl, bridge::PlayPosition* p) {
  if (dl.trump < 0 || dl.trump > 4) return RETURN_TRUMP_WRONG;
  if (dl.first < 0 || dl.first > 3) return RETURN_FIRST_WRONG;
  *p = bridge::PlayPosition{};
  p->trump = dl.trump;  // DDS's suits and notrump are numbered as kibitzer's
  p->leader = dl.first;
  int on_table = 0;
  while (on_table < 3 && dl.currentTrickRank[on_table] != 0) ++on_table;
  for (int i = 0; i < 3; ++i) {
    const int suit = dl.currentTrickSuit[i], rank = dl.currentTrickRank[i];
    if (i >= on_table) {
      if (rank != 0) return RETURN_SUIT_OR_RANK;  // a card after a gap
      continue;
    }
    if (suit < 0 || suit > 3 || rank < 2 || rank > 14) return RETURN_SUIT_OR_RANK;
    p->table[static_cast<size_t>(i)] = MakeCard(suit, rank);
  }
  p->table_count = on_table;
  if (const int r = HandsOf(dl.remainCards, &p->hands); r != RETURN_NO_FAULT) return r;
  CardSet all;
  for (const CardSet& h : p->hands) all |= h;
  for (int i = 0; i < on_table; ++i) {
    const int card = p->table[static_cast<size_t>(i)];
    if (all.Contains(card)) return RETURN_PLAYED_CARD;
    for (int j = 0; j < i; ++j) {
      if (p->table[static_cast<size_t>(j)] == card) return RETURN_DUPLICATE_CARDS;
    }
  }
  if (all.size() + on_table == 0) return RETURN_ZERO_CARDS;
  if (all.size() + on_table > 52) return RETURN_TOO_MANY_CARDS;
  // The hands that have played to the trick hold one card fewer than the others.
  const int later = p->hands[static_cast<size_t>((dl.first + on_table) & 3)].size();
  for (int i = 0; i < 4; ++i) {
    const int seat = (dl.first + i) & 3;
    const int want = i < on_table ? later - 1 : later;
    if (p->hands[static_cast<size_t>(seat)].size() != want) return RETURN_CARD_COUNT;
  }
  if (later == 0) return RETURN_ZERO_CARDS;
  return RETURN_NO_FAULT;
}

int CheckSolveArguments(int target, int solutions, int mode) {
  if (target < -1) return RETURN_TARGET_WRONG_LO;
  if (target > 13) return RETURN_TARGET_WRONG_HI;
  if (solutions < 1) return RETURN_SOLNS_WRONG_LO;
  if (solutions > 3) return RETURN_SOLNS_WRONG_HI;
  if (mode < 0) return RETURN_MODE_WRONG_LO;
  if (mode > 2) return RETURN_MODE_WRONG_HI;
  return RETURN_NO_FAULT;
}

int Solve(const bridge::PlayPosition& p, const CardSearch& search, int target, int solutions,
          int mode, futureTricks* f) {
  std::memset(f, 0, sizeof(*f));
  const int left = p.TricksLeft();
  if (target > left) return RETURN_TARGET_TOO_HIGH;
  // The legal cards in the groups DDS reports as one (its "equals"): same suit, no card of
  // another hand or on the table between them.
  const std::vector<std::vector<int>> groups = bridge::DoubleDummySolver::CardGroups(p);
  if (mode == 0 && groups.size() == 1 && left > 1) {
    Put(f, groups.front(), -2);  // one card to play (with its equals): no search
  } else if (solutions == 3) {
    // Every card with its value (the groups' representatives), best first; cards of one value
    // in the root's move order, as DDS's searches for them one at a time find them.
    uint64_t representatives = 0;
    for (const std::vector<int>& group : groups) representatives |= uint64_t{1} << group.back();
    const std::vector<int> order = search.order();
    auto place = [&](int card) {
      return std::find(order.begin(), order.end(), card) - order.begin();
    };
    std::vector<std::pair<int, size_t>> scored;
    for (const auto& [card, value] : search.values(representatives)) {
      for (size_t g = 0; g < groups.size(); ++g) {
        if (groups[g].back() == card) scored.emplace_back(value, g);
      }
    }
    std::sort(scored.begin(), scored.end(), [&](const auto& a, const auto& b) {
      if (a.first != b.first) return a.first > b.first;
      return place(groups[a.second].back()) < place(groups[b.second].back());
    });
    for (const auto& [value, g] : scored) Put(f, groups[g], value);
  } else if (target == 0) {
    // Legal cards only, no search.
    for (const std::vector<int>& group : groups) {
      Put(f, group, 0);
      if (solutions == 1) break;
    }
  } else {
    // The best value (target -1), or the target; then the cards that reach it: one card reaches
    // the position's value exactly when it takes as many tricks (none takes more).
    const int goal = target < 0 ? search.best() : target;
    for (const std::vector<int>& group : groups) {
      if (!search.reaches(group.back(), goal)) continue;
      Put(f, group, goal);
      if (solutions == 1) break;
    }
    if (f->cards == 0) f->score[0] = target == 1 ? 0 : -1;  // the target cannot be reached
  }
  f->nodes = static_cast<int>(std::min<uint64_t>(search.nodes(), 0x7FFFFFFF));
  return RETURN_NO_FAULT;
}

int Solve(bridge::DoubleDummySolver& solver, const bridge::PlayPosition& p, int target,
          int solutions, int mode, futureTricks* f) {
  solver.ResetNodes();
  solver.ClearTableForNewDeal(p);
  CardSearch search;
  search.values = [&](uint64_t cards) { return solver.SolveCards(p, nullptr, cards); };
  search.best = [&] { return solver.Solve(p); };
  search.reaches = [&](int card, int goal) { return solver.CardReaches(p, card, goal); };
  search.nodes = [&] { return solver.nodes(); };
  search.order = [&] { return solver.RootOrder(p); };
  return Solve(p, search, target, solutions, mode, f);
}

int SolveWithValues(bridge::DoubleDummySolver& solver, const bridge::PlayPosition& p,
                    const std::vector<std::pair<int, int>>& values, uint64_t nodes, int target,
                    int solutions, int mode, futureTricks* f) {
  auto value_of = [&](int card) {
    for (const auto& [c, v] : values) {
      if (c == card) return v;
    }
    return -1;
  };
  CardSearch search;
  search.values = [&](uint64_t cards) {
    std::vector<std::pair<int, int>> out;
    for (const auto& cv : values) {
      if ((cards >> cv.first) & 1) out.push_back(cv);
    }
    return out;
  };
  search.best = [&] {
    int best = 0;
    for (const auto& cv : values) best = std::max(best, cv.second);
    return best;
  };
  search.reaches = [&](int card, int goal) { return value_of(card) >= goal; };
  search.nodes = [&] { return nodes; };
  search.order = [&] { return solver.RootOrder(p); };
  return Solve(p, search, target, solutions, mode, f);
}

}  // namespace kibitzer::libdds
