// Move generation and ordering of the double-dummy solver, after the card weights DDS uses
// (Haglund and Hein, "Search Algorithms for a Bridge Double Dummy Solver", chapter 5).
#include <bit>

#include "engine/games/bridge/dd_bits.h"
#include "engine/games/bridge/dd_solver.h"

namespace kibitzer::bridge {

using dd::Above;
using dd::Below;
using dd::Bit;
using dd::Lane;
using dd::Top;

namespace {

bool Beats(int card, int winning, int trump) {
  if (SuitOf(card) == SuitOf(winning)) return RankOf(card) > RankOf(winning);
  return SuitOf(card) == trump;
}

// The strongest card `hand` can play to a trick led in `suit`: its highest card of the suit, else
// its highest trump, else -1 (a discard, which never wins).
int Strongest(uint64_t hand, int suit, int trump) {
  if ((hand & Lane(suit)) != 0) return Top(hand & Lane(suit));
  if (trump != kNoTrump && (hand & Lane(trump)) != 0) return Top(hand & Lane(trump));
  return -1;
}

}  // namespace

int DoubleDummySolver::LeadWeight(int seat, int card, uint64_t group) const {
  const int s = SuitOf(card), rank = RankOf(card);
  const int partner = Partner(seat), lho = NextSeat(seat), rho = (seat + 3) & 3;
  const uint64_t lane = Lane(s);
  const uint64_t live = (hands_[0] | hands_[1] | hands_[2] | hands_[3]) & lane;
  const int lho_len = std::popcount(hands_[lho] & lane);
  const int rho_len = std::popcount(hands_[rho] & lane);
  const int depth = std::popcount(hands_[seat]) * 4;
  const bool side_suit = trump_ != kNoTrump && s != trump_;
  auto has_trumps = [&](int h) { return trump_ != kNoTrump && (hands_[h] & Lane(trump_)) != 0; };
  const bool ruffable =
      side_suit && ((lho_len == 0 && has_trumps(lho)) || (rho_len == 0 && has_trumps(rho)));
  const int highest = Top(live);
  const uint64_t below_top = live & ~Bit(highest);
  const int second = below_top != 0 ? Top(below_top) : -1;
  const uint64_t top_two = Bit(highest) | (second >= 0 ? Bit(second) : 0);

  int suit_bonus = 0;
  if (ruffable) suit_bonus -= 10;
  if ((hands_[rho] & top_two) != 0) suit_bonus -= 18;
  if (side_suit && std::popcount(hands_[seat] & lane) == 1 && has_trumps(seat) &&
      (hands_[partner] & Bit(highest)) != 0 && std::popcount(hands_[partner] & lane) >= 2) {
    suit_bonus += 16;
  }
  const int count_lh = lho_len > 0 ? lho_len * 4 : depth + 4;
  const int count_rh = rho_len > 0 ? rho_len * 4 : depth + 4;
  const int delta = suit_bonus - (count_lh + count_rh) * 32 / 15;

  const bool own_top = (hands_[seat] & Bit(highest)) != 0;
  const bool partner_top = (hands_[partner] & Bit(highest)) != 0;
  const bool own_second = second >= 0 && (hands_[seat] & Bit(second)) != 0;
  const bool partner_second = second >= 0 && (hands_[partner] & Bit(second)) != 0;
  const bool opp_singleton_top = (lho_len == 1 && (hands_[lho] & Bit(highest)) != 0) ||
                                 (rho_len == 1 && (hands_[rho] & Bit(highest)) != 0);
  const bool second_with_equal =
      own_second && (group & Bit(second)) != 0 && std::popcount(group) >= 2;
  // Does the side take this trick with best play by everyone?
  const int partner_best = (hands_[partner] & lane) != 0 ? Top(hands_[partner] & lane) : 0;
  const int ours = RankOf(card) > RankOf(partner_best) ? card : partner_best;
  const uint64_t opp = (hands_[lho] | hands_[rho]) & lane;
  const bool wins = !ruffable && (opp == 0 || RankOf(ours) > RankOf(Top(opp)));

  int weight;
  if (wins) {
    if (opp_singleton_top) {
      weight = delta + 40 - rank;
    } else if (own_top) {
      weight = partner_second    ? delta + 50 - rank
               : card == highest ? delta + 31
                                 : delta + 19 - rank;
    } else if (partner_top) {
      weight = own_second ? delta + 50 - rank : delta + 35 - rank;
    } else if (second_with_equal) {
      weight = delta + 40;
    } else {
      weight = delta + 30 - rank;
    }
  } else {
    if (opp_singleton_top) {
      weight = delta + 29 - rank;
    } else if (own_top) {
      weight = partner_second    ? delta + 44 - rank
               : card == highest ? delta + 25
                                 : delta + 13 - rank;
    } else if (partner_top) {
      weight = own_second ? delta + 44 - rank : delta + 29 - rank;
    } else if (second_with_equal) {
      weight = delta + 29;
    } else {
      weight = delta + 13 - rank;
    }
  }
  return weight;
}

int DoubleDummySolver::FollowWeight(int seat, int card, uint64_t group) const {
  const int rank = RankOf(card);
  const int lead = table_cards_[0];
  const int led = SuitOf(lead);
  const bool void_in_led = (hands_[seat] & Lane(led)) == 0;
  int w = 0;
  for (int i = 1; i < table_count_; ++i) {
    if (Beats(table_cards_[i], table_cards_[w], trump_)) w = i;
  }
  const int winning = table_cards_[w];
  const bool partner_winning = ((leader_ + w) & 3) == Partner(seat);
  const bool beats = Beats(card, winning, trump_);
  const bool is_trump = SuitOf(card) == trump_;
  const bool has_equal = std::popcount(group) >= 2;

  // Bonus of the suit discarded from (or ruffed with) when void in the suit led.
  int suit_add = 0;
  if (void_in_led) {
    const uint64_t own = hands_[seat] & Lane(SuitOf(card));
    const int len = std::popcount(own);
    suit_add = len * 64 / 36;
    const uint64_t live = (hands_[0] | hands_[1] | hands_[2] | hands_[3]) & Lane(SuitOf(card));
    const uint64_t below_top = live & ~Bit(Top(live));
    if (len == 2 && below_top != 0 && (own & Bit(Top(below_top))) != 0) suit_add -= 2;
  }

  // Does the side take this trick if everyone still to play plays their strongest card?
  int top = beats ? card : winning;
  int top_seat = beats ? seat : (leader_ + w) & 3;
  for (int i = table_count_ + 1; i < 4; ++i) {
    const int other = (leader_ + i) & 3;
    const int strongest = Strongest(hands_[other], led, trump_);
    if (strongest >= 0 && Beats(strongest, top, trump_)) {
      top = strongest;
      top_seat = other;
    }
  }
  const bool wins = (top_seat & 1) == (seat & 1);

  if (table_count_ == 1) {  // second hand
    if (wins) {
      if (void_in_led) return (is_trump ? 30 : 60) - rank + suit_add;
      if (beats) return (has_equal ? 70 : 60) - rank;
      return 45 - rank;
    }
    if (void_in_led) return (is_trump ? 15 : 0) - rank + suit_add;
    if (beats) return (has_equal ? 20 : 10) - rank;
    return -rank;
  }
  if (table_count_ == 2) {  // third hand
    if (wins) {
      if (void_in_led) {
        if (partner_winning) return (is_trump && led != trump_ ? 30 : 60) - rank + suit_add;
        if (is_trump && beats) return 70 - rank + suit_add;
        return 30 - rank + suit_add;
      }
      return 60 - rank;
    }
    if (void_in_led) {
      if (is_trump && beats) return 40 - rank + suit_add;
      if (is_trump) return -15 - rank + suit_add;
      return -rank + suit_add;
    }
    if (beats) return has_equal ? 20 - rank : 10 - rank;
    return -10 - rank;
  }
  // fourth hand
  if (void_in_led) {
    if (partner_winning) return (is_trump ? 14 : 30) - rank + suit_add;
    if (is_trump && beats) return 30 - rank + suit_add;
    if (is_trump) return -rank;
    return 14 - rank + suit_add;
  }
  if (partner_winning) return (beats ? 24 : 30) - rank;
  if (beats) return 30 - rank;
  return 14 - rank;
}

int DoubleDummySolver::GenerateMoves(int seat, Move* moves, int hint, int killer) const {
  const uint64_t hand = hands_[seat];
  uint64_t legal = hand;
  uint64_t others = (hands_[0] | hands_[1] | hands_[2] | hands_[3]) & ~hand;
  if (table_count_ > 0) {
    const uint64_t follow = hand & Lane(SuitOf(table_cards_[0]));
    if (follow != 0) legal = follow;
    for (int i = 0; i < table_count_; ++i) others |= Bit(table_cards_[i]);
  }
  int n = 0;
  for (int s = 0; s < 4; ++s) {
    uint64_t cards = legal & Lane(s);
    while (cards != 0) {
      // A group: the highest card left and the cards below it down to the next card of another.
      const int top = Top(cards);
      const uint64_t others_below = others & Below(top);
      const uint64_t floor = others_below != 0 ? Above(Top(others_below)) : Lane(s);
      const uint64_t group = cards & floor;
      cards &= ~group;
      int weight;
      if (table_count_ == 0) {
        weight = LeadWeight(seat, top, group);
        if ((group & Bit(killer)) != 0 && killer > 0) weight += 52;
        if (hint >= 0 && (group & Bit(hint)) != 0) weight += 11;
      } else {
        weight = FollowWeight(seat, top, group);
      }
      moves[n++] = Move{top, weight, group};
    }
  }
  // Insertion sort, highest weight first; stable, so ties keep suit and rank order.
  for (int i = 1; i < n; ++i) {
    const Move m = moves[i];
    int j = i;
    while (j > 0 && moves[j - 1].weight < m.weight) {
      moves[j] = moves[j - 1];
      --j;
    }
    moves[j] = m;
  }
  return n;
}

}  // namespace kibitzer::bridge
