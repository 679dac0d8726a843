// Reading a bridge position: notation (PBN deal, possibly with unknown hands, or a game record),
// position options, moves; every refusal names its field.
#include <functional>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "engine/games/bridge/bridge_game.h"
#include "engine/games/bridge/bridge_options.h"
#include "engine/games/bridge/records/record.h"

namespace kibitzer::bridge {
namespace {

absl::Status Bad(absl::string_view field, absl::string_view why) {
  return absl::InvalidArgumentError(absl::StrCat(field, ": ", why));
}

// Contract, declarer, strain and leader from the options (a record's own come first).
absl::Status ApplyContractOptions(const PositionOptions& o, bool from_record, SeatView& view) {
  if (from_record) {
    const std::pair<const char*, bool> record_sets[] = {{"trump", o.trump.given},
                                                        {"leader", o.leader.given},
                                                        {"contract", o.contract.given},
                                                        {"declarer", o.declarer.given}};
    for (const auto& [name, given] : record_sets) {
      if (given) {
        return Bad(absl::StrCat("options[", name, "]"),
                   "the record's contract already sets the strain, declarer and leader");
      }
    }
  } else {
    if (o.contract.given) {
      absl::StatusOr<Contract> c = ParseContract(o.contract.value, "options[contract]");
      if (!c.ok()) return c.status();
      if (!c->passed_out()) view.contract = *c;
    }
    if (o.declarer.given) {
      const std::optional<int> d = ParseSeat(o.declarer.value);
      if (!d) return Bad("options[declarer]", "not a seat (N, E, S, W)");
      view.declarer = d;
    }
    if (view.contract && !view.declarer) {
      return Bad("options[declarer]", "required with a contract");
    }
    view.trump = o.trump.value;
    view.leader = o.leader.value;
    if (view.contract) {
      if (o.trump.given && view.trump != view.contract->strain) {
        return Bad("options[trump]", "differs from the contract's strain");
      }
      view.trump = view.contract->strain;
      if (!o.leader.given) {
        if (view.hand_size != 13) {
          return Bad("options[leader]", "an end position needs the seat on lead");
        }
        view.leader = NextSeat(*view.declarer);
      }
    }
  }
  if (o.vulnerable.given || !from_record) view.vulnerability = o.vulnerable.value;
  if (o.dealer.given || !view.dealer) view.dealer = o.dealer.value;
  return absl::OkStatus();
}

// What `seat` knows of the hands: its own, and dummy once the opening lead is faced.
absl::StatusOr<uint8_t> SeatKnowledge(const SeatView& view, const std::string& seat_text) {
  const int seat = *ParseSeat(seat_text);
  std::optional<int> declarer = view.declarer;
  if (!declarer && view.hand_size == 13) declarer = (view.leader + 3) & 3;  // leader is on lead
  uint8_t known = 1 << seat;
  if (declarer) {
    const int dummy = Partner(*declarer);
    if (seat == dummy) {
      return Bad("seat", absl::StrCat(seat_text,
                                      " is dummy, who does not play: take declarer's "
                                      "view (",
                                      std::string(1, SeatChar(*declarer)), ")"));
    }
    const bool faced = !view.moves.empty() || view.hand_size < 13;
    if (faced) known |= 1 << dummy;
  }
  if (!(view.known >> seat & 1)) return Bad("seat", "its hand is not in the notation");
  return static_cast<uint8_t>(known & view.known);
}

}  // namespace

namespace {

// What the notation gives: the view's deal (and from a record, its auction's contract and play),
// and how many of the view's moves come from the record.
struct Notation {
  SeatView view;
  size_t record_moves = 0;
  bool from_record = false;
};

absl::StatusOr<Notation> ReadNotation(const std::string& notation) {
  Notation n;
  SeatView& view = n.view;
  const absl::string_view text = absl::StripAsciiWhitespace(notation);
  if (LooksLikeRecord(text)) {
    absl::StatusOr<GameRecord> record = ParseGameRecord(text, "notation");
    if (!record.ok()) return record.status();
    view.start = record->deal;
    view.known = record->known;
    view.dealer = record->dealer;
    view.vulnerability = record->vulnerability;
    if (record->contract && !record->contract->passed_out() && record->declarer) {
      n.from_record = true;
      view.contract = record->contract;
      view.declarer = record->declarer;
      view.trump = record->contract->strain;
      view.leader = NextSeat(*record->declarer);
      view.moves = record->play;
      n.record_moves = record->play.size();
    } else if (!record->play.empty()) {
      return Bad("notation", "the play record needs the contract and declarer");
    }
  } else {
    absl::StatusOr<PbnLayout> layout = ParsePbnLayout(notation, "notation", false, true);
    if (!layout.ok()) return layout.status();
    view.start = layout->hands;
    view.known = layout->known;
  }
  view.hand_size = 13;
  for (int s = 0; s < 4; ++s) {
    if (view.known >> s & 1) {
      view.hand_size = view.start[s].size();
      break;
    }
  }
  return n;
}

// `seat`'s view of a position given on the hands `given`: the moves checked on every hand given,
// then the other hands forgotten (and, with all four given, the cards no hand holds out of play:
// the seat saw the earlier tricks).
absl::Status ForgetAllButSeat(SeatView& view, const std::string& seat, uint8_t given,
                              const std::function<std::string(size_t)>& move_field) {
  absl::StatusOr<uint8_t> known = SeatKnowledge(view, seat);
  if (!known.ok()) return known.status();
  if (absl::Status s = ReplaySeatView(view, move_field); !s.ok()) return s;
  view.known = *known;
  // (With hands given as unknown the notation is a whole deal: nothing was played before it.)
  if (given == 0xF) {
    view.gone = kFullDeck;
    for (const CardSet& h : view.start) view.gone = view.gone.Without(h);
  }
  for (int s = 0; s < 4; ++s) {
    if (!(view.known >> s & 1)) view.start[s] = CardSet();
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<std::unique_ptr<BridgeState>> SetupBridge(const core::PositionSpec& spec) {
  if (!spec.variant.empty() && spec.variant != "standard") {
    return Bad("variant", absl::StrCat("unknown variant '", spec.variant, "' (known: standard)"));
  }
  absl::StatusOr<PositionOptions> options = PositionOptionSet().Parse(spec.options, "options");
  if (!options.ok()) return options.status();
  std::string seat = absl::AsciiStrToUpper(spec.seat);
  if (!seat.empty() && !ParseSeat(seat)) {
    return Bad("seat", absl::StrCat("'", spec.seat, "' is not a seat (N, E, S, W)"));
  }
  if (spec.notation.empty()) {
    return Bad("notation", "required: the four hands in PBN, e.g. \"N:AKQ2.AQ6.J64.J53 ...\"");
  }
  absl::StatusOr<Notation> notation = ReadNotation(spec.notation);
  if (!notation.ok()) return notation.status();
  SeatView& view = notation->view;
  const size_t record_moves = notation->record_moves;
  if (absl::Status s = ApplyContractOptions(*options, notation->from_record, view); !s.ok()) {
    return s;
  }
  if (view.known != 0xF && view.hand_size < 13) {
    return Bad("notation",
               "an end position with unknown hands does not say which cards are still out: give "
               "all four hands and the seat whose view it is");
  }
  for (size_t i = 0; i < spec.moves.size(); ++i) {
    const std::optional<int> card = ParseCard(spec.moves[i]);
    if (!card) {
      return Bad(absl::StrCat("moves[", i, "]"),
                 absl::StrCat("'", spec.moves[i], "' is not a card (e.g. SA, HT, D2)"));
    }
    view.moves.push_back(*card);
  }
  const uint8_t given = view.known;
  const Hands given_hands = view.start;
  const auto move_field = [record_moves](size_t i) {
    return i < record_moves ? absl::StrCat("notation: Play: card ", i + 1)
                            : absl::StrCat("moves[", i - record_moves, "]");
  };
  // A seat's position is that seat's knowledge, whatever else the notation gives.
  const bool seat_view = !seat.empty();
  if (seat_view) {
    if (absl::Status s = ForgetAllButSeat(view, seat, given, move_field); !s.ok()) return s;
  }
  if (absl::Status s = ReplaySeatView(view, move_field); !s.ok()) return s;
  return std::make_unique<BridgeState>(std::move(view), given_hands, given, seat_view,
                                       std::move(seat));
}

}  // namespace kibitzer::bridge
