#include "engine/games/bridge/dd_solver.h"

#include <bit>

namespace kibitzer::bridge {
namespace {

constexpr uint64_t Bit(int card) { return uint64_t{1} << card; }
constexpr uint64_t SuitLane(int suit) { return kSuitMask << (16 * suit); }
// Cards of the same suit strictly above `card`.
constexpr uint64_t Above(int card) { return SuitLane(SuitOf(card)) & ~((Bit(card) << 1) - 1); }

constexpr uint64_t Mix(uint64_t x) {
  x ^= x >> 33;
  x *= 0xFF51AFD7ED558CCDULL;
  x ^= x >> 33;
  x *= 0xC4CEB9FE1A85EC53ULL;
  x ^= x >> 33;
  return x;
}

// Index in play order of the card winning cards[0..count).
int WinningIndex(const int* cards, int count, int trump) {
  int best = 0;
  for (int i = 1; i < count; ++i) {
    const int c = cards[i], b = cards[best];
    if (SuitOf(c) == SuitOf(b) ? RankOf(c) > RankOf(b) : SuitOf(c) == trump) best = i;
  }
  return best;
}

// Whether `lower` and `higher` (same suit, same hand) are equivalent: no card of `others` (the live
// cards of the other hands and the table) lies between them.
bool Touching(uint64_t others, int higher, int lower) {
  return (others & Above(lower) & ~Above(higher) & ~Bit(higher)) == 0;
}

bool Beats(int card, int winning, int trump) {
  if (SuitOf(card) == SuitOf(winning)) return RankOf(card) > RankOf(winning);
  return SuitOf(card) == trump;
}

}  // namespace

struct DoubleDummySolver::Entry {
  uint64_t key = 0;
  int8_t lower = 0;  // bounds of the tricks North-South take from this trick boundary on
  int8_t upper = 0;
  uint8_t best_card = 0;    // 0: none
  uint8_t tricks_left = 0;  // 0: empty slot
};

DoubleDummySolver::DoubleDummySolver(Options options) {
  const size_t bytes =
      static_cast<size_t>(options.table_megabytes < 1 ? 1 : options.table_megabytes) << 20;
  const size_t entries = std::bit_floor(bytes / sizeof(Entry));
  table_ = std::make_unique<Entry[]>(entries);
  table_mask_ = entries - 1;
}

DoubleDummySolver::~DoubleDummySolver() = default;

void DoubleDummySolver::ClearTable() {
  for (size_t i = 0; i <= table_mask_; ++i) table_[i] = Entry{};
}

void DoubleDummySolver::Load(const PlayPosition& position) {
  for (int s = 0; s < 4; ++s) hands_[s] = position.hands[s].mask();
  trump_ = position.trump;
  leader_ = position.leader;
  table_count_ = position.table_count;
  for (int i = 0; i < table_count_; ++i) table_cards_[i] = position.table[i];
  ns_tricks_ = 0;
}

uint64_t DoubleDummySolver::Key() const {
  // The value depends only on the order of the live cards within each suit, not on their ranks:
  // key on each hand's cards renumbered from the top of each suit (the k-th highest live card of
  // a suit becomes rank 14 - k), so positions reached by different play share an entry.
  uint64_t relative[4] = {};
  for (int s = 0; s < 4; ++s) {
    const uint64_t lane = SuitLane(s);
    uint64_t live = (hands_[0] | hands_[1] | hands_[2] | hands_[3]) & lane;
    int rank = 14;
    while (live != 0) {
      const int card = 63 - std::countl_zero(live);
      live &= ~Bit(card);
      for (int h = 0; h < 4; ++h) {
        if (hands_[h] & Bit(card)) {
          relative[h] |= Bit(MakeCard(s, rank));
          break;
        }
      }
      --rank;
    }
  }
  uint64_t h = Mix(static_cast<uint64_t>(trump_ * 4 + leader_) + 0x9E3779B97F4A7C15ULL);
  for (uint64_t hand : relative) h = Mix(h ^ hand);
  return h | 1;  // never 0, the empty key
}

int DoubleDummySolver::ToRelative(int card) const {
  const uint64_t live = (hands_[0] | hands_[1] | hands_[2] | hands_[3]) & Above(card);
  return MakeCard(SuitOf(card), 14 - std::popcount(live));
}

int DoubleDummySolver::FromRelative(int relative_card) const {
  uint64_t live = (hands_[0] | hands_[1] | hands_[2] | hands_[3]) & SuitLane(SuitOf(relative_card));
  for (int skip = 14 - RankOf(relative_card); skip > 0 && live != 0; --skip) {
    live &= ~Bit(63 - std::countl_zero(live));
  }
  return live == 0 ? 0 : 63 - std::countl_zero(live);
}

DoubleDummySolver::Entry* DoubleDummySolver::Probe(uint64_t key) {
  ++probes_;
  Entry* bucket = &table_[key & table_mask_ & ~size_t{3}];
  for (int i = 0; i < 4; ++i) {
    if (bucket[i].key == key) {
      ++hits_;
      return &bucket[i];
    }
  }
  return nullptr;
}

void DoubleDummySolver::Store(uint64_t key, int lower, int upper, int best_card, int tricks_left) {
  Entry* bucket = &table_[key & table_mask_ & ~size_t{3}];
  Entry* slot = nullptr;
  for (int i = 0; i < 4; ++i) {
    if (bucket[i].key == key) {
      slot = &bucket[i];
      // Both bounds hold at once: keep the tighter of each.
      lower = std::max<int>(lower, slot->lower);
      upper = std::min<int>(upper, slot->upper);
      if (lower > upper) lower = upper;  // a key collision; keep the newer bound usable
      break;
    }
  }
  if (slot == nullptr) {
    // Replace the entry with the fewest tricks left (the cheapest to search again).
    slot = &bucket[0];
    for (int i = 1; i < 4; ++i) {
      if (bucket[i].tricks_left < slot->tricks_left) slot = &bucket[i];
    }
  }
  slot->key = key;
  slot->lower = static_cast<int8_t>(lower);
  slot->upper = static_cast<int8_t>(upper);
  slot->best_card = static_cast<uint8_t>(best_card);
  slot->tricks_left = static_cast<uint8_t>(tricks_left);
}

int DoubleDummySolver::QuickTricks(int leader) const {
  const uint64_t live = hands_[0] | hands_[1] | hands_[2] | hands_[3];
  const uint64_t mine = hands_[leader];
  const int lho = NextSeat(leader), rho = (leader + 3) & 3;
  int total = 0;
  for (int s = 0; s < 4; ++s) {
    const uint64_t lane = SuitLane(s);
    uint64_t live_s = live & lane;
    int run = 0;
    while (live_s != 0) {
      const int top = 63 - std::countl_zero(live_s);
      if ((mine & Bit(top)) == 0) break;
      ++run;
      live_s &= ~Bit(top);
    }
    if (run == 0) continue;
    if (trump_ != kNoTrump && s != trump_) {
      // An opponent out of the suit could ruff: count only rounds both still follow to.
      const uint64_t trumps = SuitLane(trump_);
      for (int opp : {lho, rho}) {
        if ((hands_[opp] & trumps) != 0) run = std::min(run, std::popcount(hands_[opp] & lane));
      }
    }
    total += run;
  }
  return std::min(total, std::popcount(mine));
}

int DoubleDummySolver::GenerateMoves(int seat, int* moves) const {
  const uint64_t hand = hands_[seat];
  uint64_t legal = hand;
  uint64_t live = hands_[0] | hands_[1] | hands_[2] | hands_[3];
  for (int i = 0; i < table_count_; ++i) live |= Bit(table_cards_[i]);
  if (table_count_ > 0) {
    const uint64_t follow = hand & SuitLane(SuitOf(table_cards_[0]));
    if (follow != 0) legal = follow;
  }
  int winning = -1;
  bool partner_winning = false;
  if (table_count_ > 0) {
    const int w = WinningIndex(table_cards_, table_count_, trump_);
    winning = table_cards_[w];
    partner_winning = ((leader_ + w) & 3) == Partner(seat);
  }

  int scores[13];
  int n = 0;
  for (int s = 0; s < 4; ++s) {
    uint64_t cards = legal & SuitLane(s);
    while (cards != 0) {
      // One group: from the highest remaining card down while no live card lies between.
      const int top = 63 - std::countl_zero(cards);
      int low = top;
      cards &= ~Bit(top);
      while (cards != 0) {
        const int next = 63 - std::countl_zero(cards);
        if (!Touching(live & ~hand, low, next)) break;
        low = next;
        cards &= ~Bit(next);
      }
      int score;
      if (table_count_ == 0) {
        const uint64_t lane_live = live & SuitLane(s);
        const bool top_card = (lane_live & Above(top)) == 0;
        const int partner = Partner(seat);
        const bool partner_top = !top_card && lane_live != 0 &&
                                 (hands_[partner] & Bit(63 - std::countl_zero(lane_live)));
        bool ruffable = false;
        if (trump_ != kNoTrump && s != trump_) {
          for (int opp : {NextSeat(seat), (seat + 3) & 3}) {
            if ((hands_[opp] & SuitLane(s)) == 0 && (hands_[opp] & SuitLane(trump_)) != 0) {
              ruffable = true;
            }
          }
        }
        score = (14 - RankOf(low));
        if (!ruffable && top_card) score += 60;
        if (!ruffable && partner_top) score += 40;
      } else if (partner_winning) {
        score = 20 - RankOf(low);
      } else if (Beats(low, winning, trump_)) {
        score = 50 - RankOf(low);  // the cheapest card that wins
      } else if (Beats(top, winning, trump_)) {
        score = 50 - RankOf(top);  // the group wins only with its top: play that
        low = top;
      } else {
        score = 20 - RankOf(low);
      }
      moves[n] = low;
      scores[n] = score;
      ++n;
    }
  }
  // Insertion sort, best score first; stable, so ties keep suit and rank order.
  for (int i = 1; i < n; ++i) {
    const int m = moves[i], sc = scores[i];
    int j = i;
    while (j > 0 && scores[j - 1] < sc) {
      moves[j] = moves[j - 1];
      scores[j] = scores[j - 1];
      --j;
    }
    moves[j] = m;
    scores[j] = sc;
  }
  return n;
}

int DoubleDummySolver::Search(int alpha, int beta) {
  ++nodes_;
  if (control_ != nullptr && control_->PollEvery(nodes_)) {
    aborted_ = true;
    return 0;
  }
  uint64_t key = 0;
  int hint = 0;
  int left = 0;
  if (table_count_ == 0) {
    left = std::popcount(hands_[leader_]);
    if (ns_tricks_ >= beta) return ns_tricks_;
    if (ns_tricks_ + left <= alpha) return ns_tricks_ + left;
    if (left == 1) {
      int cards[4];
      for (int i = 0; i < 4; ++i) cards[i] = std::countr_zero(hands_[(leader_ + i) & 3]);
      const int winner = (leader_ + WinningIndex(cards, 4, trump_)) & 3;
      return ns_tricks_ + (IsNorthSouth(winner) ? 1 : 0);
    }
    key = Key();
    if (const Entry* e = Probe(key)) {
      const int lo = ns_tricks_ + e->lower, hi = ns_tricks_ + e->upper;
      if (lo >= beta) return lo;
      if (hi <= alpha) return hi;
      if (e->best_card != 0) hint = FromRelative(e->best_card);
    }
    const int quick = QuickTricks(leader_);
    if (IsNorthSouth(leader_)) {
      if (ns_tricks_ + quick >= beta) return ns_tricks_ + quick;
    } else if (ns_tricks_ + left - quick <= alpha) {
      return ns_tricks_ + left - quick;
    }
  }

  const int seat = (leader_ + table_count_) & 3;
  int moves[13];
  const int n = GenerateMoves(seat, moves);
  if (hint != 0) {
    for (int i = 1; i < n; ++i) {
      if (moves[i] == hint) {
        for (int j = i; j > 0; --j) moves[j] = moves[j - 1];
        moves[0] = hint;
        break;
      }
    }
  }

  const bool maximize = IsNorthSouth(seat);
  const int alpha_in = alpha, beta_in = beta;
  int best = maximize ? -1 : 64;
  int best_card = moves[0];
  for (int i = 0; i < n; ++i) {
    const int card = moves[i];
    hands_[seat] &= ~Bit(card);
    table_cards_[table_count_] = card;
    int value;
    if (table_count_ == 3) {
      const int winner = (leader_ + WinningIndex(table_cards_, 4, trump_)) & 3;
      const int saved_leader = leader_;
      const int saved_table[3] = {table_cards_[0], table_cards_[1], table_cards_[2]};
      const int won = IsNorthSouth(winner) ? 1 : 0;
      ns_tricks_ += won;
      leader_ = winner;
      table_count_ = 0;
      value = Search(alpha, beta);
      // The next trick reused the table: put this one back.
      table_cards_[0] = saved_table[0];
      table_cards_[1] = saved_table[1];
      table_cards_[2] = saved_table[2];
      table_count_ = 3;
      leader_ = saved_leader;
      ns_tricks_ -= won;
    } else {
      ++table_count_;
      value = Search(alpha, beta);
      --table_count_;
    }
    hands_[seat] |= Bit(card);
    if (aborted_) return 0;
    if (maximize) {
      if (value > best) {
        best = value;
        best_card = card;
      }
      if (best > alpha) alpha = best;
    } else {
      if (value < best) {
        best = value;
        best_card = card;
      }
      if (best < beta) beta = best;
    }
    if (alpha >= beta) break;
  }

  if (table_count_ == 0) {
    const int rel = best - ns_tricks_;
    const int lower = best >= beta_in ? rel : (best <= alpha_in ? 0 : rel);
    const int upper = best <= alpha_in ? rel : (best >= beta_in ? left : rel);
    Store(key, lower, upper, ToRelative(best_card), left);
  }
  return best;
}

int DoubleDummySolver::SolveLoaded() {
  int cards = table_count_;
  for (uint64_t h : hands_) cards += std::popcount(h);
  int lo = 0, hi = (cards + 3) / 4;
  while (lo < hi && !aborted_) {
    const int mid = (lo + hi + 1) / 2;
    const int v = Search(mid - 1, mid);
    if (aborted_) break;
    if (v >= mid) {
      lo = v;
    } else {
      hi = v;
    }
  }
  return lo;
}

int DoubleDummySolver::Solve(const PlayPosition& position, core::SearchControl* control) {
  control_ = control;
  aborted_ = false;
  Load(position);
  const int ns = SolveLoaded();
  const int left = position.TricksLeft();
  return IsNorthSouth(position.ToMove()) ? ns : left - ns;
}

std::vector<std::vector<int>> DoubleDummySolver::CardGroups(const PlayPosition& position) {
  uint64_t live = 0;
  for (const CardSet& h : position.hands) live |= h.mask();
  for (int t = 0; t < position.table_count; ++t) live |= Bit(position.table[t]);
  const uint64_t hand = position.hands[position.ToMove()].mask();
  std::vector<std::vector<int>> groups;
  for (int s = 0; s < 4; ++s) {
    uint64_t cards = position.LegalCards().mask() & SuitLane(s);
    int prev = -1;
    while (cards != 0) {
      const int card = 63 - std::countl_zero(cards);
      cards &= ~Bit(card);
      if (prev < 0 || !Touching(live & ~hand, prev, card)) groups.emplace_back();
      groups.back().push_back(card);
      prev = card;
    }
  }
  return groups;
}

int DoubleDummySolver::SolveCard(const PlayPosition& position, int card,
                                 core::SearchControl* control) {
  control_ = control;
  aborted_ = false;
  PlayPosition next = position;
  next.Play(card);
  Load(next);
  const int ns = (next.ns_tricks - position.ns_tricks) + SolveLoaded();
  return IsNorthSouth(position.ToMove()) ? ns : position.TricksLeft() - ns;
}

std::vector<std::pair<int, int>> DoubleDummySolver::SolveCards(const PlayPosition& position,
                                                               core::SearchControl* control) {
  std::vector<std::pair<int, int>> values;
  for (const std::vector<int>& group : CardGroups(position)) {
    const int value = SolveCard(position, group.back(), control);
    if (aborted_) break;
    for (int card : group) values.emplace_back(card, value);
  }
  return values;
}

}  // namespace kibitzer::bridge
