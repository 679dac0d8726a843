// The tarok sampler is uniform over the layouts consistent with a seat's view: on small end
// positions every consistent layout is enumerated (checked by setting it up with every card known,
// which replays every move's legality) and compared with the frequencies of many draws.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <vector>

#include "absl/strings/str_join.h"
#include "engine/games/tarok/rules/deal.h"
#include "engine/games/tarok/tarok_game.h"

namespace kibitzer::tarok {
namespace {

std::string Key(const core::PositionSpec& p) {
  return p.notation + " | " + absl::StrJoin(p.moves, " ");
}

// Calls f(assignment) for every way to split `cards` into groups of the given sizes.
void Splits(std::vector<int> cards, const std::vector<int>& sizes, std::vector<Mask>& groups,
            size_t g, const std::function<void()>& f) {
  if (g == sizes.size()) {
    if (cards.empty()) f();
    return;
  }
  const int k = sizes[g];
  const int n = static_cast<int>(cards.size());
  if (k > n) return;
  std::vector<int> pick(static_cast<size_t>(k));
  for (int i = 0; i < k; ++i) pick[static_cast<size_t>(i)] = i;
  for (;;) {
    Mask m = 0;
    std::vector<int> rest;
    for (int i = 0, j = 0; i < n; ++i) {
      if (j < k && pick[static_cast<size_t>(j)] == i) {
        m |= Bit(cards[static_cast<size_t>(i)]);
        ++j;
      } else {
        rest.push_back(cards[static_cast<size_t>(i)]);
      }
    }
    groups[g] = m;
    Splits(rest, sizes, groups, g + 1, f);
    int i = k - 1;
    while (i >= 0 && pick[static_cast<size_t>(i)] == n - k + i) --i;
    if (i < 0) break;
    ++pick[static_cast<size_t>(i)];
    for (int j = i + 1; j < k; ++j)
      pick[static_cast<size_t>(j)] = pick[static_cast<size_t>(j - 1)] + 1;
  }
}

TEST(TarokSampler, UniformOverTheConsistentLayouts) {
  TarokGame game;
  core::Rng rng(21);
  const Contract contracts[] = {Contract::kKlop, Contract::kThree, Contract::kTwo, Contract::kOne,
                                Contract::kBeggar};
  int positions = 0;
  for (int attempt = 0; attempt < 60 && positions < 6; ++attempt) {
    const Contract c = contracts[attempt % 5];
    const int declarer = c == Contract::kKlop ? -1 : static_cast<int>(rng.Below(3));
    const DealCards d = RandomDeal(rng);
    Round r(Rules{}, d, c, declarer);
    std::vector<std::string> moves;
    while (r.phase() != Phase::kDone &&
           !(r.phase() == Phase::kPlay && r.play().TricksDone() == 14 &&
             r.play().CardsInTrick() == 0)) {
      const std::vector<Move> legal = r.LegalMoves();
      const Move m = legal[rng.Below(legal.size())];
      moves.push_back(MoveText(m));
      r.Apply(m);
    }
    if (r.phase() != Phase::kPlay) continue;
    const int seat = static_cast<int>(rng.Below(3));
    core::PositionSpec view;
    view.notation = DealNotation(d);
    view.moves = moves;
    view.options["contract"] = ContractName(c);
    if (declarer >= 0) view.options["declarer"] = std::to_string(declarer + 1);
    view.seat = std::to_string(seat + 1);
    auto state = game.Setup(view);
    ASSERT_TRUE(state.ok()) << state.status();

    // Every layout: the hidden players' current hands and the hidden discards, re-split.
    std::vector<int> hidden_players;
    std::vector<int> sizes;
    std::vector<int> pool;
    for (int p = 0; p < kPlayers; ++p) {
      if (p == seat) continue;
      hidden_players.push_back(p);
      sizes.push_back(std::popcount(r.hand(p)));
      for (Mask m = r.hand(p); m; m &= m - 1) pool.push_back(Lowest(m));
    }
    const Mask true_hidden_discards =
        declarer >= 0 && declarer != seat ? r.discards() & ~kTaroks : 0;
    sizes.push_back(std::popcount(true_hidden_discards));
    for (Mask m = true_hidden_discards; m; m &= m - 1) pool.push_back(Lowest(m));
    std::map<std::string, int> counts;
    std::vector<Mask> groups(sizes.size());
    const Mask taken = r.TakenGroup();
    Splits(pool, sizes, groups, 0, [&] {
      DealCards full = d;
      for (size_t i = 0; i < hidden_players.size(); ++i) {
        const int p = hidden_players[i];
        Mask dealt = groups[i] | r.played(p);
        if (p == declarer) dealt = (dealt | (r.discards() & kTaroks) | groups.back()) & ~taken;
        full.hands[p] = dealt;
      }
      core::PositionSpec layout = view;
      layout.seat.clear();
      layout.notation = DealNotation(full);
      Mask discards = groups.back();
      for (std::string& m : layout.moves) {
        const absl::StatusOr<int> card = ParseCard(m, "m");
        if (card.ok() && (true_hidden_discards & Bit(*card))) {
          m = CardName(Lowest(discards));
          discards &= discards - 1;
        }
      }
      // Discards are written in card order in the layouts the sampler makes.
      if (game.Setup(layout).ok()) counts[Key(layout)] = 0;
    });
    ASSERT_FALSE(counts.empty());
    if (counts.size() < 3) continue;
    core::DealSpec spec;
    spec.count = static_cast<int>(counts.size()) * 60;
    spec.seed = static_cast<uint64_t>(attempt);
    auto dealt = game.Deal(**state, spec);
    ASSERT_TRUE(dealt.ok()) << dealt.status();
    for (const core::PositionSpec& layout : dealt->layouts) {
      core::PositionSpec normal = layout;
      auto it = counts.find(Key(normal));
      ASSERT_NE(it, counts.end()) << "a sampled layout is not consistent: " << Key(normal);
      ++it->second;
    }
    // Chi-square against uniform, with a generous bound (df + 6 sqrt(2 df)).
    const double expected = 60;
    double chi2 = 0;
    for (const auto& [key, n] : counts) chi2 += (n - expected) * (n - expected) / expected;
    const double df = static_cast<double>(counts.size() - 1);
    EXPECT_LT(chi2, df + 6 * std::sqrt(2 * df)) << counts.size() << " layouts";
    ++positions;
  }
  EXPECT_GE(positions, 3);
}

}  // namespace
}  // namespace kibitzer::tarok
