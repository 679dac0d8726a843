#include "engine/games/bridge/view/layout_sampler.h"

#include <algorithm>

#include "absl/strings/str_cat.h"

namespace kibitzer::bridge {
namespace {

using Counts = std::array<std::array<int8_t, 4>, 4>;

double Factorial(int n) {
  static const std::array<double, 53> table = [] {
    std::array<double, 53> t{};
    t[0] = 1;
    for (int i = 1; i <= 52; ++i) t[i] = t[i - 1] * i;
    return t;
  }();
  return table[n];
}

std::string Seat(int seat) { return std::string(1, SeatChar(seat)); }

}  // namespace

absl::StatusOr<LayoutSampler> LayoutSampler::Create(const DealProblem& problem,
                                                    absl::string_view field) {
  LayoutSampler s;
  s.problem_ = problem;
  CardSet placed;
  int needed = 0;
  for (int seat = 0; seat < 4; ++seat) {
    const CardSet both = placed & problem.fixed[seat];
    if (!both.empty()) {
      return absl::InvalidArgumentError(absl::StrCat(field, ": the ", CardName(both.Lowest()),
                                                     " is given to two hands (one is ", Seat(seat),
                                                     ")"));
    }
    placed |= problem.fixed[seat];
    s.need_[seat] = problem.size[seat] - problem.fixed[seat].size();
    if (s.need_[seat] < 0) {
      return absl::InvalidArgumentError(absl::StrCat(field, ": ", Seat(seat), " is given ",
                                                     problem.fixed[seat].size(),
                                                     " cards but holds ", problem.size[seat]));
    }
    needed += s.need_[seat];
  }
  s.pool_ = kFullDeck.Without(placed | problem.gone);
  if (needed != s.pool_.size()) {
    return absl::InvalidArgumentError(absl::StrCat(field, ": the hands need ", needed,
                                                   " more cards but ", s.pool_.size(),
                                                   " are left to deal"));
  }
  for (int suit = 0; suit < 4; ++suit) s.pool_count_[suit] = SuitCards(s.pool_, suit).size();
  const uint8_t read = problem.script != nullptr ? problem.script->seats_read : 0;
  for (int seat = 0; seat < 4; ++seat) {
    if (s.need_[seat] == 0) continue;
    bool shown_out = false;
    for (int suit = 0; suit < 4; ++suit) {
      shown_out = shown_out || ((problem.no_more[seat] >> suit & 1) && s.pool_count_[suit] > 0);
    }
    ((read >> seat & 1) || shown_out ? s.listed_ : s.free_).push_back(seat);
  }
  s.last_determined_ = s.free_.empty() && !s.listed_.empty();
  if (!s.Enumerate()) {
    // Too many distributions to list: deal at random and check every layout.
    s.fallback_ = true;
    s.leaves_.clear();
    s.cumulative_.clear();
    s.listed_.clear();
    s.free_.clear();
    for (int seat = 0; seat < 4; ++seat) {
      if (s.need_[seat] > 0) s.free_.push_back(seat);
    }
    s.leaves_.push_back({Counts{}, false});
    double w = Factorial(s.pool_.size());
    for (int seat : s.free_) w /= Factorial(s.need_[seat]);
    s.cumulative_.push_back(w);
    s.total_weight_ = w;
    return s;
  }
  if (s.leaves_.empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat(field, ": no layout satisfies the constraints together with what is known"));
  }
  return s;
}

bool LayoutSampler::Enumerate() {
  Counts count{};
  std::array<int, 4> remaining = pool_count_;
  int visits = 0;
  const int rows = static_cast<int>(listed_.size()) - (last_determined_ ? 1 : 0);
  if (rows <= 0) {
    AddLeaf(count, remaining);
  } else {
    Row(0, 0, need_[listed_[0]], count, remaining, visits);
  }
  return visits <= kMaxLeafVisits;
}

void LayoutSampler::Row(int depth, int suit, int left, Counts& count, std::array<int, 4>& remaining,
                        int& visits) {
  if (visits > kMaxLeafVisits) return;
  const int seat = listed_[depth];
  if (suit == 4) {
    if (left != 0) return;
    ++visits;
    const int rows = static_cast<int>(listed_.size()) - (last_determined_ ? 1 : 0);
    if (depth + 1 == rows) {
      AddLeaf(count, remaining);
      return;
    }
    const dealer::Range r = Check(count, remaining, depth + 1);
    if (r.lo == 0 && r.hi == 0) return;
    Row(depth + 1, 0, need_[listed_[depth + 1]], count, remaining, visits);
    return;
  }
  const bool out = problem_.no_more[seat] >> suit & 1;
  int later = 0;  // the most the later suits can take
  for (int t = suit + 1; t < 4; ++t) {
    if (!(problem_.no_more[seat] >> t & 1)) later += remaining[t];
  }
  const int most = out ? 0 : std::min(left, remaining[suit]);
  const int least = std::max(0, left - later);
  for (int c = least; c <= most; ++c) {
    count[seat][suit] = static_cast<int8_t>(c);
    remaining[suit] -= c;
    Row(depth, suit + 1, left - c, count, remaining, visits);
    remaining[suit] += c;
  }
  count[seat][suit] = 0;
}

void LayoutSampler::AddLeaf(Counts& count, const std::array<int, 4>& remaining) {
  std::array<int, 4> rest = remaining;
  if (last_determined_) {
    const int last = listed_.back();
    for (int suit = 0; suit < 4; ++suit) {
      if (rest[suit] > 0 && (problem_.no_more[last] >> suit & 1)) return;
      count[last][suit] = static_cast<int8_t>(rest[suit]);
      rest[suit] = 0;
    }
  }
  const dealer::Range r = Check(count, rest, static_cast<int>(listed_.size()));
  if (r.lo == 0 && r.hi == 0) return;
  double weight = 1;
  int block = 0;
  for (int suit = 0; suit < 4; ++suit) {
    weight *= Factorial(pool_count_[suit]) / Factorial(rest[suit]);
    for (int seat : listed_) weight /= Factorial(count[seat][suit]);
    block += rest[suit];
  }
  weight *= Factorial(block);
  for (int seat : free_) weight /= Factorial(need_[seat]);
  const bool decided = r.lo > 0 || r.hi < 0;
  leaves_.push_back({count, decided});
  if (!decided) ++undecided_;
  total_weight_ += weight;
  cumulative_.push_back(total_weight_);
}

dealer::Range LayoutSampler::Check(const Counts& count, const std::array<int, 4>& remaining,
                                   int assigned) const {
  if (problem_.script == nullptr) return {1, 1};
  dealer::PartialLayout layout;
  layout.fixed = problem_.fixed;
  layout.pool = pool_;
  for (int seat = 0; seat < 4; ++seat) {
    const auto it = std::find(listed_.begin(), listed_.end(), seat);
    const bool exact = it != listed_.end() && (it - listed_.begin()) < assigned;
    for (int suit = 0; suit < 4; ++suit) {
      if (exact) {
        layout.lo[seat][suit] = layout.hi[seat][suit] = count[seat][suit];
      } else {
        const bool out = problem_.no_more[seat] >> suit & 1;
        layout.lo[seat][suit] = 0;
        layout.hi[seat][suit] =
            static_cast<int8_t>(out ? 0 : std::min(need_[seat], remaining[suit]));
      }
    }
  }
  return dealer::EvaluateRange(*problem_.script, layout);
}

void LayoutSampler::Deal(core::Rng& rng, const LayoutSampler::Leaf* leaf, Hands& hands) const {
  hands = problem_.fixed;
  int block[52];
  int block_size = 0;
  for (int suit = 0; suit < 4; ++suit) {
    int cards[13];
    int n = 0;
    for (int card : SuitCards(pool_, suit)) cards[n++] = card;
    rng.Shuffle(cards, cards + n);
    int next = 0;
    for (int seat : listed_) {
      for (int i = 0; i < leaf->count[seat][suit]; ++i) hands[seat].Add(cards[next++]);
    }
    while (next < n) block[block_size++] = cards[next++];
  }
  rng.Shuffle(block, block + block_size);
  int next = 0;
  for (int seat : free_) {
    for (int i = 0; i < need_[seat]; ++i) hands[seat].Add(block[next++]);
  }
}

bool LayoutSampler::Sample(core::Rng& rng, Hands& hands, int64_t* rejected,
                           int64_t max_attempts) const {
  for (int64_t attempt = 0; attempt < max_attempts; ++attempt) {
    const double u = rng.Uniform() * total_weight_;
    const size_t i = std::min<size_t>(
        std::upper_bound(cumulative_.begin(), cumulative_.end(), u) - cumulative_.begin(),
        leaves_.size() - 1);
    const LayoutSampler::Leaf& leaf = leaves_[i];
    Deal(rng, &leaf, hands);
    bool ok = true;
    if (fallback_) {
      for (int seat = 0; seat < 4 && ok; ++seat) {
        for (int suit = 0; suit < 4 && ok; ++suit) {
          if (!(problem_.no_more[seat] >> suit & 1)) continue;
          ok = SuitCards(hands[seat].Without(problem_.fixed[seat]), suit).empty();
        }
      }
    }
    if (ok && (leaf.decided || problem_.script == nullptr ||
               dealer::Satisfies(*problem_.script, hands))) {
      return true;
    }
    if (rejected != nullptr) ++*rejected;
  }
  return false;
}

}  // namespace kibitzer::bridge
