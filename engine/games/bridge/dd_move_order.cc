// Move generation and ordering of the double-dummy solver, after the card weights DDS uses
// (Haglund and Hein, "Search Algorithms for a Bridge Double Dummy Solver", chapter 5). What a
// weight needs that does not depend on the card is worked out once per node (or per suit).
#include <bit>

#include "engine/games/bridge/dd_bits.h"
#include "engine/games/bridge/dd_solver.h"

namespace kibitzer::bridge {

using dd::Above;
using dd::Below;
using dd::Bit;
using dd::Bottom;
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

// What the weights of one hand's leads in one suit share.
struct LeadSuit {
  int delta = 0;  // the suit's weight
  int highest = 0;
  int second = -1;
  bool own_top = false, partner_top = false, own_second = false, partner_second = false;
  bool opp_singleton_top = false;
  bool ruffable = false;
  int partner_best = 0;  // partner's highest card of the suit, or 0
  int opp_best = 0;      // the opponents' highest card of the suit, or 0
};

LeadSuit MakeLeadSuit(const uint64_t* hands, int trump, int seat, int s) {
  LeadSuit k;
  const int partner = Partner(seat), lho = NextSeat(seat), rho = (seat + 3) & 3;
  const uint64_t lane = Lane(s);
  const uint64_t live = (hands[0] | hands[1] | hands[2] | hands[3]) & lane;
  const int lho_len = std::popcount(hands[lho] & lane);
  const int rho_len = std::popcount(hands[rho] & lane);
  const int depth = std::popcount(hands[seat]) * 4;
  const bool side_suit = trump != kNoTrump && s != trump;
  auto has_trumps = [&](int h) { return trump != kNoTrump && (hands[h] & Lane(trump)) != 0; };
  k.ruffable =
      side_suit && ((lho_len == 0 && has_trumps(lho)) || (rho_len == 0 && has_trumps(rho)));
  k.highest = Top(live);
  const uint64_t below_top = live & ~Bit(k.highest);
  k.second = below_top != 0 ? Top(below_top) : -1;
  const uint64_t top_two = Bit(k.highest) | (k.second >= 0 ? Bit(k.second) : 0);

  int suit_bonus = 0;
  if (k.ruffable) suit_bonus -= 10;
  if ((hands[rho] & top_two) != 0) suit_bonus -= 18;
  if (side_suit && std::popcount(hands[seat] & lane) == 1 && has_trumps(seat) &&
      (hands[partner] & Bit(k.highest)) != 0 && std::popcount(hands[partner] & lane) >= 2) {
    suit_bonus += 16;
  }
  const int count_lh = lho_len > 0 ? lho_len * 4 : depth + 4;
  const int count_rh = rho_len > 0 ? rho_len * 4 : depth + 4;
  k.delta = suit_bonus - (count_lh + count_rh) * 32 / 15;

  k.own_top = (hands[seat] & Bit(k.highest)) != 0;
  k.partner_top = (hands[partner] & Bit(k.highest)) != 0;
  k.own_second = k.second >= 0 && (hands[seat] & Bit(k.second)) != 0;
  k.partner_second = k.second >= 0 && (hands[partner] & Bit(k.second)) != 0;
  k.opp_singleton_top = (lho_len == 1 && (hands[lho] & Bit(k.highest)) != 0) ||
                        (rho_len == 1 && (hands[rho] & Bit(k.highest)) != 0);
  k.partner_best = (hands[partner] & lane) != 0 ? Top(hands[partner] & lane) : 0;
  const uint64_t opp = (hands[lho] | hands[rho]) & lane;
  k.opp_best = opp != 0 ? Top(opp) : 0;
  return k;
}

int LeadWeight(const LeadSuit& k, int card, uint64_t group) {
  const int rank = RankOf(card);
  const bool second_with_equal =
      k.own_second && (group & Bit(k.second)) != 0 && std::popcount(group) >= 2;
  // Does the side take this trick with best play by everyone?
  const int ours = rank > RankOf(k.partner_best) ? rank : RankOf(k.partner_best);
  const bool wins = !k.ruffable && ours > RankOf(k.opp_best);
  const int d = k.delta;
  if (wins) {
    if (k.opp_singleton_top) return d + 40 - rank;
    if (k.own_top) {
      return k.partner_second ? d + 50 - rank : card == k.highest ? d + 31 : d + 19 - rank;
    }
    if (k.partner_top) return k.own_second ? d + 50 - rank : d + 35 - rank;
    if (second_with_equal) return d + 40;
    return d + 30 - rank;
  }
  if (k.opp_singleton_top) return d + 29 - rank;
  if (k.own_top) {
    return k.partner_second ? d + 44 - rank : card == k.highest ? d + 25 : d + 13 - rank;
  }
  if (k.partner_top) return k.own_second ? d + 44 - rank : d + 29 - rank;
  if (second_with_equal) return d + 29;
  return d + 13 - rank;
}

// What the weights of the cards a hand may play to a trick in progress share.
struct FollowTrick {
  int position = 1;  // cards already on the table
  int led = 0;
  bool void_in_led = false;
  int winning = 0;  // the card winning so far, and its seat
  int winning_seat = 0;
  bool partner_winning = false;
  int rest_best = -1;  // the strongest card the players still to come can play, and its seat
  int rest_seat = 0;
};

int FollowWeight(const FollowTrick& k, const uint64_t* hands, int trump, int seat, int card,
                 uint64_t group) {
  const int rank = RankOf(card);
  const bool beats = Beats(card, k.winning, trump);
  const bool is_trump = SuitOf(card) == trump;
  const bool has_equal = std::popcount(group) >= 2;

  // Bonus of the suit discarded from (or ruffed with) when void in the suit led.
  int suit_add = 0;
  if (k.void_in_led) {
    const uint64_t own = hands[seat] & Lane(SuitOf(card));
    const int len = std::popcount(own);
    suit_add = len * 64 / 36;
    if (len == 2) {
      const uint64_t live = (hands[0] | hands[1] | hands[2] | hands[3]) & Lane(SuitOf(card));
      const uint64_t below_top = live & ~Bit(Top(live));
      if (below_top != 0 && (own & Bit(Top(below_top))) != 0) suit_add -= 2;
    }
  }

  // Does the side take this trick if everyone still to play plays their strongest card?
  int top = beats ? card : k.winning;
  int top_seat = beats ? seat : k.winning_seat;
  if (k.rest_best >= 0 && Beats(k.rest_best, top, trump)) top_seat = k.rest_seat;
  const bool wins = (top_seat & 1) == (seat & 1);

  if (k.position == 1) {  // second hand
    if (wins) {
      if (k.void_in_led) return (is_trump ? 30 : 60) - rank + suit_add;
      if (beats) return (has_equal ? 70 : 60) - rank;
      return 45 - rank;
    }
    if (k.void_in_led) return (is_trump ? 15 : 0) - rank + suit_add;
    if (beats) return (has_equal ? 20 : 10) - rank;
    return -rank;
  }
  if (k.position == 2) {  // third hand
    if (wins) {
      if (k.void_in_led) {
        if (k.partner_winning) return (is_trump && k.led != trump ? 30 : 60) - rank + suit_add;
        if (is_trump && beats) return 70 - rank + suit_add;
        return 30 - rank + suit_add;
      }
      return 60 - rank;
    }
    if (k.void_in_led) {
      if (is_trump && beats) return 40 - rank + suit_add;
      if (is_trump) return -15 - rank + suit_add;
      return -rank + suit_add;
    }
    if (beats) return has_equal ? 20 - rank : 10 - rank;
    return -10 - rank;
  }
  // fourth hand
  if (k.void_in_led) {
    if (k.partner_winning) return (is_trump ? 14 : 30) - rank + suit_add;
    if (is_trump && beats) return 30 - rank + suit_add;
    if (is_trump) return -rank;
    return 14 - rank + suit_add;
  }
  if (k.partner_winning) return (beats ? 24 : 30) - rank;
  if (beats) return 30 - rank;
  return 14 - rank;
}

}  // namespace

int DoubleDummySolver::GenerateMoves(int seat, Move* moves, int hint, int killer) const {
  const uint64_t hand = hands_[seat];
  uint64_t legal = hand;
  uint64_t others = (hands_[0] | hands_[1] | hands_[2] | hands_[3]) & ~hand;
  if (table_count_ > 0) {
    const uint64_t in_led = hand & Lane(SuitOf(table_cards_[0]));
    if (in_led != 0) legal = in_led;
    for (int i = 0; i < table_count_; ++i) others |= Bit(table_cards_[i]);
  }
  // One group of equivalent cards (often a forced card): nothing to order.
  const int high = Top(legal), low = Bottom(legal);
  if ((legal & ~Lane(SuitOf(high))) == 0 && (others & Below(high) & Above(low)) == 0) {
    moves[0] = Move{high, 0, legal};
    return 1;
  }
  FollowTrick follow;
  if (table_count_ > 0) {
    follow.position = table_count_;
    follow.led = SuitOf(table_cards_[0]);
    follow.void_in_led = (hand & Lane(follow.led)) == 0;
    int w = 0;
    for (int i = 1; i < table_count_; ++i) {
      if (Beats(table_cards_[i], table_cards_[w], trump_)) w = i;
    }
    follow.winning = table_cards_[w];
    follow.winning_seat = (leader_ + w) & 3;
    follow.partner_winning = follow.winning_seat == Partner(seat);
    for (int i = table_count_ + 1; i < 4; ++i) {
      const int other = (leader_ + i) & 3;
      const int strongest = Strongest(hands_[other], follow.led, trump_);
      if (strongest >= 0 && (follow.rest_best < 0 || Beats(strongest, follow.rest_best, trump_))) {
        follow.rest_best = strongest;
        follow.rest_seat = other;
      }
    }
  }
  int n = 0;
  for (int s = 0; s < 4; ++s) {
    uint64_t cards = legal & Lane(s);
    if (cards == 0) continue;
    LeadSuit lead;
    if (table_count_ == 0) lead = MakeLeadSuit(hands_, trump_, seat, s);
    while (cards != 0) {
      // A group: the highest card left and the cards below it down to the next card of another.
      const int top = Top(cards);
      const uint64_t others_below = others & Below(top);
      const uint64_t floor = others_below != 0 ? Above(Top(others_below)) : Lane(s);
      const uint64_t group = cards & floor;
      cards &= ~group;
      int weight;
      if (table_count_ == 0) {
        weight = LeadWeight(lead, top, group);
        if (killer > 0 && (group & Bit(killer)) != 0) weight += 52;
        if (hint >= 0 && (group & Bit(hint)) != 0) weight += 11;
      } else {
        weight = FollowWeight(follow, hands_, trump_, seat, top, group);
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
