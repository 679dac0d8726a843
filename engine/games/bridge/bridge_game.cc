#include "engine/games/bridge/bridge_game.h"

#include <algorithm>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "engine/games/bridge/dd_solver.h"
#include "engine/games/bridge/record.h"

namespace kibitzer::bridge {
namespace {

using core::OptionSpec;

constexpr int kDefaultTableMb = 32;

core::GameInfo MakeInfo() {
  core::GameInfo info;
  info.name = "bridge";
  info.display_name = "Contract bridge";
  info.description =
      "Card play of a fully known layout, analysed double-dummy: the number of tricks the side to "
      "move takes with best play by all four hands, for every legal card.";
  info.variants = {{"standard", "duplicate bridge card play"}};
  info.position_options = {
      OptionSpec::Enum("trump", "N", {"S", "H", "D", "C", "N"},
                       "The strain: a suit, or N for "
                       "no trump."),
      OptionSpec::Enum("leader", "W", {"N", "E", "S", "W"},
                       "The seat that leads the trick the notation starts at (the opening leader "
                       "is declarer's left-hand opponent)."),
  };
  info.position_notation =
      "The four hands in PBN at the start of a trick: the first seat, a colon, then the hands "
      "clockwise, each spades.hearts.diamonds.clubs with ranks AKQJT98765432 (\"10\" and lower "
      "case accepted), e.g. \"N:AKQ2.AQ6.J64.J53 943.43.AQT932.K2 J876.KJ852.5.Q76 "
      "T5.T97.K87.AT984\". Hands may hold fewer than 13 cards, all the same number. Cards played "
      "from there go in moves. Or a game record: a PBN game with tags (Deal, Contract and "
      "Declarer or an Auction, and a Play section, which may stop mid-trick) or a BBO LIN record "
      "(md, mb, pc); its contract sets the strain and the opening leader, its play the cards "
      "played so far.";
  info.example_position = "N:AKQ2.AQ6.J64.J53 943.43.AQT932.K2 J876.KJ852.5.Q76 T5.T97.K87.AT984";
  info.move_notation = "A card: suit letter then rank, e.g. SA, HT, D2 (H10 accepted).";
  info.seats = {"N", "E", "S", "W"};
  info.hidden_information = true;
  info.value_description =
      "Tricks the side to move takes from here on, the trick in progress included, with "
      "double-dummy play by all four hands.";
  return info;
}

const BridgeState* AsBridge(const core::GameState& state) {
  return dynamic_cast<const BridgeState*>(&state);
}

class DoubleDummyTask final : public core::SearchTask {
 public:
  DoubleDummyTask(const PlayPosition& position, std::vector<std::vector<int>> groups, int table_mb)
      : position_(position), groups_(std::move(groups)), table_mb_(table_mb) {}

  core::Report Run(core::SearchControl& control, core::ProgressSink& sink) override {
    DoubleDummySolver solver(DoubleDummySolver::Options{table_mb_});
    core::Report report;
    control.SetHeartbeat([&](uint64_t nodes) {
      report.nodes = nodes;
      report.elapsed_seconds = control.ElapsedSeconds();
      sink.OnProgress(report);
    });
    const int plies = position_.TricksLeft() * 4 - position_.table_count;
    for (const std::vector<int>& group : groups_) {
      const int value = solver.SolveCard(position_, group.back(), &control);
      if (solver.aborted()) break;
      for (int card : group) {
        core::MoveValue mv;
        mv.move = CardName(card);
        mv.value = value;
        mv.bound = core::Bound::kExact;
        mv.depth = plies;
        mv.display = absl::StrCat(value, value == 1 ? " trick" : " tricks");
        report.moves.push_back(std::move(mv));
      }
      // Best first; ties keep the suit and rank order the groups came in.
      std::stable_sort(report.moves.begin(), report.moves.end(),
                       [](const auto& a, const auto& b) { return a.value > b.value; });
      report.best_move = report.moves.front().move;
      report.depth = plies;
      report.nodes = solver.nodes();
      report.elapsed_seconds = control.ElapsedSeconds();
      report.statistics = {
          {"tt_probes", static_cast<double>(solver.table_probes()), "transposition table probes"},
          {"tt_hits", static_cast<double>(solver.table_hits()), "transposition table hits"}};
      sink.OnProgress(report);
    }
    control.SetHeartbeat(nullptr);
    report.final = true;
    report.stop_reason = core::StopReason::kCompleted;
    return report;
  }

 private:
  PlayPosition position_;
  std::vector<std::vector<int>> groups_;
  int table_mb_;
};

}  // namespace

std::unique_ptr<core::GameState> BridgeState::Clone() const {
  return std::make_unique<BridgeState>(*this);
}

core::PositionSpec BridgeState::Normalized() const {
  // Fold the trick in progress back into the hands; its cards become the moves.
  Hands hands = position_.hands;
  core::PositionSpec spec;
  for (int i = 0; i < position_.table_count; ++i) {
    hands[(position_.leader + i) & 3].Add(position_.table[i]);
    spec.moves.push_back(CardName(position_.table[i]));
  }
  spec.variant = "standard";
  spec.notation = FormatPbnDeal(hands);
  spec.seat = seat_;
  spec.options = {{"trump", std::string(1, SuitChar(position_.trump))},
                  {"leader", std::string(1, SeatChar(position_.leader))}};
  return spec;
}

std::string BridgeState::SideToMove() const {
  if (position_.Finished()) return "";
  return std::string(1, SeatChar(position_.ToMove()));
}

std::vector<std::string> BridgeState::LegalMoves() const {
  std::vector<std::string> moves;
  if (position_.Finished()) return moves;
  const CardSet legal = position_.LegalCards();
  for (int s = 0; s < 4; ++s) {
    for (int r = 14; r >= 2; --r) {
      if (legal.Contains(MakeCard(s, r))) moves.push_back(CardName(MakeCard(s, r)));
    }
  }
  return moves;
}

std::string BridgeState::Outcome() const {
  if (!position_.Finished()) return "";
  return absl::StrCat("played out: North-South took ", position_.ns_tricks, ", East-West took ",
                      position_.ew_tricks, " of the tricks from the position");
}

core::Knowledge BridgeState::GetKnowledge() const {
  core::Knowledge k;
  k.known.push_back("all four hands (a full layout, analysed double-dummy)");
  return k;
}

BridgeGame::BridgeGame() : info_(MakeInfo()) {}

absl::StatusOr<std::unique_ptr<core::GameState>> BridgeGame::Setup(
    const core::PositionSpec& spec) const {
  if (!spec.variant.empty() && spec.variant != "standard") {
    return absl::InvalidArgumentError(
        absl::StrCat("variant: unknown variant '", spec.variant, "' (known: standard)"));
  }
  absl::StatusOr<core::OptionValues> options =
      core::OptionValues::Parse(info_.position_options, spec.options, "options");
  if (!options.ok()) return options.status();
  std::string seat = absl::AsciiStrToUpper(spec.seat);
  if (!seat.empty() && !ParseSeat(seat)) {
    return absl::InvalidArgumentError(
        absl::StrCat("seat: '", spec.seat, "' is not a seat (N, E, S, W)"));
  }
  if (spec.notation.empty()) {
    return absl::InvalidArgumentError(
        "notation: required: the four hands in PBN, e.g. \"N:AKQ2.AQ6.J64.J53 ...\"");
  }
  PlayPosition position;
  const absl::string_view text = absl::StripAsciiWhitespace(spec.notation);
  if (absl::StartsWith(text, "[") || absl::StrContains(text, "md|")) {
    // A game record: its contract fixes the strain and the opening leader, and its play record
    // the cards played so far.
    absl::StatusOr<GameRecord> record = ParseGameRecord(text, "notation");
    if (!record.ok()) return record.status();
    if (record->contract && !record->contract->passed_out() && record->declarer) {
      for (const char* name : {"trump", "leader"}) {
        if (spec.options.count(name) != 0) {
          return absl::InvalidArgumentError(absl::StrCat(
              "options[", name, "]: the record's contract already sets the strain and leader"));
        }
      }
      absl::StatusOr<PlayPosition> p = PositionAfterPlay(*record, "notation: Play");
      if (!p.ok()) return p.status();
      position = *p;
    } else {
      if (!record->play.empty()) {
        return absl::InvalidArgumentError(
            "notation: the play record needs the contract and declarer");
      }
      position.hands = record->deal;
      position.trump = *ParseStrain(options->GetString("trump"));
      position.leader = *ParseSeat(options->GetString("leader"));
    }
  } else {
    absl::StatusOr<Hands> hands = ParsePbnDeal(spec.notation, "notation");
    if (!hands.ok()) return hands.status();
    position.hands = *hands;
    position.trump = *ParseStrain(options->GetString("trump"));
    position.leader = *ParseSeat(options->GetString("leader"));
  }
  for (size_t i = 0; i < spec.moves.size(); ++i) {
    const std::string field = absl::StrCat("moves[", i, "]");
    const std::optional<int> card = ParseCard(spec.moves[i]);
    if (!card) {
      return absl::InvalidArgumentError(
          absl::StrCat(field, ": '", spec.moves[i], "' is not a card (e.g. SA, HT, D2)"));
    }
    if (position.Finished()) {
      return absl::InvalidArgumentError(
          absl::StrCat(field, ": '", spec.moves[i], "' is not legal: every card has been played"));
    }
    const int seat_to_move = position.ToMove();
    const std::string who(1, SeatChar(seat_to_move));
    if (!position.hands[seat_to_move].Contains(*card)) {
      return absl::InvalidArgumentError(absl::StrCat(
          field, ": '", spec.moves[i], "' is not legal: ", who, " to play does not hold it"));
    }
    if (!position.LegalCards().Contains(*card)) {
      return absl::InvalidArgumentError(
          absl::StrCat(field, ": '", spec.moves[i], "' is not legal: ", who, " must follow ",
                       std::string(1, SuitChar(SuitOf(position.table[0]))), " (revoke)"));
    }
    position.Play(*card);
  }
  return std::make_unique<BridgeState>(position, std::move(seat));
}

absl::StatusOr<core::DealResult> BridgeGame::Deal(const core::GameState& state,
                                                  const core::DealSpec& spec) const {
  const BridgeState* s = AsBridge(state);
  if (s == nullptr) return absl::InternalError("position is not a bridge position");
  return core::DealOfFullLayout(*s, spec, "this position is a full layout: no card is hidden");
}

absl::StatusOr<std::unique_ptr<core::SearchTask>> BridgeGame::PrepareSearch(
    const core::GameState& state, const core::SearchSpec& spec) const {
  const BridgeState* s = AsBridge(state);
  if (s == nullptr) return absl::InternalError("position is not a bridge position");
  absl::StatusOr<core::OptionValues> options =
      core::OptionValues::Parse(info_.search_options, spec.options, "options");
  if (!options.ok()) return options.status();
  const PlayPosition& position = s->position();
  if (position.Finished()) {
    return absl::InvalidArgumentError(
        "position: every card has been played; there is no card to search");
  }
  if (spec.limits.samples != 0) {
    return absl::InvalidArgumentError(
        "limits.samples: a full layout needs no sampling; leave it 0");
  }
  std::vector<std::vector<int>> groups = DoubleDummySolver::CardGroups(position);
  if (!spec.limits.candidate_moves.empty()) {
    CardSet wanted;
    const CardSet legal = position.LegalCards();
    for (size_t i = 0; i < spec.limits.candidate_moves.size(); ++i) {
      const std::string field = absl::StrCat("limits.candidate_moves[", i, "]");
      const std::optional<int> card = ParseCard(spec.limits.candidate_moves[i]);
      if (!card || !legal.Contains(*card)) {
        return absl::InvalidArgumentError(absl::StrCat(field, ": '", spec.limits.candidate_moves[i],
                                                       "' is not a legal card here"));
      }
      wanted.Add(*card);
    }
    std::vector<std::vector<int>> kept;
    for (auto& group : groups) {
      std::vector<int> cards;
      for (int c : group) {
        if (wanted.Contains(c)) cards.push_back(c);
      }
      if (!cards.empty()) kept.push_back(std::move(cards));
    }
    groups = std::move(kept);
  }
  return std::make_unique<DoubleDummyTask>(position, std::move(groups),
                                           spec.hash_mb > 0 ? spec.hash_mb : kDefaultTableMb);
}

}  // namespace kibitzer::bridge
