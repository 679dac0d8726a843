#include "engine/games/bridge/dd/dd_follow_weights.h"

#include <bit>

#include "engine/games/bridge/dd/dd_bits.h"

namespace kibitzer::bridge::dd {
namespace {

// The highest and lowest rank of a holding in one suit, 0 when it is empty.
int Hi(uint64_t cards) { return cards != 0 ? RankOf(Top(cards)) : 0; }
int Lo(uint64_t cards) { return cards != 0 ? RankOf(Bottom(cards)) : 0; }

// What every weight of one node reads.
struct View {
  const uint64_t* hands;
  int trump;
  bool trump_game;  // trumps are still out
  int leader, third, fourth, seat;
  int lead;  // the card led
  int led;   // its suit
  int lead_rank;
  uint64_t all;  // the cards of the trick's start: the hands and the table
  int win[3];    // the card winning after each card played
  int high[3];   // and its place in the trick
  int count;

  uint64_t In(int hand, int suit) const { return hands[hand] & Lane(suit); }
  uint64_t Trumps(int hand) const { return trump_game ? In(hand, trump) : 0; }
  // 1 for the highest card of its suit at the trick's start, 2 for the next, ...
  int Rel(int card) const {
    return 1 + std::popcount(all & Lane(SuitOf(card)) & ~((Bit(card) << 1) - 1));
  }
  // Whether `seat` holds the highest (k = 0) or second highest (k = 1) card of `suit`.
  bool Holds(int suit, int k) const {
    uint64_t cards = all & Lane(suit);
    for (; k > 0 && cards != 0; --k) cards &= ~Bit(Top(cards));
    return cards != 0 && (hands[seat] & Bit(Top(cards))) != 0;
  }
  // The discard adjustment for a holding of `len` cards in `suit`: keep Kx and a bare ace.
  int Guard(int suit, int len, int kx, int bare_ace) const {
    if (len == 2 && Holds(suit, 1)) return -kx;
    if (len == 1 && Holds(suit, 0)) return -bare_ace;
    return 0;
  }
};

// Second hand, following suit.
int SecondFollows(const View& v, int card, bool sequence) {
  const int r = RankOf(card);
  const uint64_t third = v.In(v.third, v.led), fourth = v.In(v.fourth, v.led);
  const int max3 = Hi(third), maxpd = Hi(fourth), min3 = Lo(third), minpd = Lo(fourth);
  const int rel = v.Rel(card);
  if (!v.trump_game) {
    if (maxpd > v.lead_rank && maxpd > max3) return -r;  // partner beats both opponents
    if (r > v.lead_rank && r > max3) return 81 - r;
    if (min3 > r || minpd > r) return -3 + rel;
    if (r < v.lead_rank) return -11 + rel;
    return sequence ? 10 + rel : 13 - r;
  }
  bool win = false;
  const bool third_follows_or_no_trumps = max3 != 0 || v.Trumps(v.third) == 0;
  const bool fourth_ruffs = maxpd == 0 && v.Trumps(v.fourth) != 0;
  if (v.led == v.trump) {
    win = (maxpd > v.lead_rank && maxpd > max3) || (r > v.lead_rank && r > max3);
  } else if (r > v.lead_rank && r > max3) {
    win = third_follows_or_no_trumps || (fourth_ruffs && v.Trumps(v.fourth) > v.Trumps(v.third));
  } else if (maxpd > v.lead_rank && maxpd > max3) {
    win = third_follows_or_no_trumps;
  } else if (v.lead_rank > maxpd && v.lead_rank > max3 && v.lead_rank > r) {
    win = fourth_ruffs && (third_follows_or_no_trumps || v.Trumps(v.fourth) > v.Trumps(v.third));
  } else {
    win = fourth_ruffs;
  }
  if (win) {
    if (min3 > r) return 40 + rel;  // partner must win it
    if (maxpd > v.lead_rank && v.In(v.leader, v.led) > fourth) return 41 + rel;
    if (r > v.lead_rank) {
      if (r < maxpd) return 78 - r;
      if (r > max3) return 73 - r;
      return sequence ? 62 - r : 49 - r;
    }
    return maxpd > 0 ? 47 - r : 40 - r;
  }
  if (r < min3 || r < minpd) return -9 + rel;
  if (r < v.lead_rank) return -16 + rel;
  return sequence ? 22 - r : 10 - r;
}

// Second hand, out of the suit led: a discard or a ruff from a holding of `len` cards.
int SecondVoid(const View& v, int card, int len) {
  const int r = RankOf(card);
  const int suit = SuitOf(card);
  const uint64_t third = v.In(v.third, v.led), fourth = v.In(v.fourth, v.led);
  const uint64_t lead_bit = Bit(v.lead);
  const bool partner_tops = fourth > (third | lead_bit);
  if (!v.trump_game) {
    return -r + (partner_tops ? len * 64 / 23 + v.Guard(suit, len, 2, 3)
                              : len * 64 / 33 + v.Guard(suit, len, 6, 8));
  }
  const int keep = v.Guard(suit, len, 4, 0);
  if (v.led == v.trump) return -r + (partner_tops ? len * 64 / 44 : len * 64 / 36 + keep);
  const int good = 60 + len * 64 / 44, poor = -2 + len * 64 / 36 + keep;
  if (suit != v.trump) {  // a discard on a side suit
    if (third != 0) {
      return -r + (partner_tops || (fourth == 0 && v.Trumps(v.fourth) != 0) ? good : poor);
    }
    if (fourth == 0 && v.Trumps(v.fourth) > v.Trumps(v.third)) return -r + good;
    if (v.Trumps(v.third) == 0 && fourth > lead_bit) return -r + good;
    return -r + poor;
  }
  // A ruff.
  if (third != 0) return 24 - r + len * 64 / 44;
  if (fourth == 0 && v.Trumps(v.fourth) != 0 && v.Trumps(v.fourth) > v.Trumps(v.third)) {
    return 24 - r + len * 64 / 44;
  }
  if (Bit(card) > v.Trumps(v.third)) return 24 - r + len * 64 / 44;
  return 15 - r + len * 64 / 36 + keep;
}

// The third hand's card that forces out the fourth hand's top card most cheaply, or that beats
// the second hand's winning card most cheaply: an index into `moves`, or -1.
int ForcingCard(const View& v, const WeightedCard* moves, int n) {
  const uint64_t fourth = v.In(v.fourth, v.led);
  if (fourth == 0) return -1;
  const uint64_t others = v.all & Lane(v.led) & ~fourth;
  // The fourth hand's best card below the run of cards equal to its top.
  int below_run = 0;
  int at = Top(fourth);
  for (uint64_t rest = fourth & ~Bit(at); rest != 0; rest &= ~Bit(Top(rest))) {
    const int next = Top(rest);
    if ((others & Above(next) & Below(at)) != 0) {
      below_run = RankOf(next);
      break;
    }
    at = next;
  }
  if (below_run == 0) return -1;
  const int beat = below_run > RankOf(v.win[1]) ? below_run : v.high[1] == 1 ? RankOf(v.win[1]) : 0;
  if (beat == 0) return -1;
  int k = 0;
  while (k < n && RankOf(moves[k].card) > beat) ++k;
  return k - 1;
}

// Third hand, following suit: fills every weight.
void ThirdFollows(const View& v, WeightedCard* moves, int n) {
  const uint64_t fourth = v.In(v.fourth, v.led);
  const int max4 = Hi(fourth), min4 = Lo(fourth), max3 = RankOf(moves[0].card);
  const int m1 = RankOf(v.win[1]);
  const bool partner_winning = v.high[1] == 0;
  for (int k = 0; k < n; ++k) moves[k].weight = -RankOf(moves[k].card);
  auto above = [&](int floor, int weight) {
    for (int k = 0; k < n; ++k) {
      if (RankOf(moves[k].card) > floor) moves[k].weight = weight - RankOf(moves[k].card);
    }
  };
  auto force = [&] {
    const int k = ForcingCard(v, moves, n);
    if (k >= 0) moves[k].weight += 20;
  };
  const int floor = m1 > max4 ? m1 : max4;
  if (!v.trump_game) {
    if ((partner_winning && v.lead_rank > max4) || max3 < min4 || max3 < m1) return;
    const bool can_force = max4 > max3 && max4 > m1;
    above(floor, 60);
    if (can_force) force();
    return;
  }
  if (v.led == v.trump) {
    if ((partner_winning && v.lead_rank > max4) || max3 < min4 || max3 < m1) return;
    if (max3 > max4) {
      above(floor, 58);
    } else {
      force();
    }
    return;
  }
  if (SuitOf(v.win[1]) == v.trump) return;  // the second hand ruffed
  if (partner_winning) {
    if (max4 == 0 || v.lead_rank > max4 || max3 < min4 || max3 < m1) return;
    if (max3 > max4) {
      above(max4, 58);
    } else {
      above(floor, 60);
      force();
    }
    return;
  }
  if (max4 == 0) {
    above(m1, 20);
    return;
  }
  if (max3 < min4 || max3 < m1) return;
  if (max3 > max4) {
    above(floor, 58);
    return;
  }
  above(floor, 60);
  force();
}

// The seat that held `card` when the trick began.
int HolderAtStart(const View& v, const int* table, int card) {
  for (int i = 0; i < v.count; ++i) {
    if (table[i] == card) return (v.leader + i) & 3;
  }
  for (int h = 0; h < 4; ++h) {
    if ((v.hands[h] & Bit(card)) != 0) return h;
  }
  return -1;
}

// Third hand, out of the suit led.
int ThirdVoid(const View& v, const int* table, int card, int len) {
  const int r = RankOf(card);
  const int suit = SuitOf(card);
  if (!v.trump_game) return -r + len * 64 / 24 + v.Guard(suit, len, 4, 4);
  if (v.led == v.trump || suit != v.trump) return -r + len * 64 / 40;
  const int max4 = Hi(v.In(v.fourth, v.led));
  const int m1 = RankOf(v.win[1]);
  if (v.high[1] == 0 && v.lead_rank > max4 && (max4 != 0 || v.Trumps(v.fourth) == 0)) {
    return -r - 50;  // do not ruff partner's sure winner
  }
  if (SuitOf(v.win[1]) == v.trump && r < m1) return -32 + v.Rel(card) + len * 64 / 40;
  const int add = len * 64 / 50;
  const bool over_fourth = Bit(card) > v.Trumps(v.fourth);
  if (v.high[1] == 0) {
    if (max4 != 0) {
      uint64_t led_cards = v.all & Lane(v.led);
      led_cards &= ~Bit(Top(led_cards));
      const bool leader_second =
          led_cards != 0 && HolderAtStart(v, table, Top(led_cards)) == v.leader;
      return (leader_second ? 36 : 48) - r + add;
    }
    return (over_fourth ? 48 : -12) - r + add;
  }
  if (max4 != 0) return 72 - r + add;
  return (over_fourth ? 48 : 36) - r + add;
}

// Fourth hand.
int FourthWeight(const View& v, int card, int len, bool void_in_led) {
  const int r = RankOf(card);
  const int suit = SuitOf(card);
  const int w2 = RankOf(v.win[2]);
  const bool ruffed = v.led != v.trump && SuitOf(v.win[2]) == v.trump;
  if (!void_in_led) return v.high[2] == 1 || ruffed ? -r : r > w2 ? 30 - r : -r;
  if (!v.trump_game) return -r + len * 64 / 27 + v.Guard(suit, len, 6, 8);
  const int val = len * 64 / 24 + v.Guard(suit, len, 2, 0);
  if (v.led == v.trump) return -r + val;
  if (v.high[2] == 1) return (suit == v.trump ? 2 : 25) - r + val;
  if (ruffed) {
    if (suit != v.trump) return 14 - r + val;
    return r > w2 ? 33 + v.Rel(card) : -13 + v.Rel(card);
  }
  return suit == v.trump ? 33 + v.Rel(card) : 14 - r + val;
}

}  // namespace

void FollowWeights(const TrickInProgress& trick, WeightedCard* moves, int n) {
  View v;
  v.hands = trick.hands;
  v.trump = trick.trump;
  v.leader = trick.leader;
  v.third = Partner(trick.leader);
  v.fourth = (trick.leader + 3) & 3;
  v.seat = (trick.leader + trick.count) & 3;
  v.count = trick.count;
  v.lead = trick.table[0];
  v.led = SuitOf(v.lead);
  v.lead_rank = RankOf(v.lead);
  v.all = trick.hands[0] | trick.hands[1] | trick.hands[2] | trick.hands[3];
  for (int i = 0; i < trick.count; ++i) v.all |= Bit(trick.table[i]);
  v.trump_game = trick.trump != kNoTrump && (v.all & Lane(trick.trump)) != 0;
  v.win[0] = v.lead;
  v.high[0] = 0;
  for (int i = 1; i < trick.count; ++i) {
    const bool beats = Beats(trick.table[i], v.win[i - 1], trick.trump);
    v.win[i] = beats ? trick.table[i] : v.win[i - 1];
    v.high[i] = beats ? i : v.high[i - 1];
  }
  const bool void_in_led = v.In(v.seat, v.led) == 0;
  if (trick.count == 2 && !void_in_led) {
    ThirdFollows(v, moves, n);
    return;
  }
  for (int k = 0; k < n; ++k) {
    const int card = moves[k].card;
    const int len = std::popcount(v.In(v.seat, SuitOf(card)));
    if (trick.count == 1) {
      moves[k].weight = void_in_led ? SecondVoid(v, card, len)
                                    : SecondFollows(v, card, std::popcount(moves[k].group) >= 2);
    } else if (trick.count == 2) {
      moves[k].weight = ThirdVoid(v, trick.table, card, len);
    } else {
      moves[k].weight = FourthWeight(v, card, len, void_in_led);
    }
  }
}

}  // namespace kibitzer::bridge::dd
