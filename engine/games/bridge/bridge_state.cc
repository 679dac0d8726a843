// A bridge position as the service sees it: canonical form, moves, knowledge.
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/games/bridge/bridge_game.h"

namespace kibitzer::bridge {
namespace {

std::string Seat(int seat) { return std::string(1, SeatChar(seat)); }

std::string SuitName(int suit) {
  static constexpr const char* kNames[] = {"spades", "hearts", "diamonds", "clubs"};
  return kNames[suit];
}

}  // namespace

BridgeState::BridgeState(SeatView view, const Hands& given_hands, uint8_t given, bool seat_view,
                         std::string seat)
    : view_(std::move(view)),
      given_hands_(given_hands),
      given_(given),
      seat_view_(seat_view),
      seat_(std::move(seat)) {}

core::OptionMap BridgeState::ContractOptions() const {
  core::OptionMap options;
  if (view_.contract) options["contract"] = FormatContract(*view_.contract);
  if (view_.declarer) options["declarer"] = Seat(*view_.declarer);
  if (view_.vulnerability != Vulnerability::kNone) {
    options["vulnerable"] = VulnerabilityName(view_.vulnerability);
  }
  if (view_.dealer && *view_.dealer != kNorth) options["dealer"] = Seat(*view_.dealer);
  return options;
}

core::PositionSpec BridgeState::Normalized() const {
  if (hidden()) {
    core::PositionSpec dealt = AsDealt();
    dealt.seat = seat_;
    return dealt;
  }
  core::PositionSpec spec;
  spec.variant = "standard";
  spec.seat = seat_;
  spec.options = ContractOptions();
  spec.options["trump"] = std::string(1, SuitChar(view_.trump));
  // Fold the finished tricks into the hands; the trick in progress stays as moves.
  const PlayPosition& now = view_.now;
  Hands hands = now.hands;
  for (int i = 0; i < now.table_count; ++i) {
    hands[(now.leader + i) & 3].Add(now.table[i]);
    spec.moves.push_back(CardName(now.table[i]));
  }
  spec.notation = FormatPbnDeal(hands);
  spec.options["leader"] = Seat(now.leader);
  return spec;
}

core::PositionSpec BridgeState::AsDealt() const {
  core::PositionSpec spec;
  spec.variant = "standard";
  spec.options = ContractOptions();
  spec.options["trump"] = std::string(1, SuitChar(view_.trump));
  spec.notation = FormatPbnLayout(given_hands_, given_);
  for (int card : view_.moves) spec.moves.push_back(CardName(card));
  spec.options["leader"] = Seat(view_.leader);
  return spec;
}

bool BridgeState::IsTerminal() const {
  return static_cast<int>(view_.moves.size()) >= 4 * view_.hand_size;
}

std::string BridgeState::SideToMove() const { return IsTerminal() ? "" : Seat(view_.now.ToMove()); }

std::vector<std::string> BridgeState::LegalMoves() const {
  std::vector<std::string> moves;
  if (IsTerminal()) return moves;
  const int seat = view_.now.ToMove();
  CardSet legal;
  if (view_.known >> seat & 1) {
    legal = view_.now.LegalCards();
  } else {
    // A hidden hand may hold any card not seen, except in suits it has shown out of.
    legal = kFullDeck;
    for (int s = 0; s < 4; ++s) {
      if (view_.known >> s & 1) legal = legal.Without(view_.start[s]);
      legal = legal.Without(view_.played[s]);
    }
    for (int suit = 0; suit < 4; ++suit) {
      if (view_.shown_out[seat] >> suit & 1) legal = legal.Without(SuitCards(kFullDeck, suit));
    }
  }
  for (int s = 0; s < 4; ++s) {
    for (int r = 14; r >= 2; --r) {
      if (legal.Contains(MakeCard(s, r))) moves.push_back(CardName(MakeCard(s, r)));
    }
  }
  return moves;
}

std::string BridgeState::Outcome() const {
  if (!IsTerminal()) return "";
  const int ns = view_.now.ns_tricks;
  const int ew = view_.now.ew_tricks;
  std::string out = absl::StrCat("played out: North-South took ", ns, ", East-West took ", ew,
                                 " of the tricks from the position");
  // The whole hand was counted: the contract's result and score.
  if (ns + ew == 13 && view_.contract.has_value() && !view_.contract->passed_out() &&
      view_.declarer.has_value()) {
    const Contract& c = *view_.contract;
    const int declarer = *view_.declarer;
    const int tricks = IsNorthSouth(declarer) ? ns : ew;
    const int over = tricks - (c.level + 6);
    const int score = DuplicateScore(c, IsVulnerable(view_.vulnerability, declarer), tricks);
    absl::StrAppend(&out, "; ", FormatContract(c), " by ", std::string(1, SeatChar(declarer)),
                    over < 0    ? absl::StrCat(" down ", -over)
                    : over == 0 ? " made"
                                : absl::StrCat(" made with ", over, " over"),
                    ": North-South ",
                    absl::StrFormat("%+d", IsNorthSouth(declarer) ? score : -score));
  }
  return out;
}

core::Knowledge BridgeState::GetKnowledge() const {
  core::Knowledge k;
  if (!hidden()) {
    k.known.push_back("all four hands (a full layout, analysed double-dummy)");
    return k;
  }
  for (int s = 0; s < 4; ++s) {
    if (view_.known >> s & 1) {
      k.known.push_back(absl::StrCat(Seat(s), "'s hand"));
    } else {
      const int left = view_.hand_size - view_.played[s].size();
      k.hidden.push_back(absl::StrCat(Seat(s), "'s ", left, left == 1 ? " card" : " cards"));
    }
  }
  if (!view_.moves.empty()) {
    k.known.push_back(absl::StrCat(view_.moves.size(), " cards played"));
  }
  for (int s = 0; s < 4; ++s) {
    for (int suit = 0; suit < 4; ++suit) {
      if (view_.shown_out[s] >> suit & 1) {
        k.known.push_back(absl::StrCat(Seat(s), " has no ", SuitName(suit), " (showed out)"));
      }
    }
  }
  k.hidden_cards = view_.hidden_cards();
  return k;
}

}  // namespace kibitzer::bridge
