// Evaluation of dealer scripts on full layouts (exact) and partial ones (ranges).
#include <algorithm>
#include <cstdlib>

#include "engine/games/bridge/dealer/dealer_script.h"
#include "engine/games/bridge/rules/scoring.h"

namespace kibitzer::bridge::dealer {
namespace {

constexpr int64_t kWide = int64_t{1} << 40;

bool IsFalse(Range r) { return r.lo == 0 && r.hi == 0; }
bool IsTrue(Range r) { return r.lo > 0 || r.hi < 0; }
Range Bool(bool b) { return {b ? 1 : 0, b ? 1 : 0}; }
constexpr Range kEither = {0, 1};

int PointOf(const PointTable& table, int card) { return table[14 - RankOf(card)]; }

class Evaluator {
 public:
  Evaluator(const Script& script, const PartialLayout& layout) : s_(script), l_(layout) {}

  Range Eval(int index) const {
    const Node& n = s_.nodes[index];
    switch (n.op) {
      case Op::kNumber:
        return {n.value, n.value};
      case Op::kLength: {
        const int fixed = SuitCards(l_.fixed[n.seat], n.suit).size();
        return {fixed + l_.lo[n.seat][n.suit], fixed + l_.hi[n.seat][n.suit]};
      }
      case Op::kCount:
        return Sum(n, [&](int suit) { return Count(s_.counts[n.value], n.seat, suit); });
      case Op::kLosers:
        return Sum(n, [&](int suit) { return Losers(n.seat, suit); });
      case Op::kShape:
        return Shape(n);
      case Op::kHasCard:
        return HasCard(n.seat, n.card);
      case Op::kScore: {
        const Range t = Eval(n.a);
        const Contract c{static_cast<int>(n.card), n.suit, 0};
        auto score = [&](int64_t tricks) {
          return DuplicateScore(c, n.value != 0,
                                static_cast<int>(std::clamp<int64_t>(tricks, 0, 13)));
        };
        return {score(t.lo), score(t.hi)};
      }
      case Op::kImps: {
        const Range d = Eval(n.a);
        auto imps = [](int64_t v) {
          return Imps(static_cast<int>(std::clamp<int64_t>(v, -100000, 100000)));
        };
        return {imps(d.lo), imps(d.hi)};
      }
      case Op::kNegate: {
        const Range a = Eval(n.a);
        return {-a.hi, -a.lo};
      }
      case Op::kNot: {
        const Range a = Eval(n.a);
        return IsTrue(a) ? Bool(false) : IsFalse(a) ? Bool(true) : kEither;
      }
      case Op::kAnd: {
        const Range a = Eval(n.a);
        if (IsFalse(a)) return Bool(false);
        const Range b = Eval(n.b);
        if (IsFalse(b)) return Bool(false);
        return IsTrue(a) && IsTrue(b) ? Bool(true) : kEither;
      }
      case Op::kOr: {
        const Range a = Eval(n.a);
        if (IsTrue(a)) return Bool(true);
        const Range b = Eval(n.b);
        if (IsTrue(b)) return Bool(true);
        return IsFalse(a) && IsFalse(b) ? Bool(false) : kEither;
      }
      case Op::kCompare:
        return Compare(static_cast<int>(n.value), Eval(n.a), Eval(n.b));
      case Op::kArithmetic: {
        // The parser has checked that no value of the script leaves ±2^60 on any layout.
        bool overflow = false;
        return ArithmeticRange(static_cast<int>(n.value), Eval(n.a), Eval(n.b), &overflow);
      }
      case Op::kSelect: {
        const Range c = Eval(n.a);
        if (IsTrue(c)) return Eval(n.b);
        if (IsFalse(c)) return Eval(n.c);
        const Range yes = Eval(n.b), no = Eval(n.c);
        return {std::min(yes.lo, no.lo), std::max(yes.hi, no.hi)};
      }
    }
    return {-kWide, kWide};
  }

 private:
  template <typename PerSuit>
  static Range Sum(const Node& n, PerSuit per_suit) {
    if (n.suit >= 0) return per_suit(n.suit);
    Range total{0, 0};
    for (int suit = 0; suit < 4; ++suit) {
      const Range r = per_suit(suit);
      total.lo += r.lo;
      total.hi += r.hi;
    }
    return total;
  }

  // Fixed cards' points, plus the fewest and the most the extra cards from the pool can bring.
  Range Count(const PointTable& table, int seat, int suit) const {
    int64_t fixed = 0;
    for (int card : SuitCards(l_.fixed[seat], suit)) fixed += PointOf(table, card);
    const int lo = l_.lo[seat][suit], hi = l_.hi[seat][suit];
    if (hi == 0) return {fixed, fixed};
    int values[13];
    int n = 0;
    for (int card : SuitCards(l_.pool, suit)) values[n++] = PointOf(table, card);
    std::sort(values, values + n);
    int64_t least = 0, most = 0;
    for (int i = 0; i < lo && i < n; ++i) least += values[i];
    for (int i = 0; i < hi && i < n; ++i) most += values[n - 1 - i];
    return {fixed + least, fixed + most};
  }

  // dealer's losers: void 0; singleton 0 if the ace; doubleton AK 0, Ax or Kx 1, else 2; three
  // or more: 3 less one for each of A, K and Q.
  Range Losers(int seat, int suit) const {
    const CardSet held = SuitCards(l_.fixed[seat], suit);
    if (l_.hi[seat][suit] != 0) {
      return {0, std::min<int64_t>(3, held.size() + l_.hi[seat][suit])};
    }
    const int length = held.size();
    const bool ace = held.Contains(MakeCard(suit, 14)), king = held.Contains(MakeCard(suit, 13)),
               queen = held.Contains(MakeCard(suit, 12));
    int64_t losers = 0;
    if (length == 1) {
      losers = ace ? 0 : 1;
    } else if (length == 2) {
      losers = 2 - (ace ? 1 : 0) - (king ? 1 : 0);
    } else if (length >= 3) {
      losers = 3 - (ace ? 1 : 0) - (king ? 1 : 0) - (queen ? 1 : 0);
    }
    return {losers, losers};
  }

  Range Shape(const Node& n) const {
    int len[4];
    for (int suit = 0; suit < 4; ++suit) {
      if (l_.lo[n.seat][suit] != l_.hi[n.seat][suit]) return kEither;
      len[suit] = SuitCards(l_.fixed[n.seat], suit).size() + l_.lo[n.seat][suit];
    }
    if (len[0] + len[1] + len[2] + len[3] != 13) return Bool(false);
    return Bool(s_.shapes[n.value][ShapeIndex(len[0], len[1], len[2], len[3])]);
  }

  Range HasCard(int seat, int card) const {
    if (l_.fixed[seat].Contains(card)) return Bool(true);
    if (!l_.pool.Contains(card)) return Bool(false);
    const int suit = SuitOf(card);
    if (l_.hi[seat][suit] == 0) return Bool(false);
    if (l_.lo[seat][suit] == SuitCards(l_.pool, suit).size()) return Bool(true);
    return kEither;
  }

  static Range Compare(int op, Range a, Range b) {
    switch (op) {
      case 0:  // ==
        if (a.exact() && b.exact()) return Bool(a.lo == b.lo);
        return a.hi < b.lo || b.hi < a.lo ? Bool(false) : kEither;
      case 1:  // !=
        if (a.exact() && b.exact()) return Bool(a.lo != b.lo);
        return a.hi < b.lo || b.hi < a.lo ? Bool(true) : kEither;
      case 2:  // <
        return a.hi < b.lo ? Bool(true) : a.lo >= b.hi ? Bool(false) : kEither;
      case 3:  // <=
        return a.hi <= b.lo ? Bool(true) : a.lo > b.hi ? Bool(false) : kEither;
      case 4:  // >
        return a.lo > b.hi ? Bool(true) : a.hi <= b.lo ? Bool(false) : kEither;
      default:  // >=
        return a.lo >= b.hi ? Bool(true) : a.hi < b.lo ? Bool(false) : kEither;
    }
  }

  const Script& s_;
  const PartialLayout& l_;
};

}  // namespace

Range ArithmeticRange(int op, Range a, Range b, bool* overflow) {
  switch (op) {
    case 0:
    case 1: {
      Range r;
      // Both ends are computed whatever the first gives, so no short-circuit here.
      const bool add = op == 0;
      const bool lo = add ? __builtin_add_overflow(a.lo, b.lo, &r.lo)
                          : __builtin_sub_overflow(a.lo, b.hi, &r.lo);
      const bool hi = add ? __builtin_add_overflow(a.hi, b.hi, &r.hi)
                          : __builtin_sub_overflow(a.hi, b.lo, &r.hi);
      *overflow = *overflow || lo || hi;
      return r;
    }
    case 2: {
      int64_t p[4];
      bool any = false;
      any = __builtin_mul_overflow(a.lo, b.lo, &p[0]) || any;
      any = __builtin_mul_overflow(a.lo, b.hi, &p[1]) || any;
      any = __builtin_mul_overflow(a.hi, b.lo, &p[2]) || any;
      any = __builtin_mul_overflow(a.hi, b.hi, &p[3]) || any;
      *overflow = *overflow || any;
      return {*std::min_element(p, p + 4), *std::max_element(p, p + 4)};
    }
    default:
      if (a.exact() && b.exact()) {
        if (b.lo == 0) return {0, 0};  // dealer has no error for it; 0 keeps us total
        if (b.lo == -1) return {op == 3 ? -a.lo : 0, op == 3 ? -a.lo : 0};  // no INT64_MIN / -1
        const int64_t v = op == 3 ? a.lo / b.lo : a.lo % b.lo;
        return {v, v};
      }
      // |a / b| and |a % b| are at most |a|.
      const int64_t m = std::max(a.lo == INT64_MIN ? INT64_MAX : -a.lo, a.hi);
      return {-m, m};
  }
}

Range EvaluateRange(const Script& script, const PartialLayout& layout) {
  if (script.condition < 0) return {1, 1};
  return Evaluator(script, layout).Eval(script.condition);
}

bool Satisfies(const Script& script, const Hands& hands) {
  if (script.condition < 0) return true;
  PartialLayout layout;
  layout.fixed = hands;
  const Range r = Evaluator(script, layout).Eval(script.condition);
  return r.lo != 0;
}

}  // namespace kibitzer::bridge::dealer
