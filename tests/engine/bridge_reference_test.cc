// The double-dummy solver against DDS 2.9.0's results (tests/data/bridge, copied unchanged from
// the project's shared reference data; each file's first line defines its fields).
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "engine/games/bridge/dd/dd_batch.h"
#include "engine/games/bridge/dd/dd_table.h"
#include "gtest/gtest.h"

namespace kibitzer::bridge {
namespace {

std::vector<std::string> DataLines(const std::string& name) {
  std::ifstream in(std::string(KIBITZER_TEST_DATA) + "/bridge/" + name);
  std::vector<std::string> lines;
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line[0] != '#') lines.push_back(line);
  }
  return lines;
}

// Sanitizer builds are many times slower: they may check only the first N lines of each file
// (KIBITZER_REFERENCE_LINES); the release suite checks every line.
size_t LinesToCheck(size_t all) {
  const char* env = std::getenv("KIBITZER_REFERENCE_LINES");
  size_t n = 0;
  if (env != nullptr && absl::SimpleAtoi(env, &n) && n > 0 && n < all) return n;
  return all;
}

std::vector<std::pair<PlayPosition, std::map<int, int>>> SolveboardCases() {
  std::vector<std::pair<PlayPosition, std::map<int, int>>> cases;
  for (const std::string& line : DataLines("dd_solveboard_public.txt")) {
    std::vector<std::string> f = absl::StrSplit(line, '\t');
    EXPECT_EQ(f.size(), 5u) << line;
    if (f.size() != 5) continue;
    auto hands = ParsePbnDeal(f[0], "deal", /*allow_unequal=*/true);
    EXPECT_TRUE(hands.ok()) << hands.status();
    if (!hands.ok()) continue;
    PlayPosition p;
    p.hands = *hands;
    p.trump = *ParseStrain(f[1]);
    p.leader = *ParseSeat(f[3]);
    if (f[2] != "-") {
      for (absl::string_view c : absl::StrSplit(f[2], ' '))
        p.table[p.table_count++] = *ParseCard(c);
    }
    std::map<int, int> expected;
    for (absl::string_view item : absl::StrSplit(f[4], ' ')) {
      std::pair<std::string, std::string> kv = absl::StrSplit(item, ':');
      int score = 0;
      EXPECT_TRUE(absl::SimpleAtoi(kv.second, &score)) << item;
      expected[*ParseCard(kv.first)] = score;
    }
    cases.emplace_back(p, expected);
  }
  return cases;
}

TEST(BridgeReference, EveryCardOfEveryMidPlayPositionMatchesDds) {
  auto cases = SolveboardCases();
  ASSERT_EQ(cases.size(), 100u);
  cases.resize(LinesToCheck(cases.size()));
  std::vector<PlayPosition> positions;
  for (const auto& c : cases) positions.push_back(c.first);
  const auto results = SolveCardsBatch(positions, BatchOptions{});
  ASSERT_EQ(results.size(), cases.size());
  for (size_t i = 0; i < cases.size(); ++i) {
    std::map<int, int> got(results[i].begin(), results[i].end());
    EXPECT_EQ(got, cases[i].second)
        << "line " << i + 1 << ": " << FormatPbnDeal(positions[i].hands);
  }
}

TEST(BridgeReference, EveryTableParScoreAndParContractMatchesDds) {
  const std::vector<std::string> lines = DataLines("dd_tables_public.txt");
  ASSERT_EQ(lines.size(), 200u);
  const size_t n = LinesToCheck(lines.size());
  std::vector<Hands> deals;
  std::vector<DdTable> expected;
  std::vector<int> par_scores;
  std::vector<std::string> par_contracts;
  for (size_t i = 0; i < n; ++i) {
    std::vector<std::string> f = absl::StrSplit(lines[i], '\t');
    ASSERT_EQ(f.size(), 4u) << lines[i];
    auto hands = ParsePbnDeal(f[0], "deal");
    ASSERT_TRUE(hands.ok()) << hands.status();
    deals.push_back(*hands);
    std::vector<std::string> tricks = absl::StrSplit(f[1], ' ');
    ASSERT_EQ(tricks.size(), 20u);
    DdTable t;
    for (int k = 0; k < 20; ++k) ASSERT_TRUE(absl::SimpleAtoi(tricks[k], &t.tricks[k / 4][k % 4]));
    expected.push_back(t);
    int par = 0;
    ASSERT_TRUE(absl::SimpleAtoi(f[2], &par));
    par_scores.push_back(par);
    par_contracts.push_back(f[3]);
  }
  const std::vector<DdTable> got = SolveTables(deals, BatchOptions{});
  for (size_t i = 0; i < n; ++i) {
    EXPECT_EQ(got[i].tricks, expected[i].tricks) << lines[i];
    // Par from the file's table, so a table mismatch does not hide a par mismatch.
    const Par par = DealerPar(expected[i], kNorth, Vulnerability::kNone);
    EXPECT_EQ(par.score, par_scores[i]) << lines[i];
    EXPECT_EQ(absl::StrJoin(par.contracts, ","), par_contracts[i]) << lines[i];
  }
}

}  // namespace
}  // namespace kibitzer::bridge
