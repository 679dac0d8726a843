// Setting up a tarok position: notation, rules options, the contract, the moves and a seat's view.
#include <algorithm>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "engine/core/quote.h"
#include "engine/games/tarok/tarok_game.h"
#include "engine/games/tarok/view/sampler.h"
#include "engine/games/tarok/view/view.h"

namespace kibitzer::tarok {
namespace {

absl::StatusOr<DealCards> ParseDeal(const std::string& notation) {
  std::vector<std::string> words =
      absl::StrSplit(notation, absl::ByAnyChar(" \t\n"), absl::SkipEmpty());
  if (words.size() != 4 && words.size() != 5) {
    return absl::InvalidArgumentError(absl::StrCat(
        "notation: 4 fields expected (the hands of seats 1, 2, 3 and the talon, '-' for one not "
        "known), or 5 for four players, got ",
        words.size()));
  }
  DealCards d;
  d.players = static_cast<int>(words.size()) - 1;
  const int per_hand = CardsPerHand(d.players);
  Mask all = 0;
  for (int p = 0; p < d.players; ++p) {
    if (words[p] == "-") {
      d.known[p] = false;
      continue;
    }
    const std::string field = absl::StrCat("notation: hand ", SeatName(p));
    absl::StatusOr<Mask> h = ParseCards(words[p], field);
    if (!h.ok()) return h.status();
    if (std::popcount(*h) != per_hand) {
      return absl::InvalidArgumentError(absl::StrCat(field, " has ", std::popcount(*h),
                                                     " cards; every hand is dealt ", per_hand));
    }
    if (const Mask twice = *h & all; twice != 0) {
      return absl::InvalidArgumentError(
          absl::StrCat(field, ": ", FormatCards(twice), " given twice"));
    }
    d.hands[p] = *h;
    all |= *h;
  }
  d.talon.fill(-1);
  const std::string& talon = words[d.players];
  if (talon != "-") {
    std::vector<std::string> cards = absl::StrSplit(talon, ',');
    if (cards.size() != 6) {
      return absl::InvalidArgumentError(absl::StrCat(
          "notation: talon: 6 cards in order separated by ',' expected ('?' for one not known), "
          "got ",
          cards.size()));
    }
    for (int i = 0; i < 6; ++i) {
      if (cards[i] == "?") continue;
      const std::string field = absl::StrCat("notation: talon card ", i);
      absl::StatusOr<int> c = ParseCard(cards[i], field);
      if (!c.ok()) return c.status();
      if (all & Bit(*c)) {
        return absl::InvalidArgumentError(absl::StrCat(field, ": ", CardName(*c), " given twice"));
      }
      all |= Bit(*c);
      d.talon[i] = static_cast<int8_t>(*c);
    }
  }
  return d;
}

}  // namespace

std::string MoveText(Move m) {
  if (m.IsCard()) return CardName(m.code);
  if (m.IsBid()) return ContractName(m.contract());
  if (m.IsTalon()) return absl::StrCat("talon:", m.code - Move::kTalonBase);
  if (m.code == Move::kHiddenCard) return "?";
  return "pass";
}

std::string DealNotation(const DealCards& deal) {
  std::vector<std::string> words;
  for (int p = 0; p < deal.players; ++p)
    words.push_back(deal.known[p] ? FormatCards(deal.hands[p]) : "-");
  std::vector<std::string> talon;
  bool any = false;
  for (int8_t c : deal.talon) {
    talon.push_back(c >= 0 ? CardName(c) : "?");
    any |= c >= 0;
  }
  words.push_back(any ? absl::StrJoin(talon, ",") : "-");
  return absl::StrJoin(words, " ");
}

absl::StatusOr<Move> ParseMove(const std::string& text, const Round& round,
                               const std::string& field) {
  const std::string lower = absl::AsciiStrToLower(text);
  switch (round.phase()) {
    case Phase::kBidding:
    case Phase::kNaming: {
      if (lower == "pass" || lower == "p") return Move{Move::kPass};
      Contract c;
      if (ParseContract(lower, &c)) return Move::Bid(c);
      return absl::InvalidArgumentError(absl::StrCat(
          field, ": '", text,
          "' is not a bid (pass, klop, three, two, one, solo_three, solo_two, solo_one, "
          "beggar, solo_without, open_beggar, colour_valat, valat)"));
    }
    case Phase::kKing: {
      absl::StatusOr<int> c = ParseCard(text, field);
      if (!c.ok() || (Bit(*c) & kKings) == 0) {
        return absl::InvalidArgumentError(
            absl::StrCat(field, ": '", text, "' is not a king to call (KH, KD, KS, KC)"));
      }
      return Move::Card(*c);
    }
    case Phase::kTalon: {
      int g = -1;
      if (absl::StartsWith(lower, "talon:") && absl::SimpleAtoi(lower.substr(6), &g) && g >= 0 &&
          g < 6) {
        return Move::Talon(g);
      }
      return absl::InvalidArgumentError(absl::StrCat(
          field, ": '", text,
          "' is not a talon choice (talon:0 .. talon:", 6 / TalonTake(round.contract()) - 1, ")"));
    }
    case Phase::kDiscard:
      if (text == "?") return Move{Move::kHiddenCard};
      [[fallthrough]];
    case Phase::kPlay: {
      absl::StatusOr<int> c = ParseCard(text, field);
      if (!c.ok()) return c.status();
      return Move::Card(*c);
    }
    case Phase::kDone:
      break;
  }
  return absl::InvalidArgumentError(absl::StrCat(field, ": the game is over"));
}

namespace {

// The round from the deal: after the bidding when options[contract] names one (with its
// declarer), else from the first bid.
absl::StatusOr<Round> StartRound(const Rules& rules, const DealCards& deal,
                                 const std::string& contract_name, int declarer) {
  if (contract_name == "auction") {
    if (declarer != -1) {
      return absl::InvalidArgumentError(
          "options[declarer]: only with options[contract]; the bidding names the declarer");
    }
    return Round(rules, deal);
  }
  Contract c;
  ParseContract(contract_name, &c);
  if (IsFourPlayerSolo(c) && deal.players != 4) {
    return absl::InvalidArgumentError(
        absl::StrCat("options[contract]: ", contract_name, " is for four players only"));
  }
  if (declarer >= deal.players) {
    return absl::InvalidArgumentError(absl::StrCat("options[declarer]: seat ", declarer + 1,
                                                   " is not at a table of ", deal.players));
  }
  if (c == Contract::kKlop) {
    if (declarer != -1)
      return absl::InvalidArgumentError("options[declarer]: klop has no declarer");
    return Round(rules, deal, c, -1);
  }
  if (declarer < 0) {
    return absl::InvalidArgumentError(absl::StrCat("options[declarer]: ", contract_name,
                                                   " needs its declarer (a seat, 1 to ",
                                                   deal.players, ")"));
  }
  return Round(rules, deal, c, declarer);
}

// Move `text` (field `field`) checked legal in `round` and applied.
absl::StatusOr<Move> ApplyMove(const std::string& text, const std::string& field, Round& round) {
  if (round.phase() == Phase::kDone) {
    return absl::InvalidArgumentError(
        absl::StrCat(field, ": '", text, "' is not legal: the game is over"));
  }
  absl::StatusOr<Move> m = ParseMove(text, round, field);
  if (!m.ok()) return m.status();
  const int mover = round.ToMove();
  if (round.phase() == Phase::kTalon && round.known(mover)) {
    for (int8_t c : round.deal().talon) {
      if (c < 0) {
        return absl::InvalidArgumentError(absl::StrCat(
            field, ": the declarer's hand is known but the talon is not; give the talon"));
      }
    }
  }
  const std::vector<Move> legal = round.LegalMoves(Candidates(round, mover));
  if (std::find(legal.begin(), legal.end(), *m) == legal.end()) {
    std::vector<std::string> names;
    for (const Move& l : legal) names.push_back(MoveText(l));
    return absl::InvalidArgumentError(
        absl::StrCat(field, ": '", text, "' is not legal for seat ", SeatName(mover),
                     " now (legal: ", absl::StrJoin(names, " "), ")"));
  }
  round.Apply(*m);
  return m;
}

}  // namespace

absl::StatusOr<std::unique_ptr<TarokState>> SetupTarok(const core::PositionSpec& spec) {
  absl::StatusOr<PositionOptions> opts = PositionOptionSet().Parse(spec.options, "options");
  if (!opts.ok()) return opts.status();
  absl::StatusOr<Rules> rules = RulesOf(spec.variant, *opts, "options");
  if (!rules.ok()) return rules.status();
  absl::StatusOr<DealCards> deal = ParseDeal(spec.notation);
  if (!deal.ok()) return deal.status();
  int seat = -1;
  if (!spec.seat.empty()) {
    if (spec.seat.size() != 1 || PlayerOfSeat(spec.seat[0]) < 0 ||
        PlayerOfSeat(spec.seat[0]) >= deal->players) {
      return absl::InvalidArgumentError(absl::StrCat("seat: ", core::Quote(spec.seat),
                                                     " is not a seat (1 to ", deal->players, ")"));
    }
    seat = PlayerOfSeat(spec.seat[0]);
  }
  // A seat's position is that seat's knowledge, whatever else the notation gives.
  const bool seat_view = seat >= 0;
  if (seat >= 0 && !deal->known[seat]) {
    return absl::InvalidArgumentError(absl::StrCat(
        "seat: seat ", SeatName(seat), "'s hand is not given, so this is not its view"));
  }
  const std::string contract_name = opts->contract;
  const int declarer = opts->declarer - 1;  // -1: none given
  absl::StatusOr<Round> made = StartRound(*rules, *deal, contract_name, declarer);
  if (!made.ok()) return made.status();
  Round round = std::move(*made);
  core::OptionMap kept;
  if (contract_name != "auction") {
    kept["contract"] = contract_name;
    if (declarer >= 0) kept["declarer"] = SeatName(declarer);
  }
  std::vector<Move> moves;
  for (size_t i = 0; i < spec.moves.size(); ++i) {
    absl::StatusOr<Move> m = ApplyMove(spec.moves[i], absl::StrCat("moves[", i, "]"), round);
    if (!m.ok()) return m.status();
    moves.push_back(*m);
  }
  if (seat_view) {
    std::vector<Move> seen;
    Round r = SeatView(round, moves, seat, &seen);
    round = std::move(r);
    moves = std::move(seen);
  }
  return std::make_unique<TarokState>(std::move(round), std::move(moves), seat, seat_view,
                                      std::move(kept));
}

namespace {

// Whether some hidden hand may hold the called king (so the partner is not known).
bool KingHiddenFromSeat(const Round& r) {
  const int king = r.called_king();
  for (int p = 0; p < r.players(); ++p) {
    if ((r.played(p) | (r.known(p) ? r.hand(p) : 0)) & Bit(king)) return false;
  }
  for (int8_t c : r.deal().talon) {
    if (c == king) return false;
  }
  return true;
}

}  // namespace

std::string TarokState::Partnership() const {
  const int king = round_.called_king();
  if (king < 0) return "";
  const std::string called = absl::StrCat(" calling ", CardName(king));
  // Once the game is over every card is down: the partner is known.
  if (!IsTerminal()) return called;
  const int partner = round_.play().partner();
  return absl::StrCat(called, partner >= 0 ? absl::StrCat(" (partner seat ", SeatName(partner), ")")
                                           : std::string(" (alone)"));
}

bool TarokState::hidden() const {
  for (int p = 0; p < round_.players(); ++p) {
    if (!round_.known(p)) return true;
  }
  for (int8_t c : round_.deal().talon) {
    if (c < 0) return true;
  }
  return false;
}

core::PositionSpec TarokState::Normalized() const {
  core::PositionSpec spec;
  spec.variant = round_.rules().preset;
  spec.notation = DealNotation(round_.deal());
  for (const Move& m : moves_) spec.moves.push_back(MoveText(m));
  spec.options = RulesToOptions(round_.rules());
  for (const auto& [k, v] : options_) spec.options[k] = v;
  if (seat_ >= 0) spec.seat = SeatName(seat_);
  return spec;
}

std::string TarokState::SideToMove() const {
  const int p = round_.ToMove();
  return p < 0 ? "" : SeatName(p);
}

std::vector<std::string> TarokState::LegalMoves() const {
  std::vector<std::string> out;
  if (IsTerminal()) return out;
  for (const Move& m : round_.LegalMoves(Candidates(round_, round_.ToMove()))) {
    out.push_back(MoveText(m));
  }
  return out;
}

std::string TarokState::Outcome() const {
  if (!IsTerminal()) return "";
  const std::array<int, kMaxPlayers> scores = round_.Scores();
  std::vector<std::string> parts;
  for (int p = 0; p < round_.players(); ++p) {
    parts.push_back(absl::StrCat(SeatName(p), ": ", scores[p] > 0 ? "+" : "", scores[p]));
  }
  std::string what =
      round_.contract() == Contract::kKlop
          ? "klop"
          : absl::StrCat(ContractName(round_.contract()), " by seat ", SeatName(round_.declarer()),
                         Partnership(), ", ", round_.CardPoints(round_.declarer()), " card points");
  if (hidden()) return absl::StrCat(what, " (some cards hidden: scores not known)");
  return absl::StrCat(what, "; scores ", absl::StrJoin(parts, ", "));
}

core::Knowledge TarokState::GetKnowledge() const {
  core::Knowledge k;
  const Round& r = round_;
  for (int p = 0; p < r.players(); ++p) {
    if (r.known(p)) {
      k.known.push_back(absl::StrCat("seat ", SeatName(p), " holds ", FormatCards(r.hand(p))));
    }
  }
  if (r.phase() != Phase::kBidding && r.phase() != Phase::kNaming) {
    k.known.push_back(r.contract() == Contract::kKlop
                          ? std::string("contract: klop")
                          : absl::StrCat("contract: ", ContractName(r.contract()), " by seat ",
                                         SeatName(r.declarer())));
  }
  if (r.called_king() >= 0) {
    k.known.push_back(absl::StrCat("called king: ", CardName(r.called_king())));
    const int partner = r.play().partner();
    if (r.phase() == Phase::kPlay || r.phase() == Phase::kDone) {
      if (partner >= 0) {
        k.known.push_back(absl::StrCat("partner: seat ", SeatName(partner)));
      } else if (!KingHiddenFromSeat(r)) {
        k.known.push_back("partner: none (the declarer plays alone)");
      } else {
        k.hidden.push_back("the partner (the called king's holder)");
      }
    }
  }
  absl::StatusOr<Sampler> s = Sampler::Make(r, {}, "position");
  if (s.ok()) {
    for (int p = 0; p < r.players(); ++p) {
      if (r.known(p)) continue;
      std::string voids;
      for (int g = 0; g < 5; ++g) {
        if (r.voids(p) & (1 << g)) {
          absl::StrAppend(&voids, voids.empty() ? "" : ", ",
                          g == kTarokGroup ? "taroks" : std::string(1, "HDSC"[g]));
        }
      }
      k.hidden.push_back(
          absl::StrCat("seat ", SeatName(p), "'s hand",
                       voids.empty() ? "" : absl::StrCat(" (shown void: ", voids, ")")));
    }
    k.hidden_cards = std::popcount(s->unseen());
  }
  int talon_hidden = 0;
  for (int8_t c : r.deal().talon) talon_hidden += c < 0;
  if (talon_hidden > 0) k.hidden.push_back(absl::StrCat(talon_hidden, " talon cards"));
  if (r.hidden_discards() > 0) {
    k.hidden.push_back(absl::StrCat(r.hidden_discards(), " of the declarer's discards"));
  }
  if (r.discards() != 0) k.known.push_back(absl::StrCat("discards: ", FormatCards(r.discards())));
  return k;
}

}  // namespace kibitzer::tarok
