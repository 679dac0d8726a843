#include "engine/games/bridge/view/seat_view.h"

#include "absl/strings/str_cat.h"

namespace kibitzer::bridge {
namespace {

std::string Seat(int seat) { return std::string(1, SeatChar(seat)); }

std::string SuitName(int suit) {
  static constexpr const char* kNames[] = {"spades", "hearts", "diamonds", "clubs"};
  return kNames[suit];
}

}  // namespace

int SeatView::hidden_cards() const {
  int n = 0;
  for (int seat = 0; seat < 4; ++seat) {
    if (!(known >> seat & 1)) n += hand_size - played[seat].size();
  }
  return n;
}

absl::Status ReplaySeatView(SeatView& view, const std::function<std::string(size_t)>& name) {
  view.played = {};
  view.shown_out = {};
  view.now = PlayPosition{};
  view.now.trump = view.trump;
  view.now.leader = view.leader;
  CardSet seen;
  for (int seat = 0; seat < 4; ++seat) {
    if (view.known >> seat & 1) {
      view.now.hands[seat] = view.start[seat];
      seen |= view.start[seat];
    }
  }
  const int total = 4 * view.hand_size;
  for (size_t i = 0; i < view.moves.size(); ++i) {
    const int card = view.moves[i];
    const std::string at = absl::StrCat(name(i), ": '", CardName(card), "' ");
    if (static_cast<int>(i) >= total) {
      return absl::InvalidArgumentError(
          absl::StrCat(at, "is not legal: every card has been played"));
    }
    const int seat = view.now.ToMove();
    const bool led = view.now.table_count > 0;
    const int suit_led = led ? SuitOf(view.now.table[0]) : -1;
    bool played_before = false;
    for (const CardSet& p : view.played) played_before = played_before || p.Contains(card);
    if (played_before) {
      return absl::InvalidArgumentError(absl::StrCat(at, "is not legal: it has been played"));
    }
    if (view.known >> seat & 1) {
      if (!view.now.hands[seat].Contains(card)) {
        return absl::InvalidArgumentError(
            absl::StrCat(at, "is not legal: ", Seat(seat), " to play does not hold it"));
      }
      if (!view.now.LegalCards().Contains(card)) {
        return absl::InvalidArgumentError(absl::StrCat(
            at, "is not legal: ", Seat(seat), " must follow ", SuitName(suit_led), " (revoke)"));
      }
    } else {
      if (seen.Contains(card)) {
        int holder = 0;
        while (!view.start[holder].Contains(card)) ++holder;
        return absl::InvalidArgumentError(
            absl::StrCat(at, "is not legal for ", Seat(seat), ": ", Seat(holder), " holds it"));
      }
      if (view.played[seat].size() >= view.hand_size) {
        return absl::InvalidArgumentError(
            absl::StrCat(at, "is not legal: ", Seat(seat), " has no cards left"));
      }
      if (view.shown_out[seat] >> SuitOf(card) & 1) {
        return absl::InvalidArgumentError(absl::StrCat(at, "is not legal: ", Seat(seat),
                                                       " showed out of ", SuitName(SuitOf(card)),
                                                       " earlier"));
      }
      if (led && SuitOf(card) != suit_led) view.shown_out[seat] |= 1 << suit_led;
    }
    view.played[seat].Add(card);
    view.now.Play(card);
  }
  return absl::OkStatus();
}

DealProblem ProblemOf(const SeatView& view) {
  DealProblem problem;
  problem.gone = view.gone;
  for (int seat = 0; seat < 4; ++seat) {
    problem.size[seat] = view.hand_size;
    if (view.known >> seat & 1) {
      problem.fixed[seat] = view.start[seat];
    } else {
      problem.fixed[seat] = view.played[seat];
      problem.no_more[seat] = view.shown_out[seat];
    }
  }
  return problem;
}

PlayPosition PositionOn(const SeatView& view, const Hands& start) {
  PlayPosition p;
  p.hands = start;
  p.trump = view.trump;
  p.leader = view.leader;
  for (int card : view.moves) p.Play(card);
  return p;
}

}  // namespace kibitzer::bridge
