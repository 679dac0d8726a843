#include "engine/games/scrabble/rules/position.h"

#include <optional>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "engine/core/quote.h"

namespace kibitzer::scrabble {
namespace {

std::string SquareName(int row, int col) {
  return absl::StrCat(std::string(1, static_cast<char>('A' + col)), row + 1);
}

std::string WordOf(const Letter* letters, int n) {
  std::string w;
  for (int i = 0; i < n; ++i) w.push_back(static_cast<char>('A' + letters[i] - 1));
  return w;
}

}  // namespace

std::string SeatName(int seat) { return seat == 0 ? "1" : "2"; }

std::string Coordinates(int dir, int row, int col) {
  const std::string letter(1, static_cast<char>('A' + col));
  return dir == kAcross ? absl::StrCat(row + 1, letter) : absl::StrCat(letter, row + 1);
}

Position::Position(std::shared_ptr<const Kwg> kwg, std::string lexicon, Rules rules,
                   std::shared_ptr<const LeaveTable> leaves)
    : kwg_(std::move(kwg)),
      leaves_(std::move(leaves)),
      lexicon_(std::move(lexicon)),
      rules_(rules) {}

void Position::SetRack(int seat, const Rack& rack) { sides_[seat] = Side{rack, true, rack.size}; }

void Position::ForgetRack(int seat) {
  sides_[seat].known = false;
  sides_[seat].rack = Rack{};
}

void Position::HideFrom(int viewer) {
  ForgetRack(1 - viewer);
  bag_known_ = false;
  bag_.clear();
  InferLastRack();
}

Rack Position::Pool() const {
  Rack pool = FullBag();
  for (int r = 0; r < kDim; ++r) {
    for (int c = 0; c < kDim; ++c) {
      const Tile t = board_.at(r, c);
      if (t != kEmpty) pool.Remove(IsBlankTile(t) ? kBlank : LetterOf(t));
    }
  }
  for (const Side& s : sides_) pool.RemoveAll(s.rack);  // what is known of each rack
  return pool;
}

Rack Position::Unseen(int seat) const {
  Rack unseen = Pool();
  unseen.AddAll(sides_[1 - seat].rack);
  return unseen;
}

absl::Status Position::Finish(const std::string& field) {
  std::array<int, kTileKinds> used{};
  for (int r = 0; r < kDim; ++r) {
    for (int c = 0; c < kDim; ++c) {
      const Tile t = board_.at(r, c);
      if (t != kEmpty) ++used[IsBlankTile(t) ? kBlank : LetterOf(t)];
    }
  }
  for (const Side& s : sides_) {
    if (!s.known) continue;
    for (int k = 0; k < kTileKinds; ++k) used[k] += s.rack.count[k];
  }
  for (int k = 0; k < kTileKinds; ++k) {
    if (used[k] > kDistribution[k]) {
      return absl::InvalidArgumentError(absl::StrCat(
          field, ": ", used[k], " ", k == kBlank ? "blanks" : std::string(1, RackChar(k)) + "s",
          " on the board and the racks; the tile set has ", kDistribution[k]));
    }
  }
  int pool = Pool().size;
  for (int i = 0; i < 2; ++i) {
    Side& s = sides_[(to_move_ + i) % 2];
    if (s.known) continue;
    s.size = std::min(kRackSize, pool);
    pool -= s.size;
  }
  bag_size_ = pool;
  for (int seat = 0; seat < 2; ++seat) {
    const Side& s = sides_[seat];
    if (s.known && bag_size_ > 0 && s.size < kRackSize) {
      return absl::InvalidArgumentError(
          absl::StrCat(field, ": seat ", SeatName(seat), "'s rack ", FormatRack(s.rack), " has ",
                       s.size, " tiles, but with ", bag_size_, " tiles in the bag a rack holds 7"));
    }
  }
  InferLastRack();
  board_.Refresh(*kwg_);
  over_ = zero_turns_ >= rules_.scoreless_turns ||
          (bag_size_ == 0 && (sides_[0].size == 0 || sides_[1].size == 0));
  return absl::OkStatus();
}

absl::Status Position::SetBag(const std::vector<uint8_t>& kinds, const std::string& field) {
  if (!sides_[0].known || !sides_[1].known) {
    return absl::InvalidArgumentError(
        absl::StrCat(field, ": the bag's order can be given only with both racks"));
  }
  Rack given;
  for (uint8_t k : kinds) given.Add(k);
  const Rack pool = Pool();
  if (!(given == pool)) {
    return absl::InvalidArgumentError(absl::StrCat(field, ": the bag must hold exactly the ",
                                                   pool.size, " tiles not on the board or a rack (",
                                                   FormatRack(pool), "), got ", FormatRack(given)));
  }
  bag_ = kinds;
  bag_known_ = true;
  return absl::OkStatus();
}

absl::Status Position::GiveRack(int seat, const Rack& rack, const std::string& field,
                                bool partial) {
  Side& s = sides_[seat];
  if (rack.size != s.size && !(partial && rack.size < s.size)) {
    return absl::InvalidArgumentError(absl::StrCat(field, ": the rack ", FormatRack(rack), " has ",
                                                   rack.size, " tiles; seat ", SeatName(seat),
                                                   " holds ", s.size));
  }
  Rack available = Pool();
  available.AddAll(s.rack);
  if (!available.Contains(rack)) {
    return absl::InvalidArgumentError(absl::StrCat(field, ": the rack ", FormatRack(rack),
                                                   " is not among the tiles left (",
                                                   FormatRack(available), ")"));
  }
  s.rack = rack;
  s.known = rack.size == s.size;
  if (bag_known_) {
    bag_known_ = false;  // a rack from outside the bag's order: the order no longer holds
    bag_.clear();
  }
  return absl::OkStatus();
}

void Position::Adjust(int seat, int points, const std::string& label) {
  scores_[seat] += points;
  if (recording_) record_.push_back(RecordLine{seat, "", label, points, scores_[seat]});
}

void Position::WithdrawPhony(const RecordLine& phony) {
  if (recording_) record_.push_back(phony);
  Apply(Move{});  // a pass: the turn is lost, and it is a scoreless one
  if (recording_) {
    record_.back().move = "--";
    record_.back().score = -phony.score;
  }
}

void Position::InferLastRack() {
  if (bag_size_ != 0 || sides_[0].known == sides_[1].known) return;
  const int seat = sides_[0].known ? 1 : 0;
  sides_[seat].rack.AddAll(Pool());  // what was known of it, and every tile not seen
  sides_[seat].size = sides_[seat].rack.size;
  sides_[seat].known = true;
}

std::string Position::Format(const Move& m) const {
  switch (m.kind) {
    case Move::kPass:
      return "-";
    case Move::kExchange:
      return "-" + FormatRack(m.Used());
    case Move::kPlace:
      break;
  }
  std::string word;
  for (int i = 0; i < m.length; ++i) {
    const Tile t = m.tiles[i] != kEmpty ? m.tiles[i] : board_.at(m.Row(i), m.Col(i));
    word.push_back(TileChar(t));
  }
  return absl::StrCat(Coordinates(m.dir, m.Row(0), m.Col(0)), " ", word);
}

namespace {

// "-ABC": the tiles exchanged.
absl::StatusOr<Move> ParseExchange(std::string_view tiles, const std::string& field) {
  absl::StatusOr<Rack> rack = ParseRack(tiles, kRackSize, field);
  if (!rack.ok()) return rack.status();
  Move m;
  m.kind = Move::kExchange;
  for (int k = 0; k < kTileKinds; ++k) {
    for (int j = 0; j < rack->count[k]; ++j) m.tiles[m.length++] = static_cast<Tile>(k);
  }
  return m;
}

// A play's word as written: Quackle writes the tiles a play goes through in parentheses, so
// 8D Q(U)A is 8D QUA (or Q.A). Nullopt when the parentheses do not balance.
struct Spelling {
  std::string word;
  std::vector<bool> through;  // per letter of `word`: given in parentheses
};
std::optional<Spelling> ReadSpelling(const std::string& text) {
  Spelling s;
  bool open = false;
  for (const char c : text) {
    if (c == '(' || c == ')') {
      if (open == (c == '(')) return std::nullopt;
      open = c == '(';
      continue;
    }
    s.word += c;
    s.through.push_back(open);
  }
  if (open) return std::nullopt;
  return s;
}

// The row number of `digits` (1 or 2 digits, 1..15), else 0.
int RowNumber(std::string_view digits) {
  if (digits.empty() || digits.size() > 2) return 0;
  int r = 0;
  for (const char d : digits) {
    if (!absl::ascii_isdigit(static_cast<unsigned char>(d))) return 0;
    r = r * 10 + (d - '0');
  }
  return r <= kDim ? r : 0;
}

// The start square and direction: 8D (row 8 from column D, across) or D8 (down). False when
// `square` is neither.
bool ReadSquare(const std::string& square, Move& m) {
  if (square.size() < 2) return false;
  const bool across = absl::ascii_isdigit(static_cast<unsigned char>(square[0]));
  const Letter c = LetterOfChar(across ? square.back() : square[0]);
  const int r = RowNumber(across ? std::string_view(square).substr(0, square.size() - 1)
                                 : std::string_view(square).substr(1));
  if (c == 0 || c > kDim || r == 0) return false;
  m.dir = across ? kAcross : kDown;
  m.line = static_cast<uint8_t>(across ? r - 1 : c - 1);
  m.start = static_cast<uint8_t>(across ? c - 1 : r - 1);
  return true;
}

}  // namespace

absl::StatusOr<Move> Position::Parse(std::string_view text, const std::string& field) const {
  const std::string t(absl::StripAsciiWhitespace(absl::string_view(text.data(), text.size())));
  const auto bad = [&](std::string why) {
    return absl::InvalidArgumentError(absl::StrCat(field, ": ", core::Quote(text), " ", why));
  };
  if (t == "-" || absl::AsciiStrToLower(t) == "pass") return Move{};
  if (!t.empty() && t[0] == '-') return ParseExchange(std::string_view(t).substr(1), field);
  const std::vector<std::string> parts = absl::StrSplit(t, ' ', absl::SkipWhitespace());
  if (parts.size() != 2) {
    return bad(
        "is not a move (write 8D WORD across from D8, D8 WORD down, -ABC to exchange, - to pass)");
  }
  const std::optional<Spelling> spelled = ReadSpelling(parts[1]);
  if (!spelled) return bad("has unbalanced parentheses");
  const std::string& word = spelled->word;
  Move m;
  m.kind = Move::kPlace;
  if (!ReadSquare(parts[0], m)) {
    return bad("does not start with a square (8D: row 8 from column D, across; D8: down)");
  }
  if (word.size() < 2 || word.size() > kDim) return bad("has no word of 2 to 15 letters");
  if (m.start + word.size() > kDim) return bad("runs off the board");
  m.length = static_cast<uint8_t>(word.size());
  for (int i = 0; i < m.length; ++i) {
    const char c = word[static_cast<size_t>(i)];
    const Tile on = board_.at(m.Row(i), m.Col(i));
    const Letter l = LetterOfChar(c);
    if (c != '.' && l == 0) return bad(absl::StrCat("has '", std::string(1, c), "', not a letter"));
    if (on != kEmpty) {
      if (c != '.' && l != LetterOf(on)) {
        return bad(absl::StrCat("is not legal: square ", SquareName(m.Row(i), m.Col(i)),
                                " is taken by ", std::string(1, TileChar(on))));
      }
      continue;
    }
    if (spelled->through[static_cast<size_t>(i)]) {
      return bad(absl::StrCat("has (", std::string(1, c), ") on the empty square ",
                              SquareName(m.Row(i), m.Col(i)),
                              " (parentheses stand for tiles on the board)"));
    }
    if (c == '.') {
      return bad(absl::StrCat("has '.' on the empty square ", SquareName(m.Row(i), m.Col(i)),
                              " ('.' stands for a tile on the board)"));
    }
    m.tiles[i] = absl::ascii_isupper(static_cast<unsigned char>(c)) ? l : (l | kBlankBit);
    ++m.placed;
  }
  const auto occupied = [&](int p) {
    return p >= 0 && p < kDim && board_.At(m.dir, m.line, p) != kEmpty;
  };
  if (occupied(m.start - 1) || occupied(m.start + m.length)) {
    return bad("is not the whole word: the tiles next to it belong to the main word");
  }
  if (m.placed == 0) return bad("places no tile");
  if (m.placed == 1 && m.dir == kDown) AcrossIfItFormsAWord(m);
  return m;
}

void Position::AcrossIfItFormsAWord(Move& m) const {
  int i = 0;
  while (m.tiles[static_cast<size_t>(i)] == kEmpty) ++i;
  const int row = m.Row(i), col = m.Col(i);
  const Tile tile = m.tiles[static_cast<size_t>(i)];
  int first = col, last = col;
  while (first > 0 && board_.at(row, first - 1) != kEmpty) --first;
  while (last + 1 < kDim && board_.at(row, last + 1) != kEmpty) ++last;
  if (first == last) return;  // no across word: down is the only way to write it
  m.dir = kAcross;
  m.line = static_cast<uint8_t>(row);
  m.start = static_cast<uint8_t>(first);
  m.length = static_cast<uint8_t>(last - first + 1);
  m.tiles.fill(kEmpty);
  m.tiles[static_cast<size_t>(col - first)] = tile;
}

std::string Position::WhyIllegal(Move* m, bool words) const {
  if (over_) return "the game is over";
  const Side& s = sides_[to_move_];
  if (m->kind == Move::kPass) return "";
  const Rack used = m->Used();
  if (!s.known) {
    // A rack not wholly known (the other side's, or one whose draw is not told): the tiles not
    // known to be on it must be among those unseen.
    if (used.size > s.size) {
      return absl::StrCat("seat ", SeatName(to_move_), " holds only ", s.size, " tiles");
    }
    Rack rest = used;
    rest.RemoveAll(Common(used, s.rack));
    if (!Pool().Contains(rest)) {
      return absl::StrCat(FormatRack(rest), " are not among the tiles seat ", SeatName(to_move_),
                          " may hold");
    }
  } else if (!s.rack.Contains(used)) {
    for (int k = 0; k < kTileKinds; ++k) {
      if (used.count[k] > s.rack.count[k]) {
        return absl::StrCat(k == kBlank ? "a blank" : std::string(1, RackChar(k)),
                            " is not on the rack ", FormatRack(s.rack),
                            used.count[k] > 1 && s.rack.count[k] > 0 ? " as often" : "");
      }
    }
  }
  if (m->kind == Move::kExchange) {
    if (used.size > bag_size_) {
      return absl::StrCat("the bag holds only ", bag_size_, " tiles to exchange for");
    }
    if (bag_size_ < rules_.exchange_min) {
      return absl::StrCat("an exchange needs at least ", rules_.exchange_min,
                          " tiles in the bag, and ", bag_size_, " are left");
    }
    return "";
  }
  bool connected = false, centre = false;
  Letter main[kDim];
  int main_score = 0, word_mult = 1, cross_total = 0;
  const int perp = 1 - m->dir;
  for (int i = 0; i < m->length; ++i) {
    const int row = m->Row(i), col = m->Col(i);
    const Tile placed = m->tiles[i];
    const Tile t = placed != kEmpty ? placed : board_.at(row, col);
    main[i] = LetterOf(t);
    if (placed == kEmpty) {
      connected = true;
      main_score += TileScore(t);
      continue;
    }
    centre |= row == kCentre && col == kCentre;
    const Premium p = PremiumAt(row, col);
    const int v = TileScore(t) * p.letter;
    main_score += v;
    word_mult *= p.word;
    // The cross word through this tile.
    const int line = perp == kAcross ? row : col;
    const int at = perp == kAcross ? col : row;
    int a = at, b = at;
    while (a > 0 && board_.At(perp, line, a - 1) != kEmpty) --a;
    while (b < kDim - 1 && board_.At(perp, line, b + 1) != kEmpty) ++b;
    if (a == b) continue;
    connected = true;
    Letter cross[kDim];
    int cross_score = v;
    for (int q = a; q <= b; ++q) {
      const Tile c = q == at ? t : board_.At(perp, line, q);
      cross[q - a] = LetterOf(c);
      if (q != at) cross_score += TileScore(c);
    }
    if (words && !kwg_->Contains(cross, b - a + 1)) {
      return absl::StrCat(WordOf(cross, b - a + 1), " is not a word of ", lexicon_);
    }
    cross_total += cross_score * p.word;
  }
  if (board_.empty()) {
    if (!centre) return "the first play must cover H8";
  } else if (!connected) {
    return "it does not touch the tiles on the board";
  }
  if (words && !kwg_->Contains(main, m->length)) {
    return absl::StrCat(WordOf(main, m->length), " is not a word of ", lexicon_);
  }
  m->score = static_cast<int16_t>(main_score * word_mult + cross_total +
                                  (m->placed == kRackSize ? kBingoBonus : 0));
  return "";
}

void Position::Draw(int seat, int n) {
  Side& s = sides_[seat];
  n = std::min(n, bag_size_);
  if (n == 0) return;
  bag_size_ -= n;
  s.size += n;
  if (bag_known_) {
    for (int i = 0; i < n; ++i) s.rack.Add(bag_[static_cast<size_t>(i)]);
    bag_.erase(bag_.begin(), bag_.begin() + n);
  } else {
    s.known = false;  // the leave stays known; the tiles drawn are not (AddDrawn tells them)
  }
}

absl::Status Position::AddDrawn(int seat, const Rack& tiles, const std::string& field) {
  Side& s = sides_[seat];
  const int unknown = s.size - s.rack.size;
  if (tiles.size > unknown) {
    return absl::InvalidArgumentError(
        absl::StrCat(field, ": seat ", SeatName(seat), " has ", unknown, " tiles not known (",
                     FormatRack(s.rack), " of ", s.size, " known), not ", tiles.size));
  }
  const Rack pool = Pool();
  if (!pool.Contains(tiles)) {
    return absl::InvalidArgumentError(absl::StrCat(field, ": ", FormatRack(tiles),
                                                   " are not among the tiles unseen (",
                                                   FormatRack(pool), ")"));
  }
  s.rack.AddAll(tiles);
  s.known = s.rack.size == s.size;
  InferLastRack();
  return absl::OkStatus();
}

void Position::Apply(const Move& m) {
  const int seat = to_move_;
  Side& s = sides_[seat];
  RecordLine line;
  if (recording_) line = RecordLine{seat, s.known ? FormatRack(s.rack) : "", Format(m), m.score, 0};
  const Rack used = m.Used();
  switch (m.kind) {
    case Move::kPlace:
      board_.Place(m, *kwg_);
      s.rack.RemoveAll(s.known ? used : Common(used, s.rack));  // not wholly known: its known part
      s.size -= used.size;
      scores_[seat] += m.score;
      zero_turns_ = 0;
      Draw(seat, used.size);
      break;
    case Move::kExchange:
      s.rack.RemoveAll(s.known ? used : Common(used, s.rack));
      s.size -= used.size;
      Draw(seat, used.size);
      bag_size_ += used.size;
      if (bag_known_) {
        for (int k = 0; k < kTileKinds; ++k) bag_.insert(bag_.end(), used.count[k], uint8_t(k));
      }
      ++zero_turns_;
      break;
    case Move::kPass:
      ++zero_turns_;
      break;
  }
  if (recording_) {
    line.total = scores_[seat];
    record_.push_back(std::move(line));
  }
  InferLastRack();
  if (m.kind == Move::kPlace && s.size == 0 && bag_size_ == 0) {
    EndGame(seat);
  } else if (zero_turns_ >= rules_.scoreless_turns) {
    EndGame(-1);
  } else {
    to_move_ = 1 - seat;
  }
}

void Position::EndGame(int out_seat) {
  over_ = true;
  const auto adjust = [&](int seat, const Rack& rack, int points) {
    scores_[seat] += points;
    if (!recording_) return;
    record_.push_back(RecordLine{seat, FormatRack(sides_[seat].rack), "(" + FormatRack(rack) + ")",
                                 points, scores_[seat]});
  };
  if (out_seat >= 0) {
    const Side& other = sides_[1 - out_seat];
    if (!other.known) return;
    const int v = other.rack.Points();
    if (rules_.classic_end) {
      adjust(out_seat, other.rack, v);
      adjust(1 - out_seat, other.rack, -v);
    } else {
      adjust(out_seat, other.rack, 2 * v);
    }
    return;
  }
  for (int seat = 0; seat < 2; ++seat) {
    if (sides_[seat].known) adjust(seat, sides_[seat].rack, -sides_[seat].rack.Points());
  }
}

std::string Position::Outcome() const {
  if (!over_) return "";
  const int a = scores_[0], b = scores_[1];
  if (a == b) return absl::StrCat("a draw, ", a, " to ", b);
  return absl::StrCat("seat ", a > b ? "1" : "2", " wins, ", std::max(a, b), " to ",
                      std::min(a, b));
}

}  // namespace kibitzer::scrabble
