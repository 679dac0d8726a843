#include "engine/games/tarok/solver.h"

#include <algorithm>
#include <bit>

#include "engine/games/tarok/rollout.h"

namespace kibitzer::tarok {
namespace {

constexpr int kInf = 100000;
constexpr int8_t kNoBound = 127;

// Which player the maximising side is: the declarer's side keeps the declarer's value; in klop
// the scored player (perspective) is the only minimiser.
bool IsMaximizer(Contract c, int declarer, int perspective, int player) {
  if (c == Contract::kKlop) return player != perspective;
  return player == declarer;
}

int Final(const PlayState& s, int perspective) {
  const Contract c = s.contract();
  if (c == Contract::kKlop) return CountCards(s.won(perspective));
  if (IsBeggar(c)) return s.TricksWon(s.declarer()) == 0 ? 1 : 0;
  if (IsValat(c)) return s.TricksWon(s.declarer()) == kTricks ? 1 : 0;
  return CountCards(s.won(s.declarer()));
}

// Maps the cards of each of `hands` in `run` onto the lowest bits of `run`, in order among the
// cards of the run still held by anyone: the one-point cards keep only their order.
void Compress(std::array<Mask, kPlayers>& hands, Mask run) {
  const Mask held = (hands[0] | hands[1] | hands[2]) & run;
  if (held == 0) return;
  std::array<Mask, kPlayers> out{};
  Mask target = run;
  for (Mask m = held; m != 0; m &= m - 1) {
    const Mask card = m & -m;
    const Mask slot = target & -target;
    target ^= slot;
    for (int p = 0; p < kPlayers; ++p) {
      if (hands[p] & card) out[p] |= slot;
    }
  }
  for (int p = 0; p < kPlayers; ++p) hands[p] = (hands[p] & ~run) | out[p];
}

uint64_t Mix(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  return x ^ (x >> 33);
}

// Points the declarer surely takes and surely gives up, from the taroks above all of the other
// side's: each such tarok wins its trick (the trick counts at least its points after the two
// per trick), except that pagat may take mond and škis together, so they count only when the
// other side has no pagat. Two of the opponents' top taroks may fall in one trick (one from each),
// so each such pair counts one point less.
struct TopTaroks {
  int won = 0;
  int lost = 0;
};

TopTaroks SureTaroks(const PlayState& s) {
  const int d = s.declarer();
  const Mask mine = s.hand(d) & kTaroks;
  const Mask a = s.hand((d + 1) % kPlayers) & kTaroks;
  const Mask b = s.hand((d + 2) % kPlayers) & kTaroks;
  const Mask theirs = a | b;
  TopTaroks t;
  auto above = [](Mask m) { return m == 0 ? kTaroks : ~((Bit(Highest(m)) << 1) - 1); };
  Mask my_top = mine & above(theirs);
  if (theirs & Bit(kPagat)) my_top &= ~(Bit(kMond) | Bit(kSkis));
  Mask their_top = theirs & above(mine);
  if (mine & Bit(kPagat)) their_top &= ~(Bit(kMond) | Bit(kSkis));
  t.won = PointSum(my_top);
  t.lost =
      PointSum(their_top) - std::min(std::popcount(their_top & a), std::popcount(their_top & b));
  return t;
}

}  // namespace

struct Solver::Entry {
  Mask key[3];
  uint8_t meta;  // 0x80 | leader | remainder << 2 | scored player << 4
  int8_t lower;
  int8_t upper;
  int8_t best;   // group * 16 + place from the top among the mover's cards of the group; -1 none
  uint8_t left;  // cards left in play: the work the entry saves
};

Solver::Solver(int table_log2)
    : table_(new Entry[size_t{1} << table_log2]), mask_((uint64_t{1} << table_log2) - 1) {
  Clear();
}

Solver::~Solver() = default;

void Solver::Prepare(const PlayState& s, int perspective) {
  const int context =
      static_cast<int>(s.contract()) * 4 + (s.contract() == Contract::kKlop ? perspective : 3);
  if (context != context_) Clear();
  context_ = context;
  contract_ = s.contract();
  declarer_ = s.declarer();
  perspective_ = perspective;
}

void Solver::Clear() {
  for (uint64_t i = 0; i <= mask_; ++i) table_[i].meta = 0;
  for (auto& h : history_) h.fill(0);
}

bool Solver::Maximizer(int player) const {
  return IsMaximizer(contract_, declarer_, perspective_, player);
}

int Solver::FinalValue(const PlayState& s) const { return Final(s, perspective_); }

bool Solver::Poll() {
  if (control_ != nullptr && control_->Poll(nodes_)) stopped_ = true;
  return stopped_;
}

int Solver::OrderMoves(const PlayState& s, int* cards, int tt_card) const {
  const int me = s.ToMove();
  const Mask legal = s.Legal();
  const Mask out = s.hand(0) | s.hand(1) | s.hand(2) | s.TrickMask();
  const bool max = Maximizer(me);
  int scores[kTricks];
  int n = 0;
  int8_t trick[3] = {static_cast<int8_t>(s.TrickCard(0)), static_cast<int8_t>(s.TrickCard(1)),
                     static_cast<int8_t>(s.TrickCard(2))};
  const int k = s.CardsInTrick();
  for (Mask m = legal; m != 0; m &= m - 1) {
    const int c = Lowest(m);
    // Equivalent to the next card up when that is ours, legal, and worth the same.
    const Mask group = GroupMask(GroupOf(c));
    const Mask above = out & group & ~((Bit(c) << 1) - 1);
    if (above != 0) {
      const int next = Lowest(above);
      if ((legal & Bit(next)) && CardPoints(next) == CardPoints(c)) continue;
    }
    int score = history_[me][c];
    if (c == tt_card) score += 1 << 28;
    if (k > 0) {
      trick[k] = static_cast<int8_t>(c);
      const int w = (s.leader() + PlayState::WinningIndex(contract_, trick, k + 1)) % kPlayers;
      bool good_for_max;
      if (contract_ == Contract::kKlop) {
        good_for_max = w == perspective_;
      } else if (IsBeggar(contract_)) {
        good_for_max = w != declarer_;
      } else {
        good_for_max = w == declarer_;
      }
      const int pts = CardPoints(c);
      const int rank = c < kSuitBase ? c : RankInSuit(c);
      score += good_for_max == max ? (1 << 20) + 64 * pts - rank : -64 * pts - rank;
    } else {
      score += c < kSuitBase ? c : 0;
    }
    int i = n++;
    while (i > 0 && scores[i - 1] < score) {
      scores[i] = scores[i - 1];
      cards[i] = cards[i - 1];
      --i;
    }
    scores[i] = score;
    cards[i] = c;
  }
  return n;
}

int Solver::Search(const PlayState& s, int alpha, int beta, int depth) {
  ++nodes_;
  if ((nodes_ & (core::SearchControl::kPollInterval - 1)) == 0 && Poll()) return alpha;
  if (stopped_) return alpha;
  if (s.IsOver()) return FinalValue(s);
  if (s.TricksDone() == kTricks - 1) {
    // The last trick: every card is forced.
    PlayState last = s;
    while (!last.IsOver()) last.Play(Lowest(last.hand(last.ToMove())));
    return FinalValue(last);
  }
  Entry* e = nullptr;
  int base = 0;
  int tt_card = -1;
  std::array<Mask, kPlayers> key{};
  uint8_t meta = 0;
  const int me = s.ToMove();
  if (s.CardsInTrick() == 0) {
    const int scored = contract_ == Contract::kKlop ? perspective_ : declarer_;
    const Mask pile = s.won(scored);
    const int n = std::popcount(pile);
    const int r = n % 3;
    if (IsNormal(contract_)) {
      base = PointSum(pile) - 2 * (n / 3) + (r == 0 ? 0 : -1);
      const int left = kTricks - s.TricksDone();
      const TopTaroks top = SureTaroks(s);
      const int hi = base + PointSum(s.hand(0) | s.hand(1) | s.hand(2)) - 2 * left - top.lost;
      if (hi <= alpha) return hi;
      const int lo = base + top.won;
      if (lo >= beta) return lo;
    } else if (contract_ == Contract::kKlop) {
      base = PointSum(pile) - 2 * (n / 3);
    }
    key = {s.hand(0), s.hand(1), s.hand(2)};
    Compress(key, kTarokRun);
    for (int suit = 0; suit < 4; ++suit) Compress(key, SuitPips(suit));
    meta = static_cast<uint8_t>(0x80 | me | (r << 2) | (scored << 4));
    const uint64_t h = Mix(key[0] ^ (key[1] * 0x9E3779B97F4A7C15ULL) ^ std::rotl(key[2], 21) ^
                           (uint64_t{meta} << 56));
    // Two entries per bucket: the first kept for the larger subtree, the second always replaced.
    Entry* bucket = &table_[h & mask_ & ~uint64_t{1}];
    const auto matches = [&](const Entry& x) {
      return x.meta == meta && x.key[0] == key[0] && x.key[1] == key[1] && x.key[2] == key[2];
    };
    const uint8_t left = static_cast<uint8_t>(std::popcount(key[0] | key[1] | key[2]));
    if (matches(bucket[0]) || matches(bucket[1])) {
      e = matches(bucket[0]) ? &bucket[0] : &bucket[1];
      if (e->lower != kNoBound && base + e->lower >= beta) return base + e->lower;
      if (e->upper != kNoBound && base + e->upper <= alpha) return base + e->upper;
      if (e->best >= 0) {
        const Mask g = s.hand(me) & GroupMask(e->best >> 4);
        Mask m = g;
        for (int skip = e->best & 15; skip > 0 && m != 0; --skip) m &= ~Bit(Highest(m));
        if (m != 0) tt_card = Highest(m);
      }
    } else {
      e = (bucket[0].meta == 0 || bucket[0].left <= left) ? &bucket[0] : &bucket[1];
      e->meta = meta;
      e->key[0] = key[0];
      e->key[1] = key[1];
      e->key[2] = key[2];
      e->lower = e->upper = kNoBound;
      e->best = -1;
      e->left = left;
    }
  }
  int cards[kTricks];
  const int count = OrderMoves(s, cards, tt_card);
  const bool max = Maximizer(me);
  int best = max ? -kInf : kInf;
  int best_card = cards[0];
  int a = alpha;
  int b = beta;
  for (int i = 0; i < count; ++i) {
    PlayState child = s;
    child.Play(cards[i]);
    const int v = Search(child, a, b, depth - 1);
    if (stopped_) return alpha;
    if (max ? v > best : v < best) {
      best = v;
      best_card = cards[i];
    }
    if (max) {
      a = std::max(a, best);
    } else {
      b = std::min(b, best);
    }
    if (a >= b) {
      history_[me][cards[i]] += depth * depth;
      break;
    }
  }
  if (e != nullptr && e->meta == meta && e->key[0] == key[0] && e->key[1] == key[1] &&
      e->key[2] == key[2]) {
    const int f = best - base;
    if (best <= alpha) {
      e->upper = static_cast<int8_t>(e->upper == kNoBound ? f : std::min<int>(e->upper, f));
    } else if (best >= beta) {
      e->lower = static_cast<int8_t>(e->lower == kNoBound ? f : std::max<int>(e->lower, f));
    } else {
      e->lower = e->upper = static_cast<int8_t>(f);
    }
    const int group = GroupOf(best_card);
    const Mask higher = s.hand(me) & GroupMask(group) & ~((Bit(best_card) << 1) - 1);
    e->best = static_cast<int8_t>(group * 16 + std::popcount(higher));
  }
  return best;
}

int Solver::Mtd(const PlayState& s, int guess) {
  // Null-window probes "value >= t?", first at the guess, then halving the interval still open
  // (the value lies in [lo, hi]).
  int lo = -kInf;
  int hi = kInf;
  if (IsNormal(contract_)) {
    lo = -1;
    hi = 70;
  } else if (contract_ == Contract::kKlop) {
    lo = -1;
    hi = 70;
  } else {
    lo = 0;
    hi = 1;
  }
  int t = std::clamp(guess, lo + 1, hi);
  const int depth = kTricks * 3 - s.TricksDone() * 3 - s.CardsInTrick();
  // MTD(f) steps from the guess (after a fail high at g test g + 1, after a fail low at g test
  // g); after three steps the same way, halve the interval instead.
  int last = 0;
  int run = 0;
  while (lo < hi && !stopped_) {
    const int g = Search(s, t - 1, t, depth);
    const int dir = g >= t ? 1 : -1;
    if (dir > 0) {
      lo = g;
    } else {
      hi = g;
    }
    run = dir == last ? run + 1 : 1;
    last = dir;
    if (run >= 3) {
      t = lo + (hi - lo + 1) / 2;
    } else {
      t = dir > 0 ? lo + 1 : hi;
    }
    t = std::clamp(t, lo + 1, std::max(lo + 1, hi));
  }
  return lo;
}

int Solver::Guess(const PlayState& s) const {
  // The rules of thumb played to the end: a cheap first guess for the null-window probes.
  PlayState p = s;
  while (!p.IsOver()) p.Play(RolloutCard(p));
  return FinalValue(p);
}

int Solver::Solve(const PlayState& s, int perspective) {
  Prepare(s, perspective);
  if (s.IsOver()) return FinalValue(s);
  return Mtd(s, Guess(s));
}

std::vector<CardValue> Solver::SolveAll(const PlayState& s, int perspective) {
  Prepare(s, perspective);
  std::vector<CardValue> out;
  int guess = s.IsOver() ? 0 : Guess(s);
  for (Mask m = s.Legal(); m != 0 && !s.IsOver(); m &= m - 1) {
    PlayState child = s;
    child.Play(Lowest(m));
    const int v = child.IsOver() ? FinalValue(child) : Mtd(child, guess);
    if (stopped_) break;
    guess = v;
    out.push_back({Lowest(m), v});
  }
  return out;
}

double ValueForMover(const PlayState& s, int mover, int value) {
  const Contract c = s.contract();
  if (c == Contract::kKlop) return -value;
  const bool declarer = mover == s.declarer();
  if (IsNormal(c)) return declarer ? value : 70 - value;
  return declarer ? value : 1 - value;
}

int PlainMinimax(const PlayState& s, int perspective) {
  if (s.IsOver()) return Final(s, perspective);
  const bool max = IsMaximizer(s.contract(), s.declarer(), perspective, s.ToMove());
  int best = max ? -kInf : kInf;
  for (Mask m = s.Legal(); m != 0; m &= m - 1) {
    PlayState child = s;
    child.Play(Lowest(m));
    const int v = PlainMinimax(child, perspective);
    best = max ? std::max(best, v) : std::min(best, v);
  }
  return best;
}

}  // namespace kibitzer::tarok
