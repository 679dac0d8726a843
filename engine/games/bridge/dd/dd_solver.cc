#include "engine/games/bridge/dd/dd_solver.h"

#include <algorithm>
#include <bit>

#include "engine/games/bridge/dd/dd_bits.h"

namespace kibitzer::bridge {

using dd::Above;
using dd::Below;
using dd::Bit;
using dd::Bottom;
using dd::Lane;
using dd::Top;
using dd::TopRun;

namespace {

// A first guess of the tricks the side to move takes, from its share of the high-card points
// still out (ace 4, king 3, queen 2, jack 1) and, with a trump suit, its trumps against the
// other side's: within a trick of the value on most deals, so the searches that find the value
// start near it.
int EstimateTricks(const PlayPosition& p) {
  const int seat = p.ToMove();
  const uint64_t ours = p.hands[seat].mask() | p.hands[Partner(seat)].mask();
  const uint64_t theirs = p.hands[NextSeat(seat)].mask() | p.hands[Partner(NextSeat(seat))].mask();
  auto points = [](uint64_t cards) {
    int hcp = 0;
    for (int rank = 11; rank <= 14; ++rank) {
      hcp += (rank - 10) * std::popcount(cards & (0x0001000100010001ULL << rank));
    }
    return hcp;
  };
  const int left = p.TricksLeft(), mine = points(ours), all = mine + points(theirs);
  double tricks = all == 0 ? left / 2.0 : static_cast<double>(left) * mine / all;
  if (p.trump != kNoTrump) {
    tricks += 0.35 * (std::popcount(ours & Lane(p.trump)) - std::popcount(theirs & Lane(p.trump)));
  }
  return std::clamp(static_cast<int>(tricks + 0.5), 0, left);
}

// Index in play order of the card winning cards[0..count).
int WinningIndex(const int* cards, int count, int trump) {
  int best = 0;
  for (int i = 1; i < count; ++i) {
    if (dd::Beats(cards[i], cards[best], trump)) best = i;
  }
  return best;
}

// The winning card of a complete trick if it won by rank (beat another card of its suit), else -1.
int RankWinner(const int* cards, int winner) {
  for (int i = 0; i < 4; ++i) {
    if (i != winner && SuitOf(cards[i]) == SuitOf(cards[winner])) return cards[winner];
  }
  return -1;
}

// In each suit holding a relevant card, every live card from the lowest relevant one up: the
// cards whose holders a table entry must match.
uint64_t CloseUpwards(uint64_t relevant, uint64_t live) {
  uint64_t out = 0;
  for (int s = 0; s < 4; ++s) {
    const uint64_t r = relevant & Lane(s);
    if (r != 0) out |= live & Lane(s) & ~(Bit(Bottom(r)) - 1);
  }
  return out;
}

// A card below every relevant card of its suit (`relevant`: what its search rested on) did what
// it did by no rank of its own: `hand`'s other cards of the suit below those relevant cards do the
// same. Those cards, or none when the card is not among them.
uint64_t SmallAlike(uint64_t relevant, int card, uint64_t hand) {
  const uint64_t suit_relevant = relevant & Lane(SuitOf(card));
  const uint64_t small = suit_relevant == 0 ? Lane(SuitOf(card)) : Below(Bottom(suit_relevant));
  return (small & Bit(card)) != 0 ? small & hand : 0;
}

}  // namespace

DoubleDummySolver::DoubleDummySolver(Options options) : table_(options.table_megabytes) {
  holders_.fill(-1);
}

size_t DoubleDummySolver::TableBytes(int table_megabytes) {
  return dd::PartitionTable::Bytes(table_megabytes);
}

DoubleDummySolver::~DoubleDummySolver() = default;

void DoubleDummySolver::ClearTable() {
  table_.Clear();
  // The killer cards are learned too: left over, they would make the next deal's search depend on
  // which deals this solver saw before (and the Monte Carlo node counts on the thread count).
  std::fill(std::begin(killers_), std::end(killers_), 0);
  holders_.fill(-1);
}

void DoubleDummySolver::ClearTableForNewDeal(const PlayPosition& position) {
  std::array<int8_t, 64> now;
  now.fill(-1);
  for (int seat = 0; seat < 4; ++seat) {
    for (uint64_t m = position.hands[seat].mask(); m != 0; m &= m - 1) {
      now[static_cast<size_t>(Bottom(m))] = static_cast<int8_t>(seat);
    }
  }
  for (int i = 0; i < position.table_count; ++i) {
    now[static_cast<size_t>(position.table[i])] = static_cast<int8_t>((position.leader + i) & 3);
  }
  for (size_t c = 0; c < 64; ++c) {
    if (now[c] >= 0 && now[c] != holders_[c]) {
      ClearTable();
      holders_ = now;
      return;
    }
  }
}

void DoubleDummySolver::Load(const PlayPosition& position) {
  for (int s = 0; s < 4; ++s) hands_[s] = position.hands[s].mask();
  trump_ = position.trump;
  leader_ = position.leader;
  table_count_ = position.table_count;
  for (int i = 0; i < table_count_; ++i) table_cards_[i] = position.table[i];
  ns_tricks_ = 0;
  ply_ = 0;
}

bool DoubleDummySolver::LastTrick(int target, uint64_t& relevant) {
  int cards[4];
  for (int i = 0; i < 4; ++i) cards[i] = Bottom(hands_[(leader_ + i) & 3]);
  const int w = WinningIndex(cards, 4, trump_);
  const int by_rank = RankWinner(cards, w);
  relevant = by_rank >= 0 ? Bit(by_rank) : 0;
  return ns_tricks_ + (IsNorthSouth((leader_ + w) & 3) ? 1 : 0) >= target;
}

bool DoubleDummySolver::FourthHandCanWin(int seat, int w, uint64_t& relevant) const {
  const int winning = table_cards_[w];
  const uint64_t hand = hands_[seat];
  const uint64_t same = hand & Lane(SuitOf(winning));
  const uint64_t led = hand & Lane(SuitOf(table_cards_[0]));
  // What decides the trick is the card that finally wins it, when it wins by rank.
  bool by_rank = (led != 0 && SuitOf(winning) == SuitOf(table_cards_[0]));
  for (int i = 0; i < 3; ++i)
    by_rank = by_rank || (i != w && SuitOf(table_cards_[i]) == SuitOf(winning));
  relevant = by_rank ? Bit(winning) : 0;
  if (((leader_ + w) & 3) == Partner(seat)) return true;
  // The cheapest card that beats the winner: of its suit when following it, a trump when void.
  uint64_t beaters = 0;
  if (led != 0) {
    if (SuitOf(winning) == SuitOf(table_cards_[0])) beaters = same & ~((Bit(winning) << 1) - 1);
  } else if (trump_ != kNoTrump && (hand & Lane(trump_)) != 0) {
    if (SuitOf(winning) != trump_) {
      relevant = 0;  // a ruff wins, not by rank
      return true;
    }
    beaters = same & ~((Bit(winning) << 1) - 1);
    if (beaters == 0) relevant = Bit(winning);  // it beats every trump the fourth hand holds
  }
  if (beaters == 0) return false;
  relevant = Bit(Bottom(beaters));
  return true;
}

int DoubleDummySolver::SecondHandTricks(uint64_t& relevant) const {
  const int second = NextSeat(leader_), third = Partner(leader_), fourth = (leader_ + 3) & 3;
  const int lead = table_cards_[0];
  const int led = SuitOf(lead);
  const uint64_t lane = Lane(led);
  const uint64_t ours = (hands_[second] | hands_[fourth]) & lane;
  const bool side_suit = trump_ != kNoTrump && led != trump_;
  // The third hand can ruff: nothing is sure.
  if (side_suit && (hands_[third] & lane) == 0 && (hands_[third] & Lane(trump_)) != 0) return 0;
  if (side_suit && (hands_[third] & lane) != 0) {
    // The third hand follows: a ruff by the second or fourth hand wins, and not by rank.
    const uint64_t trumps = Lane(trump_);
    if (((hands_[second] & lane) == 0 && (hands_[second] & trumps) != 0) ||
        ((hands_[fourth] & lane) == 0 && (hands_[fourth] & trumps) != 0)) {
      relevant = 0;
      return 1;
    }
  }
  if (ours == 0) return 0;
  const int top = Top(ours);
  const uint64_t theirs = hands_[third] & lane;
  if (RankOf(top) < RankOf(lead) || (theirs != 0 && Top(theirs) > top)) return 0;
  // The fourth hand must follow with it; when the second holds it the fourth may ruff too.
  relevant = Bit(top);
  if (trump_ != kNoTrump) return 1;
  // At no trump the hand that wins goes on cashing: its next card of the suit when that is the
  // best one left, and the top card of each other suit (every card of a suit only it holds).
  const int hh = (hands_[second] & Bit(top)) != 0 ? second : fourth;
  const uint64_t live = hands_[0] | hands_[1] | hands_[2] | hands_[3];
  int tricks = 1;
  const uint64_t rest = live & lane & ~Bit(top);
  if (rest != 0 && (hands_[hh] & Bit(Top(rest))) != 0) {
    ++tricks;
    relevant |= Bit(Top(rest));
  }
  for (int s = 0; s < 4; ++s) {
    const uint64_t suit = live & Lane(s);
    if (s == led || (hands_[hh] & suit) == 0) continue;
    if ((suit & ~hands_[hh]) == 0) {
      tricks += std::popcount(suit);
    } else if ((hands_[hh] & Bit(Top(suit))) != 0) {
      ++tricks;
      relevant |= Bit(Top(suit));
    }
  }
  return tricks;
}

void DoubleDummySolver::StoreResult(const dd::TableQuery& query, uint64_t live, bool result,
                                    int target, uint64_t relevant, int best_card) {
  const int need = target - ns_tricks_;
  const int lower = result ? need : 0;
  const int upper = result ? query.tricks_left : need - 1;
  int best = 0;
  if (best_card >= 0 && result == IsNorthSouth(leader_)) {
    best = 1 + std::popcount(live & (Bit(best_card) - 1));
  }
  table_.Store(query, dd::Compress(CloseUpwards(relevant, live), live), lower, upper, best);
}

bool DoubleDummySolver::Search(int target, uint64_t& relevant) {
  ++nodes_;
  relevant = 0;
  if (control_ != nullptr && control_->PollEvery(nodes_)) {
    aborted_ = true;
    return false;
  }
  dd::TableQuery query;
  uint64_t live = 0;
  int hint = -1;
  // A root limited to some of its cards searches exactly those: no table, no bound that stands
  // for a card it may not play.
  const bool limited_root = ply_ == 0 && root_allowed_ != ~uint64_t{0};
  if (table_count_ == 0 && limited_root) {
    ++trick_nodes_;
  } else if (table_count_ == 0) {
    ++trick_nodes_;
    const int left = std::popcount(hands_[leader_]);
    if (ns_tricks_ >= target) return true;
    if (ns_tricks_ + left < target) return false;
    if (left == 1) return LastTrick(target, relevant);
    // The table first, then the quick and later tricks: DDS bounds first, but most positions
    // that reach here are in the table, and the bounds cost more than a lookup. (A table hit
    // may rest on more cards than the bound would, so there are some more nodes; fewer
    // instructions in all.)
    live = hands_[0] | hands_[1] | hands_[2] | hands_[3];
    query.lengths = dd::LaneCounts(hands_[0]) | dd::LaneCounts(hands_[1]) << 4 |
                    dd::LaneCounts(hands_[2]) << 8 | dd::LaneCounts(hands_[3]) << 12;
    query.leader = leader_;
    query.trump = trump_;
    query.tricks_left = left;
    query.plane0 = dd::Compress(hands_[1] | hands_[3], live);
    query.plane1 = dd::Compress(hands_[2] | hands_[3], live);
    int hint_index = -1;
    dd::TableHit hit;
    if (table_.Find(query, target - ns_tricks_, &hit, &hint_index)) {
      relevant = dd::ExpandTop(hit.mask, live);
      return hit.lower >= target - ns_tricks_;
    }
    if (hint_index >= 0) hint = dd::SelectLive(live, hint_index);
    const bool ns_leads = IsNorthSouth(leader_);
    uint64_t bound_cards = 0;
    // Tricks the side on lead must cash for a cutoff: target - ns_tricks_ for NS, else enough
    // that North-South can no longer reach the target.
    const int needed = ns_leads ? target - ns_tricks_ : ns_tricks_ + left - target + 1;
    const int quick = QuickTricks(leader_, needed, bound_cards);
    if (ns_leads ? ns_tricks_ + quick >= target : ns_tricks_ + left - quick < target) {
      relevant = bound_cards;
      return ns_leads;
    }
    const int later = LaterTricks(bound_cards);
    if (ns_leads ? ns_tricks_ + left - later < target : ns_tricks_ + later >= target) {
      relevant = bound_cards;
      return !ns_leads;
    }
  }

  const int seat = (leader_ + table_count_) & 3;
  // The fourth hand: the place in the trick of the card winning it so far.
  const int w3 = table_count_ == 3 ? WinningIndex(table_cards_, 3, trump_) : 0;
  if (table_count_ == 3 && !limited_root) {
    // Fourth hand: whether its side can take this trick is known; one trick may already decide.
    const int left = std::popcount(hands_[seat]);
    uint64_t by_rank = 0;
    const bool can_win = FourthHandCanWin(seat, w3, by_rank);
    const bool mine_ns = IsNorthSouth(seat);
    const bool ns_can_get = can_win == mine_ns;  // NS take this trick (if they want)
    if (ns_can_get ? ns_tricks_ + 1 >= target : ns_tricks_ + left - 1 < target) {
      relevant = by_rank;
      return ns_can_get;
    }
  }
  if (table_count_ == 1 && !limited_root) {
    // Second hand: when its side surely wins this trick, one trick may already decide.
    const int left = std::popcount(hands_[leader_]) + 1;
    const bool ns = IsNorthSouth(seat);
    uint64_t by_rank = 0;
    const int sure = std::min(SecondHandTricks(by_rank), left);
    if (sure > 0 && (ns ? ns_tricks_ + sure >= target : ns_tricks_ + left - sure < target)) {
      relevant = by_rank;
      return ns;
    }
  }
  Move* moves = moves_[ply_];
  const int n = table_count_ == 3 && (hands_[seat] & Lane(SuitOf(table_cards_[0]))) != 0
                    ? FourthHandFollows(seat, w3, moves)
                    : GenerateMoves(seat, moves, hint, killers_[ply_]);
  const bool maximizing = IsNorthSouth(seat);
  bool result = !maximizing;
  int best_card = -1;
  uint64_t all_relevant = 0;
  uint64_t skip = 0;  // small cards worth the same as one already searched
  for (int i = 0; i < n; ++i) {
    const int card = moves[i].card;
    if ((skip & Bit(card)) != 0) continue;
    if (limited_root && (moves[i].group & root_allowed_) == 0) continue;
    uint64_t child = 0;
    bool value;
    hands_[seat] &= ~Bit(card);
    table_cards_[table_count_] = card;
    ++ply_;
    if (table_count_ == 3) {
      const int w = dd::Beats(card, table_cards_[w3], trump_) ? 3 : w3;
      const int by_rank = RankWinner(table_cards_, w);
      const int saved_leader = leader_;
      const int saved[3] = {table_cards_[0], table_cards_[1], table_cards_[2]};
      const int won = IsNorthSouth((leader_ + w) & 3) ? 1 : 0;
      ns_tricks_ += won;
      leader_ = (leader_ + w) & 3;
      table_count_ = 0;
      value = Search(target, child);
      table_cards_[0] = saved[0];
      table_cards_[1] = saved[1];
      table_cards_[2] = saved[2];
      table_count_ = 3;
      leader_ = saved_leader;
      ns_tricks_ -= won;
      if (by_rank >= 0) child |= Bit(by_rank);
    } else {
      ++table_count_;
      value = Search(target, child);
      --table_count_;
    }
    --ply_;
    hands_[seat] |= Bit(card);
    if (aborted_) return false;
    if (value == maximizing) {
      result = value;
      best_card = card;
      killers_[ply_] = card;
      if (ply_ == 0) root_best_ = moves[i].group | SmallAlike(child, card, hands_[seat]);
      all_relevant = child;
      break;
    }
    all_relevant |= child;
    const uint64_t alike = SmallAlike(child, card, hands_[seat]);
    skip |= alike;
    if (ply_ == 0) root_failed_ |= moves[i].group | alike;
  }
  // When every card failed, a relevant card stands for the equivalent cards searched with it.
  // A cutoff rests on the one card played.
  if (best_card < 0) {
    for (int i = 0; i < n; ++i) {
      if ((all_relevant & moves[i].group) != 0) all_relevant |= moves[i].group;
    }
  }
  if (table_count_ == 0 && !limited_root) {
    StoreResult(query, live, result, target, all_relevant, best_card);
  }
  relevant = all_relevant;
  return result;
}

DoubleDummySolver::Bounds DoubleDummySolver::SolveLoaded(int guess, int known_lower,
                                                         int known_upper) {
  int cards = table_count_;
  for (uint64_t h : hands_) cards += std::popcount(h);
  int lower = 0, upper = cards / 4 + (cards % 4 != 0 ? 1 : 0);
  lower = std::max(lower, known_lower);
  if (known_upper >= 0) upper = std::min(upper, known_upper);
  if (lower > upper) lower = upper;
  int g = guess < 0 ? (upper + 1) / 2 : std::clamp(guess, lower, upper);
  while (lower < upper) {
    const int target = g <= lower ? lower + 1 : g;
    uint64_t relevant;
    const bool reached = Search(target, relevant);
    if (aborted_) break;
    if (reached) {
      lower = target;
      g = target;
    } else {
      upper = target - 1;
      g = upper;
    }
  }
  return {lower, upper};
}

int DoubleDummySolver::Solve(const PlayPosition& position, core::SearchControl* control,
                             int guess) {
  control_ = control;
  aborted_ = false;
  Load(position);
  const bool ns = IsNorthSouth(position.ToMove());
  const int left = position.TricksLeft();
  const int mine = guess < 0 ? EstimateTricks(position) : guess;
  const Bounds b = SolveLoaded(ns ? mine : left - mine);
  proven_ = ns ? b : Bounds{left - b.upper, left - b.lower};
  return proven_.lower;
}

std::vector<std::vector<int>> DoubleDummySolver::CardGroups(const PlayPosition& position) {
  uint64_t live = 0;
  for (const CardSet& h : position.hands) live |= h.mask();
  for (int t = 0; t < position.table_count; ++t) live |= Bit(position.table[t]);
  const uint64_t hand = position.hands[position.ToMove()].mask();
  const uint64_t others = live & ~hand;
  std::vector<std::vector<int>> groups;
  for (int s = 0; s < 4; ++s) {
    uint64_t cards = position.LegalCards().mask() & Lane(s);
    int prev = -1;
    while (cards != 0) {
      const int card = Top(cards);
      cards &= ~Bit(card);
      // Adjacent to the previous card: no card of the others lies between them.
      if (prev < 0 || (others & Above(card) & Below(prev)) != 0) groups.emplace_back();
      groups.back().push_back(card);
      prev = card;
    }
  }
  return groups;
}

int DoubleDummySolver::SolveCard(const PlayPosition& position, int card,
                                 core::SearchControl* control, int guess) {
  control_ = control;
  aborted_ = false;
  PlayPosition next = position;
  next.Play(card);
  Load(next);
  const bool ns = IsNorthSouth(position.ToMove());
  const int won = next.ns_tricks - position.ns_tricks;
  const int left = position.TricksLeft();
  const int ns_guess = guess < 0 ? -1 : (ns ? guess : left - guess) - won;
  const Bounds b = SolveLoaded(ns_guess < 0 ? -1 : ns_guess);
  const int lower = won + b.lower, upper = won + b.upper;
  proven_ = ns ? Bounds{lower, upper} : Bounds{left - upper, left - lower};
  return proven_.lower;
}

bool DoubleDummySolver::CardReaches(const PlayPosition& position, int card, int target,
                                    core::SearchControl* control) {
  control_ = control;
  aborted_ = false;
  PlayPosition next = position;
  next.Play(card);
  const int won = next.ns_tricks - position.ns_tricks;  // by completing the trick
  const bool ns = IsNorthSouth(position.ToMove());
  // North-South's tricks from `next` on that decide it.
  const int ns_target = ns ? target - won : position.TricksLeft() - target - won + 1;
  bool ns_reach;
  if (ns_target <= 0) {
    ns_reach = true;
  } else if (ns_target > next.TricksLeft()) {
    ns_reach = false;
  } else {
    Load(next);
    uint64_t relevant;
    ns_reach = Search(ns_target, relevant);
  }
  return ns_reach == ns;
}

bool DoubleDummySolver::RootReaches(int mover_target, bool mover_ns, int left) {
  uint64_t relevant;
  const int ns_target = mover_ns ? mover_target : left - mover_target + 1;
  const bool ns_reach = Search(ns_target, relevant);
  return ns_reach == mover_ns;
}

std::vector<std::pair<int, int>> DoubleDummySolver::SolveCards(const PlayPosition& position,
                                                               core::SearchControl* control,
                                                               uint64_t cards, int first_guess) {
  // As DDS's SolveBoard with all solutions: find the best card among those not yet valued, take
  // it out, and find the next best from the value of the last one down. A failed search proves
  // every remaining card short of its target at once.
  std::vector<std::pair<int, int>> values;
  control_ = control;
  aborted_ = false;
  Load(position);
  const bool mover_ns = IsNorthSouth(position.ToMove());
  const int left = position.TricksLeft();
  uint64_t remaining = position.LegalCards().mask() & cards;
  // The most each card can be worth, from the searches so far: a search that reaches its
  // target with one card shows the cards it tried first short of it.
  int8_t most[64];
  std::fill(std::begin(most), std::end(most), static_cast<int8_t>(left));
  auto record_failed = [&](uint64_t failed, int target) {
    for (; failed != 0; failed &= failed - 1) {
      int8_t& m = most[Bottom(failed)];
      m = static_cast<int8_t>(std::min<int>(m, target - 1));
    }
  };
  int guess = first_guess >= 0 ? first_guess : EstimateTricks(position);
  int upper = left;
  while (remaining != 0) {
    int lower = 0;
    uint64_t found = 0;
    int g = std::clamp(guess, 1, std::max(upper, 1));
    while (lower < upper) {
      root_allowed_ = 0;
      for (uint64_t r = remaining; r != 0; r &= r - 1) {
        if (most[Bottom(r)] >= g) root_allowed_ |= Bit(Bottom(r));
      }
      root_best_ = 0;
      root_failed_ = 0;
      const bool reached = root_allowed_ != 0 && RootReaches(g, mover_ns, left);
      if (aborted_) break;
      if (reached) {
        lower = g;
        found = root_best_ & remaining;
        record_failed(root_failed_ & remaining & ~found, g);
        ++g;
      } else {
        upper = g - 1;
        --g;
      }
    }
    if (aborted_) break;
    if (lower == 0) found = remaining;  // every card left is worth nothing
    for (uint64_t f = found; f != 0; f &= f - 1) values.emplace_back(Bottom(f), lower);
    remaining &= ~found;
    guess = lower;
    upper = lower;
  }
  root_allowed_ = ~uint64_t{0};
  std::sort(values.begin(), values.end(), [](const auto& a, const auto& b) {
    return SuitOf(a.first) != SuitOf(b.first) ? SuitOf(a.first) < SuitOf(b.first)
                                              : RankOf(a.first) > RankOf(b.first);
  });
  return values;
}

std::vector<int> DoubleDummySolver::RootOrder(const PlayPosition& position) {
  Load(position);
  Move generated[13];  // one group at least of each legal card
  std::vector<Move> moves(generated,
                          generated + GenerateMoves(position.ToMove(), generated, -1, 0));
  // (GenerateMoves leaves equal weights in suit order from the highest card down.)
  std::sort(moves.begin(), moves.end(), [](const Move& a, const Move& b) {
    if (a.weight != b.weight) return a.weight > b.weight;
    if (SuitOf(a.card) != SuitOf(b.card)) return SuitOf(a.card) < SuitOf(b.card);
    return RankOf(a.card) < RankOf(b.card);
  });
  std::vector<int> order;
  for (const Move& m : moves) {
    for (uint64_t g = m.group; g != 0; g &= g - 1) order.push_back(Bottom(g));
  }
  return order;
}

}  // namespace kibitzer::bridge
