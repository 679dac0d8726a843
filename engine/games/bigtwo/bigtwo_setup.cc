// Setting up a Big Two position: notation, rules options, the seat's view and the plays so far.
#include <algorithm>
#include <optional>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "engine/games/bigtwo/bigtwo_game.h"
#include "engine/games/bigtwo/rules/rules_options.h"

namespace kibitzer::bigtwo {
namespace {

absl::StatusOr<int> ParseSeat(const std::string& text, int players, const std::string& field) {
  if (text.size() == 1 && text[0] >= '1' && text[0] < '1' + players) return text[0] - '1';
  return absl::InvalidArgumentError(
      absl::StrCat(field, ": '", text, "' is not a seat (1 to ", players, ")"));
}

// Why `m` may not be played now (for error messages); empty when it may.
std::string WhyIllegal(const Move& m, const State& s, Mask unseen) {
  const Variant v = s.rules().variant;
  const int p = s.CurrentPlayer();
  if (m.IsPass()) return s.Leading() ? "the player on lead may not pass" : "";
  if (!s.Leading() && s.rules().pass_is_final && s.HasPassed(p)) {
    return absl::StrCat("seat ", p + 1, " passed and may not play again until the next lead");
  }
  const Mask owner = s.Known(p) ? s.hand(p) : unseen;
  if (const Mask missing = m.cards & ~owner; missing != 0) {
    return absl::StrCat("seat ", p + 1, " does not hold ", CardName(__builtin_ctzll(missing), v));
  }
  if (!s.Known(p) && m.size() > s.count(p)) {
    return absl::StrCat("seat ", p + 1, " holds only ", s.count(p), " cards");
  }
  if (s.Leading() && s.must_include() != 0 && (m.cards & s.must_include()) == 0) {
    return absl::StrCat("the first play must include ",
                        CardName(__builtin_ctzll(s.must_include()), v));
  }
  if (!s.Leading() && !Beats(m, s.table(), s.rules())) {
    return absl::StrCat("a ", KindName(m.kind), " does not beat the ", KindName(s.table().kind),
                        " ", FormatPlay(s.table(), v), " on the table");
  }
  return "";
}

// Plays `texts` from `state` (each checked), their canonical texts into `played`.
absl::Status Replay(const std::vector<std::string>& texts, State& state, Mask unseen,
                    std::vector<std::string>* played) {
  const Variant v = state.rules().variant;
  for (size_t i = 0; i < texts.size(); ++i) {
    const std::string field = absl::StrCat("moves[", i, "]");
    if (state.IsTerminal()) {
      return absl::InvalidArgumentError(
          absl::StrCat(field, ": '", texts[i], "' is not legal: the game is over"));
    }
    absl::StatusOr<Move> m = ParseMove(texts[i], state, field);
    if (!m.ok()) return m.status();
    if (const std::string why = WhyIllegal(*m, state, unseen); !why.empty()) {
      return absl::InvalidArgumentError(
          absl::StrCat(field, ": '", texts[i], "' is not legal: ", why));
    }
    unseen &= ~m->cards;
    if (played != nullptr) played->push_back(FormatPlay(*m, v));
    state.Play(*m);
  }
  return absl::OkStatus();
}

}  // namespace

std::string SeatName(int seat) { return std::to_string(seat + 1); }

absl::StatusOr<Move> ParseMove(const std::string& text, const State& state,
                               const std::string& field) {
  const std::string lower = absl::AsciiStrToLower(text);
  if (lower == "pass" || lower == "p") return Move{};
  absl::StatusOr<Mask> cards = ParseCards(text, state.rules().variant, field);
  if (!cards.ok()) return cards.status();
  if (*cards == 0) {
    return absl::InvalidArgumentError(absl::StrCat(field, ": empty play (write 'pass')"));
  }
  const Move m = Classify(*cards, state.rules());
  if (!IsCombination(m)) {
    return absl::InvalidArgumentError(absl::StrCat(field, ": '", text, "' is not a combination of ",
                                                   VariantName(state.rules().variant)));
  }
  return m;
}

namespace {

// The hands the notation gives: which are known, and every card in them.
struct Dealt {
  std::array<Mask, kMaxPlayers> hands{};
  uint8_t known = 0;  // a bit per seat
  Mask all = 0;
  Mask KnownCards(uint8_t seats, int n) const {
    Mask k = 0;
    for (int p = 0; p < n; ++p) k |= (seats >> p & 1) ? hands[p] : 0;
    return k;
  }
};

absl::StatusOr<Dealt> ParseHands(const std::string& notation, int n, Variant v) {
  std::vector<std::string> words =
      absl::StrSplit(notation, absl::ByAnyChar(" \t\n/"), absl::SkipEmpty());
  if (static_cast<int>(words.size()) != n) {
    return absl::InvalidArgumentError(absl::StrCat(
        "notation: ", n, " hands expected (seat 1 first, '-' for a hand not known), got ",
        words.size()));
  }
  Dealt d;
  for (int p = 0; p < n; ++p) {
    if (words[p] == "-") continue;
    const std::string field = absl::StrCat("notation: hand ", p + 1);
    absl::StatusOr<Mask> h = ParseCards(words[p], v, field);
    if (!h.ok()) return h.status();
    if (__builtin_popcountll(*h) != kHandSize) {
      return absl::InvalidArgumentError(
          absl::StrCat(field, " has ", __builtin_popcountll(*h), " cards; every hand is dealt 13"));
    }
    if (const Mask twice = *h & d.all; twice != 0) {
      return absl::InvalidArgumentError(
          absl::StrCat(field, ": ", CardName(__builtin_ctzll(twice), v), " is in two hands"));
    }
    d.hands[p] = *h;
    d.all |= *h;
    d.known |= static_cast<uint8_t>(1 << p);
  }
  return d;
}

// Who leads is seen by every seat: in a seat view of hands given whole, from the hands given
// (-1 when they do not tell).
int DealtLeader(const Dealt& d, int n) {
  int leader = -1;
  if (d.known == (1 << n) - 1 || (n == kMaxPlayers && d.known != 0)) {
    const int first = n == kMaxPlayers ? 0 : __builtin_ctzll(d.all);
    for (int p = 0; p < n; ++p) {
      if ((d.known >> p & 1) && (d.hands[p] & Bit(first))) leader = p;
    }
  }
  return leader;
}

// The leader and the lowest card dealt, as far as the seats `known` show them.
struct Lead {
  int leader = -1;
  int lowest = -1;
};

// The leader holds the lowest card dealt: card 0 with four players; with fewer, the lowest known
// card when no hidden hand could hold a lower one.
Lead SeenLead(const Dealt& d, uint8_t known, int n) {
  Lead lead;
  const Mask known_cards = d.KnownCards(known, n);
  if (n == kMaxPlayers || known == (1 << n) - 1 || (known_cards & Bit(0))) {
    lead.lowest = n == kMaxPlayers ? 0 : __builtin_ctzll(known_cards);
    for (int p = 0; p < n; ++p) {
      if ((known >> p & 1) && (d.hands[p] & Bit(lead.lowest))) lead.leader = p;
    }
  }
  return lead;
}

// `given`, the leader named or seen in the hands given whole, checked against what the seats
// `known` show; the lowest card dealt is the leader's lowest when it is known.
absl::StatusOr<Lead> GivenLead(const Dealt& d, uint8_t known, int n, Variant v, Lead lead,
                               int given) {
  if (lead.leader >= 0 && given != lead.leader) {
    return absl::InvalidArgumentError(absl::StrCat("options[leader]: seat ", lead.leader + 1,
                                                   " holds ", CardName(lead.lowest, v),
                                                   " and leads"));
  }
  if (lead.lowest >= 0 && (known >> given & 1) && !(d.hands[given] & Bit(lead.lowest))) {
    return absl::InvalidArgumentError(absl::StrCat("options[leader]: seat ", given + 1,
                                                   " does not hold ", CardName(lead.lowest, v),
                                                   ", and the hand that holds it leads"));
  }
  lead.leader = given;
  if (lead.lowest < 0 && (known >> given & 1)) {
    lead.lowest = __builtin_ctzll(d.hands[given]);
    const int hidden = (n - __builtin_popcount(known)) * kHandSize;
    const Mask higher = kDeck & ~d.KnownCards(known, n) & ~((Bit(lead.lowest) << 1) - 1);
    if (__builtin_popcountll(higher) < hidden) {
      return absl::InvalidArgumentError(absl::StrCat(
          "options[leader]: seat ", given + 1, " leads, so its ", CardName(lead.lowest, v),
          " is the lowest card dealt, but only ", __builtin_popcountll(higher),
          " cards are higher for the ", hidden, " of the hidden hands"));
    }
  }
  return lead;
}

// Who leads and the lowest card dealt, from the hands the seats `known` show and
// options[leader] (0: not named); `dealt_leader` as DealtLeader.
absl::StatusOr<Lead> FindLead(const Dealt& d, uint8_t known, int n, Variant v, int named,
                              int dealt_leader) {
  Lead lead = SeenLead(d, known, n);
  std::optional<int> given;
  if (named != 0) {
    absl::StatusOr<int> seat = ParseSeat(std::to_string(named), n, "options[leader]");
    if (!seat.ok()) return seat.status();
    given = *seat;
  } else if (lead.leader < 0 && dealt_leader >= 0) {
    given = dealt_leader;
  }
  if (given.has_value()) {
    absl::StatusOr<Lead> checked = GivenLead(d, known, n, v, lead, *given);
    if (!checked.ok()) return checked.status();
    lead = *checked;
  }
  if (lead.leader < 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("notation: the hand that holds ",
                     n == kMaxPlayers ? CardName(0, v) : "the lowest card dealt",
                     " leads; give that hand, or the seat that leads as options[leader]"));
  }
  return lead;
}

}  // namespace

absl::StatusOr<std::unique_ptr<BigTwoState>> SetupBigTwo(const core::PositionSpec& spec) {
  absl::StatusOr<PositionOptions> options = PositionOptionSet().Parse(spec.options, "options");
  if (!options.ok()) return options.status();
  absl::StatusOr<Rules> rules = RulesOf(spec.variant, *options, "options");
  if (!rules.ok()) return rules.status();
  const int n = rules->players;
  const Variant v = rules->variant;
  absl::StatusOr<Dealt> dealt = ParseHands(spec.notation, n, v);
  if (!dealt.ok()) return dealt.status();
  const Dealt& d = *dealt;
  std::string seat;
  int seat_index = -1;
  if (!spec.seat.empty()) {
    absl::StatusOr<int> s = ParseSeat(spec.seat, n, "seat");
    if (!s.ok()) return s.status();
    seat_index = *s;
    seat = SeatName(*s);
  }
  // A seat's position is that seat's knowledge, whatever else the notation gives.
  uint8_t known = d.known;
  if (seat_index >= 0) known &= static_cast<uint8_t>(1 << seat_index);
  if (seat_index >= 0 && known != (1 << n) - 1 && !(known >> seat_index & 1)) {
    return absl::InvalidArgumentError(
        absl::StrCat("seat: seat ", seat, "'s hand is not given, so this is not its view"));
  }
  absl::StatusOr<Lead> lead = FindLead(d, known, n, v, options->leader, DealtLeader(d, n));
  if (!lead.ok()) return lead.status();
  if (d.known != known) {
    // The moves are checked on every hand the notation gives, then the view forgets the rest.
    State full(*rules, d.hands, d.known, lead->leader,
               d.known == (1 << n) - 1 && n < kMaxPlayers ? __builtin_ctzll(d.all) : lead->lowest);
    if (absl::Status s = Replay(spec.moves, full, kDeck & ~d.all, nullptr); !s.ok()) return s;
  }
  State state(*rules, d.hands, known, lead->leader, lead->lowest);
  std::vector<std::string> moves;
  if (absl::Status s = Replay(spec.moves, state, kDeck & ~d.KnownCards(known, n), &moves);
      !s.ok()) {
    return s;
  }
  std::array<Mask, kMaxPlayers> seen{};
  for (int p = 0; p < n; ++p) seen[p] = (known >> p & 1) ? d.hands[p] : 0;
  return std::make_unique<BigTwoState>(state, seen, std::move(moves), seat);
}

core::PositionSpec BigTwoState::Normalized() const {
  core::PositionSpec spec;
  const Rules& r = state_.rules();
  spec.variant = VariantName(r.variant);
  std::vector<std::string> hands;
  for (int p = 0; p < r.players; ++p) {
    hands.push_back(state_.Known(p) ? FormatCards(dealt_[p], r.variant) : "-");
  }
  spec.notation = absl::StrJoin(hands, " ");
  spec.moves = moves_;
  spec.seat = seat_;
  spec.options = RuleOptions(r);
  if (hidden()) {
    const int leader = state_.ply() > 0 ? state_.history_player(0) : state_.CurrentPlayer();
    spec.options["leader"] = SeatName(leader);
  }
  return spec;
}

std::string BigTwoState::SideToMove() const {
  return state_.IsTerminal() ? "" : SeatName(state_.CurrentPlayer());
}

std::vector<std::string> BigTwoState::LegalMoves() const {
  std::vector<std::string> out;
  if (state_.IsTerminal() || !state_.Known(state_.CurrentPlayer())) return out;
  std::vector<Move> moves(kMaxMoves);
  moves.resize(static_cast<size_t>(state_.GenerateMoves(moves.data())));
  std::sort(moves.begin(), moves.end(), PlayLess);
  for (const Move& m : moves) out.push_back(FormatPlay(m, state_.rules().variant));
  return out;
}

std::string BigTwoState::Outcome() const {
  if (!state_.IsTerminal()) return "";
  int points[kMaxPlayers];
  state_.Returns(points);
  std::vector<std::string> parts;
  for (int p = 0; p < state_.NumPlayers(); ++p) {
    parts.push_back(absl::StrCat(p + 1, ": ", points[p] > 0 ? "+" : "", points[p]));
  }
  return absl::StrCat("seat ", state_.winner() + 1, " wins (", absl::StrJoin(parts, ", "), ")");
}

core::Knowledge BigTwoState::GetKnowledge() const {
  core::Knowledge k;
  const Variant v = state_.rules().variant;
  for (int p = 0; p < state_.NumPlayers(); ++p) {
    if (state_.Known(p)) {
      k.known.push_back(absl::StrCat("seat ", p + 1, " holds ", FormatCards(state_.hand(p), v)));
    } else {
      k.hidden.push_back(absl::StrCat("seat ", p + 1, "'s ", state_.count(p), " cards"));
      k.hidden_cards += state_.count(p);
    }
  }
  k.known.push_back(absl::StrCat(
      "plays so far: ", moves_.size(),
      ", the table: ", state_.Leading() ? "empty (a lead)" : FormatPlay(state_.table(), v)));
  if (hidden() && state_.NumPlayers() < kMaxPlayers) {
    k.hidden.push_back(
        absl::StrCat(kCards - kHandSize * state_.NumPlayers(), " cards out of play"));
  }
  return k;
}

}  // namespace kibitzer::bigtwo
