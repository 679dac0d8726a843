#include "engine/games/bigtwo/rules/state.h"

namespace kibitzer::bigtwo {

State::State(const Rules& rules, const std::array<Mask, kMaxPlayers>& hands, uint8_t known,
             int leader, int lowest)
    : rules_(rules), known_(known) {
  for (int p = 0; p < rules_.players; ++p) {
    hands_[p] = Known(p) ? hands[p] : 0;
    counts_[p] = kHandSize;
  }
  to_move_ = static_cast<int8_t>(leader);
  last_player_ = static_cast<int8_t>(leader);
  must_ = lowest >= 0 ? Bit(lowest) : 0;
}

int State::GenerateMoves(Move* out) const {
  if (IsTerminal()) return 0;
  const bool leading = Leading();
  if (!leading && rules_.pass_is_final && HasPassed(to_move_)) {
    out[0] = Move{};
    return 1;
  }
  return GeneratePlays(hands_[to_move_], table_, leading ? must_ : 0, !leading, rules_, out);
}

bool State::IsLegal(const Move& m, Mask unseen) const {
  if (IsTerminal()) return false;
  if (m.IsPass()) return !Leading();
  if (!Leading() && rules_.pass_is_final && HasPassed(to_move_)) return false;
  const Move c = Classify(m.cards, rules_);
  if (c.kind != m.kind || c.key != m.key || m.kind == Kind::kPass) return false;
  if (Leading() && must_ != 0 && (m.cards & must_) == 0) return false;
  if (!Leading() && !Beats(m, table_, rules_)) return false;
  if (Known(to_move_)) return (m.cards & ~hands_[to_move_]) == 0;
  return (m.cards & ~unseen) == 0 && m.size() <= counts_[to_move_];
}

void State::Play(const Move& m) {
  UndoRecord& u = undo_[ply_++];
  u = {m, table_, must_, to_move_, last_player_, passes_, passed_};
  const int n = rules_.players;
  if (m.IsPass()) {
    passed_ |= static_cast<uint8_t>(1 << to_move_);
    if (++passes_ == n - 1) {
      // Everyone else passed: the last player to play leads anything.
      table_ = Move{};
      passes_ = 0;
      passed_ = 0;
      to_move_ = last_player_;
    } else {
      to_move_ = static_cast<int8_t>((to_move_ + 1) % n);
    }
    return;
  }
  hands_[to_move_] &= ~m.cards;
  played_[to_move_] |= m.cards;
  counts_[to_move_] = static_cast<int8_t>(counts_[to_move_] - m.size());
  table_ = m;
  must_ = 0;
  passes_ = 0;
  last_player_ = to_move_;
  if (counts_[to_move_] == 0 || m.kind == Kind::kDragon) {
    winner_ = to_move_;
    return;
  }
  to_move_ = static_cast<int8_t>((to_move_ + 1) % n);
}

void State::Undo(const Move& m) {
  const UndoRecord& u = undo_[--ply_];
  to_move_ = u.player;
  table_ = u.table;
  must_ = u.must;
  last_player_ = u.last_player;
  passes_ = u.passes;
  passed_ = u.passed;
  winner_ = -1;
  if (!m.IsPass()) {
    if (Known(to_move_)) hands_[to_move_] |= m.cards;
    played_[to_move_] &= ~m.cards;
    counts_[to_move_] = static_cast<int8_t>(counts_[to_move_] + m.size());
  }
}

int State::Penalty(int cards_left, bool multipliers) {
  if (!multipliers) return cards_left;
  return cards_left * (cards_left == kHandSize ? 3 : cards_left >= 10 ? 2 : 1);
}

void State::Returns(int* values) const {
  int total = 0;
  for (int p = 0; p < rules_.players; ++p) {
    if (p == winner_) continue;
    values[p] = -Penalty(counts_[p], rules_.multipliers);
    total -= values[p];
  }
  if (winner_ >= 0) values[winner_] = total;
}

State State::Restricted(uint8_t known) const {
  State s = *this;
  s.known_ = known_ & known;
  for (int p = 0; p < kMaxPlayers; ++p) {
    if (!s.Known(p)) s.hands_[p] = 0;
  }
  return s;
}

State State::Completed(const std::array<Mask, kMaxPlayers>& hands) const {
  State s = *this;
  for (int p = 0; p < rules_.players; ++p) {
    if (!Known(p)) s.hands_[p] = hands[p];
  }
  s.known_ = static_cast<uint8_t>((1 << rules_.players) - 1);
  return s;
}

}  // namespace kibitzer::bigtwo
