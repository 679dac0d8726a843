#include "engine/games/bridge/records/play_analysis.h"

namespace kibitzer::bridge {
namespace {

// Declarer's tricks in all from `p` with double-dummy play from here on.
int DeclarerTotal(DoubleDummySolver& solver, const PlayPosition& p, int declarer,
                  core::SearchControl* control, int guess) {
  const int won = IsNorthSouth(declarer) ? p.ns_tricks : p.ew_tricks;
  if (p.Finished()) return won;
  const int left = p.TricksLeft();
  const bool same_side = IsNorthSouth(p.ToMove()) == IsNorthSouth(declarer);
  const int side_guess = guess < 0 ? -1 : same_side ? guess - won : left - (guess - won);
  const int v = solver.Solve(p, control, side_guess < 0 || side_guess > left ? -1 : side_guess);
  return won + (same_side ? v : left - v);
}

}  // namespace

absl::StatusOr<PlayAnalysis> AnalysePlay(DoubleDummySolver& solver, const GameRecord& record,
                                         core::SearchControl* control) {
  if (!record.contract || record.contract->passed_out() || !record.declarer) {
    return absl::InvalidArgumentError(
        "position: play analysis needs the contract and declarer (Contract and Declarer tags, or a "
        "complete auction)");
  }
  // Checks the whole record first.
  absl::StatusOr<PlayPosition> end = PositionAfterPlay(record, "play");
  if (!end.ok()) return end.status();
  PlayAnalysis out;
  out.declarer = *record.declarer;
  out.contract = *record.contract;
  out.dealer = record.dealer;
  out.auction = record.auction;
  solver.ClearTable();
  PlayPosition p;
  p.hands = record.deal;
  p.trump = record.contract->strain;
  p.leader = NextSeat(*record.declarer);
  out.start = DeclarerTotal(solver, p, out.declarer, control, -1);
  int before = out.start;
  for (int card : record.play) {
    if (solver.aborted()) break;
    PlayStep step;
    step.card = card;
    step.seat = p.ToMove();
    step.before = before;
    p.Play(card);
    step.after = DeclarerTotal(solver, p, out.declarer, control, before);
    if (solver.aborted()) break;
    const bool declaring_side = IsNorthSouth(step.seat) == IsNorthSouth(out.declarer);
    step.cost = declaring_side ? step.before - step.after : step.after - step.before;
    out.steps.push_back(step);
    before = step.after;
  }
  if (record.claim && !solver.aborted()) {
    out.claim = record.claim;
    out.claim_double_dummy = before;
  }
  return out;
}

}  // namespace kibitzer::bridge
