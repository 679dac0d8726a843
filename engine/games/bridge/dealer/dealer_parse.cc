// The reader of dealer scripts: a small lexer and a recursive-descent parser with C precedence.
#include <algorithm>
#include <cctype>
#include <limits>
#include <map>
#include <optional>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "engine/games/bridge/dealer/dealer_script.h"

namespace kibitzer::bridge::dealer {
namespace {

enum class Tok { kWord, kNumber, kString, kPunct, kEnd };

struct Token {
  Tok kind = Tok::kEnd;
  std::string text;  // words lower-cased for keywords are compared with `lower`
  std::string lower;
  int64_t number = 0;
  int line = 1, column = 1;
};

class Lexer {
 public:
  explicit Lexer(absl::string_view text) : text_(text) {}

  absl::StatusOr<std::vector<Token>> Run(absl::string_view field) {
    std::vector<Token> tokens;
    while (true) {
      SkipSpaceAndComments();
      Token t;
      t.line = line_;
      t.column = column_;
      if (pos_ >= text_.size()) {
        tokens.push_back(t);
        return tokens;
      }
      const char c = text_[pos_];
      if (std::isalnum(static_cast<unsigned char>(c)) || c == '_') {
        while (pos_ < text_.size() &&
               (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_')) {
          t.text.push_back(text_[pos_]);
          Advance();
        }
        t.lower = absl::AsciiStrToLower(t.text);
        bool digits = true;
        for (char d : t.text) digits = digits && std::isdigit(static_cast<unsigned char>(d));
        t.kind = Tok::kWord;
        if (digits && t.text.size() <= 15) {
          t.kind = Tok::kNumber;
          t.number = std::stoll(t.text);
        }
      } else if (c == '"') {
        Advance();
        while (pos_ < text_.size() && text_[pos_] != '"') {
          t.text.push_back(text_[pos_]);
          Advance();
        }
        if (pos_ >= text_.size()) {
          return absl::InvalidArgumentError(absl::StrCat(field, ": line ", t.line, ", column ",
                                                         t.column, ": unterminated string"));
        }
        Advance();
        t.kind = Tok::kString;
      } else {
        static constexpr const char* kTwo[] = {"==", "!=", "<=", ">=", "&&", "||"};
        t.kind = Tok::kPunct;
        for (const char* two : kTwo) {
          if (text_.substr(pos_, 2) == two) t.text = two;
        }
        if (t.text.empty()) {
          if (std::string("()+-*/%?:!<>=,\\").find(c) == std::string::npos) {
            return absl::InvalidArgumentError(absl::StrCat(field, ": line ", t.line, ", column ",
                                                           t.column, ": unexpected '",
                                                           std::string(1, c), "'"));
          }
          t.text = std::string(1, c);
        }
        for (size_t i = 0; i < t.text.size(); ++i) Advance();
        t.lower = t.text;
      }
      tokens.push_back(std::move(t));
    }
  }

 private:
  void Advance() {
    if (text_[pos_] == '\n') {
      ++line_;
      column_ = 1;
    } else {
      ++column_;
    }
    ++pos_;
  }
  void SkipSpaceAndComments() {
    while (pos_ < text_.size()) {
      const char c = text_[pos_];
      if (std::isspace(static_cast<unsigned char>(c))) {
        Advance();
      } else if (c == '#' || text_.substr(pos_, 2) == "//") {
        while (pos_ < text_.size() && text_[pos_] != '\n') Advance();
      } else if (text_.substr(pos_, 2) == "/*") {
        while (pos_ < text_.size() && text_.substr(pos_, 2) != "*/") Advance();
        if (pos_ < text_.size()) {
          Advance();
          Advance();
        }
      } else {
        return;
      }
    }
  }

  absl::string_view text_;
  size_t pos_ = 0;
  int line_ = 1, column_ = 1;
};

constexpr int kMaxNesting = 100;       // parentheses, ?: and unary operators, one in another
constexpr int64_t kMaxDepth = 1000;    // nodes one in another, names followed
constexpr int64_t kMaxCost = 100'000;  // nodes evaluated for one layout
constexpr int64_t kMaxValue = int64_t{1} << 60;
constexpr int64_t kMaxPointValue = 1000;  // pointcount and altcount values
constexpr int64_t kLargestScore = 8000;   // above any score() (7NT redoubled vulnerable: 2980)

constexpr const char* kCommands[] = {"generate",   "produce",  "vulnerable", "dealer", "predeal",
                                     "pointcount", "altcount", "condition",  "action"};

bool IsCommand(const std::string& word) {
  for (const char* c : kCommands) {
    if (word == c) return true;
  }
  return false;
}

std::optional<int> SeatWord(const std::string& w) {
  if (w == "north") return kNorth;
  if (w == "east") return kEast;
  if (w == "south") return kSouth;
  if (w == "west") return kWest;
  return std::nullopt;
}

std::optional<int> SuitWord(const std::string& w) {
  if (w == "spade" || w == "spades") return kSpades;
  if (w == "heart" || w == "hearts") return kHearts;
  if (w == "diamond" || w == "diamonds") return kDiamonds;
  if (w == "club" || w == "clubs") return kClubs;
  return std::nullopt;
}

// Alternate counts by their names (pt0..pt9 are the same in order).
std::optional<int> AltCountWord(const std::string& w) {
  static constexpr const char* kNames[] = {"tens", "jacks", "queens", "kings", "aces",
                                           "top2", "top3",  "top4",   "top5",  "c13"};
  for (int i = 0; i < 10; ++i) {
    if (w == kNames[i] || w == absl::StrCat("pt", i)) return i;
  }
  // Singular forms the manual allows for the card names.
  if (w == "ten") return 0;
  if (w == "jack") return 1;
  if (w == "queen") return 2;
  if (w == "king") return 3;
  if (w == "ace") return 4;
  return std::nullopt;
}

void DefaultCounts(std::array<PointTable, kCountTables>& counts) {
  // Ace first: A K Q J T 9 .. 2.
  counts[kCountHcp] = {4, 3, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0};
  counts[kCountAlt0 + 0] = {0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0};  // tens
  counts[kCountAlt0 + 1] = {0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0};  // jacks
  counts[kCountAlt0 + 2] = {0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};  // queens
  counts[kCountAlt0 + 3] = {0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};  // kings
  counts[kCountAlt0 + 4] = {1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};  // aces
  counts[kCountAlt0 + 5] = {1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};  // top2
  counts[kCountAlt0 + 6] = {1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};  // top3
  counts[kCountAlt0 + 7] = {1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0};  // top4
  counts[kCountAlt0 + 8] = {1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0};  // top5
  counts[kCountAlt0 + 9] = {6, 4, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0};  // c13
  counts[kCountControls] = {2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
}

class Parser {
 public:
  Parser(std::vector<Token> tokens, absl::string_view field)
      : tokens_(std::move(tokens)), field_(field) {}

  absl::StatusOr<Script> Run() {
    DefaultCounts(script_.counts);
    while (Peek().kind != Tok::kEnd) {
      if (absl::Status s = Statement(); !s.ok()) return s;
    }
    if (absl::Status s = CheckBounds(); !s.ok()) return s;
    return std::move(script_);
  }

 private:
  const Token& Peek(int ahead = 0) const {
    const size_t i = std::min(pos_ + ahead, tokens_.size() - 1);
    return tokens_[i];
  }
  const Token& Take() {
    const Token& t = Peek();
    if (pos_ < tokens_.size() - 1) ++pos_;
    return t;
  }
  absl::Status Error(const Token& at, absl::string_view message) const {
    const std::string where = at.kind == Tok::kEnd ? "the end" : absl::StrCat("'", at.text, "'");
    return absl::InvalidArgumentError(absl::StrCat(field_, ": line ", at.line, ", column ",
                                                   at.column, ": at ", where, ": ", message));
  }
  bool IsPunct(const Token& t, absl::string_view p) const {
    return t.kind == Tok::kPunct && t.text == p;
  }
  absl::Status Expect(absl::string_view p) {
    if (!IsPunct(Peek(), p)) return Error(Peek(), absl::StrCat("expected '", p, "'"));
    Take();
    return absl::OkStatus();
  }

  absl::Status Statement() {
    const Token& t = Peek();
    if (t.kind == Tok::kWord && IsCommand(t.lower)) {
      const std::string command = Take().lower;
      if (command == "generate" || command == "produce") {
        if (Peek().kind != Tok::kNumber) return Error(Peek(), "expected a number");
        (command == "generate" ? script_.generate : script_.produce) = Take().number;
        return absl::OkStatus();
      }
      if (command == "vulnerable") {
        const Token& v = Take();
        const std::optional<Vulnerability> vul = ParseVulnerability(v.lower);
        if (v.kind != Tok::kWord || !vul) return Error(v, "expected none, NS, EW or all");
        script_.vulnerable = vul;
        return absl::OkStatus();
      }
      if (command == "dealer") {
        const Token& d = Take();
        const std::optional<int> seat = SeatWord(d.lower);
        if (!seat) return Error(d, "expected north, east, south or west");
        script_.dealer = seat;
        return absl::OkStatus();
      }
      if (command == "predeal") return Predeal();
      if (command == "pointcount") return PointCount(script_.counts[kCountHcp]);
      if (command == "altcount") {
        if (Peek().kind != Tok::kNumber || Peek().number > 9) {
          return Error(Peek(), "expected the alternate count's number, 0 to 9");
        }
        return PointCount(script_.counts[kCountAlt0 + Take().number]);
      }
      if (command == "action") return SkipActions();
      // condition
      absl::StatusOr<int> e = Expression();
      if (!e.ok()) return e.status();
      script_.condition = *e;
      return absl::OkStatus();
    }
    if (t.kind == Tok::kWord && IsPunct(Peek(1), "=")) {
      const Token& name = Take();
      if (!IsName(name.lower)) return Error(name, "a reserved word cannot be defined");
      Take();
      absl::StatusOr<int> e = Expression();
      if (!e.ok()) return e.status();
      names_[name.text] = *e;
      return absl::OkStatus();
    }
    absl::StatusOr<int> e = Expression();
    if (!e.ok()) return e.status();
    script_.condition = *e;
    return absl::OkStatus();
  }

  bool IsName(const std::string& w) const {
    return !IsCommand(w) && !SeatWord(w) && !SuitWord(w) && !AltCountWord(w) && w != "hcp" &&
           w != "and" && w != "or" && w != "not" && w != "shape" && w != "hascard" && w != "any" &&
           w != "score" && w != "imps" && w != "control" && w != "controls" && w != "loser" &&
           w != "losers";
  }

  // predeal SEAT HOLDING, HOLDING, ... | predeal SEAT, CARD
  absl::Status Predeal() {
    const Token& s = Take();
    const std::optional<int> seat = SeatWord(s.lower);
    if (!seat) return Error(s, "expected north, east, south or west");
    if (IsPunct(Peek(), ",")) Take();
    while (true) {
      const Token& h = Take();
      if (h.kind != Tok::kWord && h.kind != Tok::kNumber) {
        return Error(h, "expected a holding such as SAQ542");
      }
      if (absl::Status st = AddHolding(*seat, h); !st.ok()) return st;
      if (!IsPunct(Peek(), ",")) return absl::OkStatus();
      Take();
    }
  }

  absl::Status AddHolding(int seat, const Token& h) {
    const std::optional<int> suit = ParseSuit(h.text[0]);
    if (!suit) return Error(h, "a holding starts with its suit: S, H, D or C");
    for (size_t i = 1; i < h.text.size(); ++i) {
      const std::optional<int> rank = ParseRank(h.text.substr(i, 1));
      if (!rank) return Error(h, absl::StrCat("'", h.text.substr(i, 1), "' is not a rank"));
      const int card = MakeCard(*suit, *rank);
      for (int other = 0; other < 4; ++other) {
        if (script_.predeal[other].Contains(card)) {
          return Error(h, absl::StrCat(CardName(card), " is predealt twice"));
        }
      }
      script_.predeal[seat].Add(card);
    }
    if (script_.predeal[seat].size() > 13) {
      return Error(h,
                   absl::StrCat("more than 13 cards predealt to ", std::string(1, SeatChar(seat))));
    }
    return absl::OkStatus();
  }

  absl::Status PointCount(PointTable& table) {
    PointTable values{};
    int n = 0;
    while (Peek().kind == Tok::kNumber) {
      if (n == 13) return Error(Peek(), "more than 13 values");
      if (Peek().number > kMaxPointValue) {
        return Error(Peek(), absl::StrCat("a point value is at most ", kMaxPointValue));
      }
      values[n++] = static_cast<int>(Take().number);
    }
    table = values;
    return absl::OkStatus();
  }

  // Actions only print; they are read up to the next statement and ignored.
  absl::Status SkipActions() {
    int depth = 0;
    while (Peek().kind != Tok::kEnd) {
      const Token& t = Peek();
      if (depth == 0 && t.kind == Tok::kWord && (IsCommand(t.lower) || IsPunct(Peek(1), "="))) {
        return absl::OkStatus();
      }
      if (IsPunct(t, "(")) ++depth;
      if (IsPunct(t, ")")) --depth;
      Take();
    }
    return absl::OkStatus();
  }

  // `at`: the token the node's errors point at (its operator; else the last token read).
  int Add(Node n, const Token* at = nullptr) {
    script_.nodes.push_back(n);
    where_.push_back(at != nullptr ? at : &tokens_[pos_ > 0 ? pos_ - 1 : 0]);
    return static_cast<int>(script_.nodes.size()) - 1;
  }

  // Counts the parser's own nesting (parentheses, ?:, unary operators), so that a deeply nested
  // script is refused instead of overflowing the stack.
  class Nest {
   public:
    explicit Nest(Parser* p) : p_(p) { ++p_->nesting_; }
    ~Nest() { --p_->nesting_; }
    Nest(const Nest&) = delete;
    Nest& operator=(const Nest&) = delete;
    bool too_deep() const { return p_->nesting_ > kMaxNesting; }

   private:
    Parser* p_;
  };
  absl::Status TooDeep() const {
    return Error(Peek(), absl::StrCat("nested more than ", kMaxNesting, " deep"));
  }

  // Every value the script can compute, over every layout, stays within ±kMaxValue (so neither
  // the sampler's range evaluation nor a division can overflow), and evaluating the condition
  // stays cheap and shallow (a defined name used twice is evaluated twice).
  absl::Status CheckBounds() {
    const size_t n = script_.nodes.size();
    std::vector<Range> range(n);
    std::vector<int64_t> cost(n), depth(n);
    for (size_t i = 0; i < n; ++i) {
      const Node& node = script_.nodes[i];
      int64_t c = 1, d = 1;
      for (int child : {node.a, node.b, node.c}) {
        if (child < 0) continue;
        c = std::min(c + cost[child], kMaxCost + 1);
        d = std::max(d, depth[child] + 1);
      }
      cost[i] = c;
      depth[i] = d;
      if (c > kMaxCost) {
        return Error(*where_[i], absl::StrCat("the expression takes more than ", kMaxCost,
                                              " steps to evaluate (names used many times over)"));
      }
      if (d > kMaxDepth) {
        return Error(*where_[i], absl::StrCat("the expression is nested more than ", kMaxDepth,
                                              " deep (through its names)"));
      }
      std::optional<Range> r = StaticRange(node, range);
      if (!r) {
        return Error(*where_[i], absl::StrCat("the value may overflow: values must stay within ",
                                              kMaxValue, " in magnitude"));
      }
      range[i] = *r;
    }
    return absl::OkStatus();
  }

  // The values node `n` can take over every layout, from its children's; nullopt past kMaxValue.
  std::optional<Range> StaticRange(const Node& n, const std::vector<Range>& r) const {
    auto fits = [](Range x) -> std::optional<Range> {
      if (x.lo < -kMaxValue || x.hi > kMaxValue) return std::nullopt;
      return x;
    };
    switch (n.op) {
      case Op::kNumber:
        return fits({n.value, n.value});
      case Op::kLength:
        return Range{0, 13};
      case Op::kCount: {
        const PointTable& t = script_.counts[n.value];
        const int64_t lo = std::min(0, *std::min_element(t.begin(), t.end()));
        const int64_t hi = std::max(0, *std::max_element(t.begin(), t.end()));
        return Range{13 * lo, 13 * hi};
      }
      case Op::kLosers:
        return Range{0, 12};
      case Op::kScore:
        return Range{-kLargestScore, kLargestScore};
      case Op::kImps:
        return Range{-24, 24};
      case Op::kNegate:
        return Range{-r[n.a].hi, -r[n.a].lo};
      case Op::kArithmetic: {
        bool overflow = false;
        const Range v = ArithmeticRange(static_cast<int>(n.value), r[n.a], r[n.b], &overflow);
        return overflow ? std::nullopt : fits(v);
      }
      case Op::kSelect:
        return Range{std::min(r[n.b].lo, r[n.c].lo), std::max(r[n.b].hi, r[n.c].hi)};
      default:  // the truth values
        return Range{0, 1};
    }
  }

  absl::StatusOr<int> Expression() { return Select(); }

  absl::StatusOr<int> Select() {
    Nest nest(this);
    if (nest.too_deep()) return TooDeep();
    absl::StatusOr<int> cond = Or();
    if (!cond.ok() || !IsPunct(Peek(), "?")) return cond;
    Take();
    absl::StatusOr<int> yes = Select();
    if (!yes.ok()) return yes;
    if (absl::Status s = Expect(":"); !s.ok()) return s;
    absl::StatusOr<int> no = Select();
    if (!no.ok()) return no;
    Node n{.op = Op::kSelect};
    n.a = *cond;
    n.b = *yes;
    n.c = *no;
    return Add(n);
  }

  template <typename Next>
  absl::StatusOr<int> Binary(Next next, std::initializer_list<const char*> ops, Op op,
                             int offset = 0, std::initializer_list<const char*> words = {}) {
    absl::StatusOr<int> left = (this->*next)();
    if (!left.ok()) return left;
    while (true) {
      int which = -1, i = 0;
      for (const char* o : ops) {
        if (IsPunct(Peek(), o)) which = i;
        ++i;
      }
      i = 0;
      for (const char* w : words) {
        if (Peek().kind == Tok::kWord && Peek().lower == w) which = i;
        ++i;
      }
      if (which < 0) return left;
      const Token& at = Take();
      absl::StatusOr<int> right = (this->*next)();
      if (!right.ok()) return right;
      Node n{.op = op};
      n.value = which + offset;
      n.a = *left;
      n.b = *right;
      left = Add(n, &at);
    }
  }

  absl::StatusOr<int> Or() { return Binary(&Parser::And, {"||"}, Op::kOr, 0, {"or"}); }
  absl::StatusOr<int> And() { return Binary(&Parser::Equality, {"&&"}, Op::kAnd, 0, {"and"}); }
  absl::StatusOr<int> Equality() { return Binary(&Parser::Relation, {"==", "!="}, Op::kCompare); }
  absl::StatusOr<int> Relation() {
    return Binary(&Parser::Sum, {"<", "<=", ">", ">="}, Op::kCompare, 2);
  }
  absl::StatusOr<int> Sum() { return Binary(&Parser::Product, {"+", "-"}, Op::kArithmetic); }
  absl::StatusOr<int> Product() {
    return Binary(&Parser::Unary, {"*", "/", "%"}, Op::kArithmetic, 2);
  }

  absl::StatusOr<int> Unary() {
    Nest nest(this);
    if (nest.too_deep()) return TooDeep();
    if (IsPunct(Peek(), "!") || (Peek().kind == Tok::kWord && Peek().lower == "not")) {
      Take();
      absl::StatusOr<int> a = Unary();
      if (!a.ok()) return a;
      Node n{.op = Op::kNot};
      n.a = *a;
      return Add(n);
    }
    if (IsPunct(Peek(), "-")) {
      const Token& at = Take();
      absl::StatusOr<int> a = Unary();
      if (!a.ok()) return a;
      Node n{.op = Op::kNegate};
      n.a = *a;
      return Add(n, &at);
    }
    return Primary();
  }

  absl::StatusOr<int> SeatArgument() {
    const Token& t = Take();
    const std::optional<int> seat = SeatWord(t.lower);
    if (!seat) return Error(t, "expected a seat: north, east, south or west");
    script_.seats_read |= 1 << *seat;
    return *seat;
  }

  // "(seat)" or "(seat, suit)" after a function name; suit -1 when absent.
  absl::StatusOr<std::pair<int, int>> SeatAndSuit(bool suit_allowed) {
    if (absl::Status s = Expect("("); !s.ok()) return s;
    absl::StatusOr<int> seat = SeatArgument();
    if (!seat.ok()) return seat.status();
    int suit = -1;
    if (suit_allowed && IsPunct(Peek(), ",")) {
      Take();
      const Token& t = Take();
      const std::optional<int> s = SuitWord(t.lower);
      if (!s) return Error(t, "expected a suit: spades, hearts, diamonds or clubs");
      suit = *s;
    }
    if (absl::Status s = Expect(")"); !s.ok()) return s;
    return std::make_pair(*seat, suit);
  }

  absl::StatusOr<int> Primary() {
    const Token& t = Peek();
    if (t.kind == Tok::kNumber) {
      Node n{.op = Op::kNumber};
      n.value = Take().number;
      return Add(n);
    }
    if (IsPunct(t, "(")) {
      Take();
      absl::StatusOr<int> e = Expression();
      if (!e.ok()) return e;
      if (absl::Status s = Expect(")"); !s.ok()) return s;
      return e;
    }
    if (t.kind != Tok::kWord) return Error(t, "expected an expression");
    const Token word = Take();
    const std::string& w = word.lower;
    if (std::optional<int> suit = SuitWord(w)) {
      absl::StatusOr<std::pair<int, int>> args = SeatAndSuit(false);
      if (!args.ok()) return args.status();
      Node n{.op = Op::kLength};
      n.seat = static_cast<int8_t>(args->first);
      n.suit = static_cast<int8_t>(*suit);
      return Add(n);
    }
    std::optional<int> count;
    if (w == "hcp") count = kCountHcp;
    if (w == "control" || w == "controls") count = kCountControls;
    if (std::optional<int> alt = AltCountWord(w)) count = kCountAlt0 + *alt;
    if (count) {
      absl::StatusOr<std::pair<int, int>> args = SeatAndSuit(true);
      if (!args.ok()) return args.status();
      Node n{.op = Op::kCount};
      n.seat = static_cast<int8_t>(args->first);
      n.suit = static_cast<int8_t>(args->second);
      n.value = *count;
      return Add(n);
    }
    if (w == "loser" || w == "losers") {
      absl::StatusOr<std::pair<int, int>> args = SeatAndSuit(true);
      if (!args.ok()) return args.status();
      Node n{.op = Op::kLosers};
      n.seat = static_cast<int8_t>(args->first);
      n.suit = static_cast<int8_t>(args->second);
      return Add(n);
    }
    if (w == "hascard") return HasCard();
    if (w == "shape") return Shape();
    if (w == "score") return Score();
    if (w == "imps" || w == "imp") {
      if (absl::Status s = Expect("("); !s.ok()) return s;
      absl::StatusOr<int> a = Expression();
      if (!a.ok()) return a;
      if (absl::Status s = Expect(")"); !s.ok()) return s;
      Node n{.op = Op::kImps};
      n.a = *a;
      return Add(n);
    }
    if (w == "tricks" || w == "trick" || w == "cccc" || w == "quality") {
      return Error(word, absl::StrCat(w, "() is not supported in kibitzer's scripts"));
    }
    auto it = names_.find(word.text);
    if (it != names_.end()) {
      // A defined name stands for its expression; it reads the seats that expression reads.
      return it->second;
    }
    if (IsCommand(w) || !IsName(w)) return Error(word, "expected an expression");
    return Error(word, "unknown name (define it with `name = expression` before use)");
  }

  absl::StatusOr<int> HasCard() {
    if (absl::Status s = Expect("("); !s.ok()) return s;
    absl::StatusOr<int> seat = SeatArgument();
    if (!seat.ok()) return seat.status();
    if (absl::Status s = Expect(","); !s.ok()) return s;
    const Token& c = Take();
    std::optional<int> card;
    if (c.text.size() == 2) {
      // dealer writes rank then suit (AS, TC); suit then rank is accepted too.
      const std::optional<int> rank = ParseRank(c.text.substr(0, 1));
      const std::optional<int> suit = ParseSuit(c.text[1]);
      if (rank && suit) card = MakeCard(*suit, *rank);
      if (!card) card = ParseCard(c.text);
    }
    if (!card) return Error(c, "expected a card such as AS or TC");
    if (absl::Status s = Expect(")"); !s.ok()) return s;
    Node n{.op = Op::kHasCard};
    n.seat = static_cast<int8_t>(*seat);
    n.card = *card;
    return Add(n);
  }

  // shape(seat, [any] PATTERN {+|- [any] PATTERN})
  absl::StatusOr<int> Shape() {
    if (absl::Status s = Expect("("); !s.ok()) return s;
    absl::StatusOr<int> seat = SeatArgument();
    if (!seat.ok()) return seat.status();
    if (absl::Status s = Expect(","); !s.ok()) return s;
    ShapeSet set;
    bool add = true;
    while (true) {
      bool any = false;
      if (Peek().kind == Tok::kWord && Peek().lower == "any") {
        Take();
        any = true;
      }
      const Token& p = Take();
      std::string pattern = p.lower;
      if (p.kind == Tok::kNumber) pattern = p.text;
      if ((p.kind != Tok::kWord && p.kind != Tok::kNumber) || pattern.size() != 4) {
        return Error(p, "expected a shape of four digits or x, such as 4333 or 54xx");
      }
      int digits[4];
      int fixed_sum = 0, free = 0;
      for (int i = 0; i < 4; ++i) {
        const char ch = pattern[i];
        if (ch == 'x') {
          digits[i] = -1;
          ++free;
        } else if (std::isdigit(static_cast<unsigned char>(ch))) {
          digits[i] = ch - '0';
          fixed_sum += digits[i];
        } else {
          return Error(p, "a shape has only digits and x");
        }
      }
      if (fixed_sum > 13 || (free == 0 && fixed_sum != 13)) {
        return Error(p, "the lengths of a shape add up to 13");
      }
      AddPattern(set, digits, any, add);
      if (IsPunct(Peek(), "+") || IsPunct(Peek(), "-")) {
        add = Take().text == "+";
        continue;
      }
      break;
    }
    if (absl::Status s = Expect(")"); !s.ok()) return s;
    script_.shapes.push_back(set);
    Node n{.op = Op::kShape};
    n.seat = static_cast<int8_t>(*seat);
    n.value = static_cast<int64_t>(script_.shapes.size()) - 1;
    return Add(n);
  }

  static void AddPattern(ShapeSet& set, const int digits[4], bool any, bool add) {
    for (int s = 0; s <= 13; ++s) {
      for (int h = 0; s + h <= 13; ++h) {
        for (int d = 0; s + h + d <= 13; ++d) {
          const int c = 13 - s - h - d;
          const int len[4] = {s, h, d, c};
          bool match = false;
          if (!any) {
            match = true;
            for (int i = 0; i < 4; ++i) match = match && (digits[i] < 0 || digits[i] == len[i]);
          } else {
            // Some order of the suits fits the pattern.
            int perm[4] = {0, 1, 2, 3};
            do {
              bool ok = true;
              for (int i = 0; i < 4; ++i) ok = ok && (digits[i] < 0 || digits[i] == len[perm[i]]);
              match = match || ok;
            } while (!match && std::next_permutation(perm, perm + 4));
          }
          if (match) set[ShapeIndex(s, h, d, c)] = add;
        }
      }
    }
  }

  // score(vul|nonvul, xLS, tricks): the score of contract LS (e.g. x3N) when declarer takes tricks.
  absl::StatusOr<int> Score() {
    if (absl::Status s = Expect("("); !s.ok()) return s;
    const Token& v = Take();
    if (v.lower != "vul" && v.lower != "nonvul") return Error(v, "expected vul or nonvul");
    const bool vulnerable = v.lower == "vul";
    if (absl::Status s = Expect(","); !s.ok()) return s;
    const Token& c = Take();
    if (c.lower.size() != 3 || c.lower[0] != 'x' || c.lower[1] < '1' || c.lower[1] > '7' ||
        !ParseStrain(c.lower.substr(2, 1))) {
      return Error(c, "expected a contract such as x3N or x4S");
    }
    if (absl::Status s = Expect(","); !s.ok()) return s;
    absl::StatusOr<int> tricks = Expression();
    if (!tricks.ok()) return tricks;
    if (absl::Status s = Expect(")"); !s.ok()) return s;
    Node n{.op = Op::kScore};
    n.value = vulnerable ? 1 : 0;
    n.card = c.lower[1] - '0';
    n.suit = static_cast<int8_t>(*ParseStrain(c.lower.substr(2, 1)));
    n.a = *tricks;
    return Add(n);
  }

  std::vector<Token> tokens_;
  size_t pos_ = 0;
  std::string field_;
  Script script_;
  std::map<std::string, int> names_;
  std::vector<const Token*> where_;  // for each node, the token its errors point at
  int nesting_ = 0;
};

}  // namespace

absl::StatusOr<Script> ParseScript(absl::string_view text, absl::string_view field) {
  absl::StatusOr<std::vector<Token>> tokens = Lexer(text).Run(field);
  if (!tokens.ok()) return tokens.status();
  return Parser(*std::move(tokens), field).Run();
}

}  // namespace kibitzer::bridge::dealer
