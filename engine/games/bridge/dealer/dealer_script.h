// Constraint scripts in the language of the `dealer` program (Debian package dealer; its manual,
// input.html, is the reference): predeal, dealer, vulnerable, generate and produce, pointcount and
// altcount, `name = expression` definitions, the condition (the keyword may be left out) and
// actions (read and ignored: they print, and the engine prints nothing).
//
// Expressions are C-like integer expressions (&& || ! or `and or not`, comparisons, + - * / %,
// ?:) over: spades(seat) .. clubs(seat), hcp(seat[, suit]), pt0..pt9 and their names (tens,
// jacks, queens, kings, aces, top2..top5, c13), control(seat[, suit]), loser(seat[, suit]),
// shape(seat, any 4333 + 54xx - any 0xxx), hascard(seat, AS), score(vul|nonvul, x3N, tricks) and
// imps(difference). Every function reads the whole hand a seat was dealt (13 cards).
//
// A script evaluates either on a full layout (exactly) or on a partial one: what each seat is known
// to hold plus a range for how many more cards of each suit it gets from the cards not yet placed.
// Then the answer is a range, so a sampler can tell that a whole family of suit-length
// distributions satisfies the condition, or that none of it can.
#pragma once

#include <array>
#include <bitset>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/games/bridge/dd/dd_table.h"
#include "engine/games/bridge/records/pbn.h"

namespace kibitzer::bridge::dealer {

enum class Op : uint8_t {
  kNumber,
  kLength,      // seat, suit
  kCount,       // seat, suit (-1: all), value: which count (0 hcp, 1..10 pt0..pt9, 11 controls)
  kLosers,      // seat, suit (-1: all)
  kShape,       // seat, value: index of the shape set
  kHasCard,     // seat, value: card
  kScore,       // value: vulnerable (0/1), card: level, suit: strain, a: tricks
  kImps,        // a
  kNegate,      // a
  kNot,         // a
  kAnd,         // a b
  kOr,          // a b
  kCompare,     // a b, value: 0 == 1 != 2 < 3 <= 4 > 5 >=
  kArithmetic,  // a b, value: 0 + 1 - 2 * 3 / 4 %
  kSelect,      // a ? b : c
};

struct Node {
  Op op = Op::kNumber;
  int8_t seat = -1;
  int8_t suit = -1;
  int card = 0;
  int64_t value = 0;
  int a = -1, b = -1, c = -1;
};

// The 4-tuples of suit lengths (S, H, D, C, each 0..13) a shape() list accepts.
using ShapeSet = std::bitset<14 * 14 * 14 * 14>;
inline int ShapeIndex(int s, int h, int d, int c) { return ((s * 14 + h) * 14 + d) * 14 + c; }

// Point values of the 13 ranks, ace first (as the pointcount command lists them).
using PointTable = std::array<int, 13>;
inline constexpr int kCountHcp = 0, kCountAlt0 = 1, kCountControls = 11, kCountTables = 12;

struct Script {
  std::vector<Node> nodes;
  int condition = -1;  // the node of the condition; -1: every deal qualifies
  Hands predeal{};     // cards predealt to each seat
  std::optional<int> dealer;
  std::optional<Vulnerability> vulnerable;
  int64_t generate = 0, produce = 0;  // as given (0: not given)
  std::vector<ShapeSet> shapes;
  std::array<PointTable, kCountTables> counts{};  // hcp, pt0..pt9, controls
  uint8_t seats_read = 0;                         // bit per seat the condition reads
};

// Parses a script; errors are INVALID_ARGUMENT naming `field` and the line and column.
absl::StatusOr<Script> ParseScript(absl::string_view text, absl::string_view field);

// What is known of a layout: `fixed[seat]` holds for sure; seat gets between lo and hi more
// cards of each suit from `pool` (the cards not yet placed). A full layout has an empty pool.
struct PartialLayout {
  Hands fixed{};
  CardSet pool;
  std::array<std::array<int8_t, 4>, 4> lo{}, hi{};  // [seat][suit]
};

struct Range {
  int64_t lo = 0, hi = 0;
  bool exact() const { return lo == hi; }
};

// `a op b` over every value of the two ranges (op: 0 + 1 - 2 * 3 / 4 %; division by 0 gives 0, as
// the engine's scripts define it). `*overflow` is set when a bound passes int64 (then the range is
// meaningless); the parser refuses any script where that could happen.
Range ArithmeticRange(int op, Range a, Range b, bool* overflow);

// The condition's value: exact ({v, v}) on a full layout; on a partial one a range that holds every
// completion. A condition is met when non-zero.
Range EvaluateRange(const Script& script, const PartialLayout& layout);
// On a full layout (the hands dealt): true when the condition holds.
bool Satisfies(const Script& script, const Hands& hands);

}  // namespace kibitzer::bridge::dealer
