#include "engine/games/bridge/rules/play.h"

namespace kibitzer::bridge {

int PlayPosition::TricksLeft() const {
  int cards = table_count;
  for (const CardSet& h : hands) cards += h.size();
  return (cards + 3) / 4;
}

CardSet PlayPosition::LegalCards() const {
  const CardSet hand = hands[ToMove()];
  if (table_count == 0) return hand;
  const CardSet follow = SuitCards(hand, SuitOf(table[0]));
  return follow.empty() ? hand : follow;
}

void PlayPosition::Play(int card) {
  const int seat = ToMove();
  hands[seat].Remove(card);
  if (table_count < 3) {
    table[table_count++] = card;
    return;
  }
  const std::array<int, 4> trick = {table[0], table[1], table[2], card};
  const int winner = TrickWinner(trick, leader, trump);
  (IsNorthSouth(winner) ? ns_tricks : ew_tricks)++;
  leader = winner;
  table_count = 0;
}

int TrickWinner(const std::array<int, 4>& cards, int leader, int trump) {
  int best = 0;
  for (int i = 1; i < 4; ++i) {
    const int c = cards[i], b = cards[best];
    const bool c_trump = SuitOf(c) == trump, b_trump = SuitOf(b) == trump;
    if (c_trump && !b_trump) {
      best = i;
    } else if (SuitOf(c) == SuitOf(b) && RankOf(c) > RankOf(b)) {
      best = i;
    }
  }
  return (leader + best) & 3;
}

}  // namespace kibitzer::bridge
