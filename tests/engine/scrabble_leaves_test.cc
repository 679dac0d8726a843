// Scrabble's leave values: the learned table's file, its lookup (the same in any tile order), its
// loading with the lexicon, the bag's factors, and learning by self-play (the same table at any
// thread count).
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "engine/games/scrabble/leaves/leave.h"
#include "engine/games/scrabble/leaves/leave_learning.h"
#include "engine/games/scrabble/players.h"
#include "tests/engine/scrabble_fixture.h"

namespace kibitzer::scrabble {
namespace {

Rack R(const char* text) { return *ParseRack(text, kRackSize, "r"); }

// A table with every kind of entry.
LeaveTable SmallTable() {
  LeaveTable t;
  for (int k = 0; k < kTileKinds; ++k) t.SetTile(k, 0.25 * k - 3);
  t.SetTile(kBlank, 24);
  t.SetPair(5, 5, -4);   // EE
  t.SetPair(17, 21, 6);  // QU
  t.SetPair(1, 19, 1.5);
  t.SetBagFactor(2, 0.5);
  t.SetLeave(LeaveTable::Key(R("AEINST")), 30);
  t.SetLeave(LeaveTable::Key(R("Q")), -9);
  return t;
}

// Random leaves of 1..6 tiles from the tile set.
std::vector<std::vector<uint8_t>> RandomLeaves(int n, uint64_t seed) {
  core::Rng rng(seed);
  std::vector<uint8_t> all;
  for (int k = 0; k < kTileKinds; ++k) all.insert(all.end(), kDistribution[k], uint8_t(k));
  std::vector<std::vector<uint8_t>> out;
  for (int i = 0; i < n; ++i) {
    rng.Shuffle(all.begin(), all.end());
    out.emplace_back(all.begin(), all.begin() + 1 + static_cast<long>(rng.Below(kMaxLeave)));
  }
  return out;
}

TEST(ScrabbleLeaves, TheModelIsTilesPlusPairsAndALeavesOwnValueComesFirst) {
  const LeaveTable t = SmallTable();
  EXPECT_DOUBLE_EQ(t.Value(R("Q")), -9);  // its own value
  EXPECT_DOUBLE_EQ(t.Value(R("AEINST")), 30);
  // E E Q U: two E, Q and U, the EE pair once, QU once.
  EXPECT_DOUBLE_EQ(t.Value(R("EEQU")), 2 * t.tile(5) + t.tile(17) + t.tile(21) - 4 + 6);
  // Three E: three EE pairs.
  EXPECT_DOUBLE_EQ(t.Value(R("EEE")), 3 * t.tile(5) - 12);
  EXPECT_DOUBLE_EQ(t.Value(R("?S")), 24 + t.tile(19) + t.pair(0, 19));
  EXPECT_DOUBLE_EQ(t.Value(Rack{}), 0);
  // The bag's factor, and the bag empty: tiles stuck on the rack.
  EXPECT_DOUBLE_EQ(LeaveValue(&t, R("AEINST"), 2), 15);
  EXPECT_DOUBLE_EQ(LeaveValue(&t, R("AEINST"), 9), 30);
  EXPECT_DOUBLE_EQ(LeaveValue(&t, R("QZ"), 0), -40);
  EXPECT_DOUBLE_EQ(LeaveValue(nullptr, R("QZ"), 0), -40);
  EXPECT_DOUBLE_EQ(LeaveValue(nullptr, R("S?"), 9), HandMadeLeaveValue(R("S?")));
}

TEST(ScrabbleLeaves, ALeavesValueDoesNotDependOnTheOrderOfItsTiles) {
  LeaveTable t = SmallTable();
  core::Rng rng(5);
  for (const std::vector<uint8_t>& tiles : RandomLeaves(300, 3)) {
    Rack a;
    for (uint8_t k : tiles) a.Add(k);
    if (rng.Below(2) == 0)
      t.SetLeave(LeaveTable::Key(a), static_cast<double>(rng.Below(4000)) / 100);
    std::vector<uint8_t> shuffled = tiles;
    for (int round = 0; round < 3; ++round) {
      rng.Shuffle(shuffled.begin(), shuffled.end());
      Rack b;
      for (uint8_t k : shuffled) b.Add(k);
      ASSERT_EQ(LeaveTable::Key(a), LeaveTable::Key(b));
      EXPECT_EQ(t.Value(a), t.Value(b));
      EXPECT_EQ(HandMadeLeaveValue(a), HandMadeLeaveValue(b));
      EXPECT_EQ(LeaveTable::FromKey(LeaveTable::Key(b)), a);
    }
  }
  // Written in any order in the file, a leave is the same entry: the last line wins.
  absl::StatusOr<LeaveTable> parsed =
      LeaveTable::Parse("kibitzer-leaves 1\nleave SEA 4\nleave AES 7\n", "f");
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  EXPECT_EQ(parsed->entries(), 1u);
  EXPECT_DOUBLE_EQ(parsed->Value(R("EAS")), 7);
}

TEST(ScrabbleLeaves, TheFileRoundTripsAndABadLineIsNamed) {
  LeaveTable t = SmallTable();
  for (const std::vector<uint8_t>& tiles : RandomLeaves(200, 9)) {
    Rack r;
    for (uint8_t k : tiles) r.Add(k);
    t.SetLeave(LeaveTable::Key(r), static_cast<double>(tiles.size()) * 1.25 - 2);
  }
  const std::string text = t.Serialize({"a comment"});
  absl::StatusOr<LeaveTable> back = LeaveTable::Parse(text, "t.leaves");
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(back->entries(), t.entries());
  EXPECT_EQ(back->Serialize({"a comment"}), text);
  for (const std::vector<uint8_t>& tiles : RandomLeaves(500, 10)) {
    Rack r;
    for (uint8_t k : tiles) r.Add(k);
    EXPECT_NEAR(back->Value(r), t.Value(r), 0.01) << FormatRack(r);
  }
  for (int bag = 1; bag <= kMaxLeave; ++bag) EXPECT_EQ(back->BagFactor(bag), t.BagFactor(bag));
  struct Bad {
    const char* text;
    const char* says;
  };
  for (const Bad& b : std::vector<Bad>{
           {"leave AB 1\n", "t.leaves line 1: 'leave AB 1' is not the header"},
           {"kibitzer-leaves 1\n\nleave QQ 1\n", "t.leaves line 3: 'leave QQ 1' is not a tile"},
           {"kibitzer-leaves 1\nleave ABCDEFG 1\n", "line 2"},
           {"kibitzer-leaves 1\ntile AB 1\n", "line 2"},
           {"kibitzer-leaves 1\nbag 7 0.5\n", "line 2"},
           {"kibitzer-leaves 1\nbag 3 -0.5\n", "line 2"},
           {"kibitzer-leaves 1\npair E 1\n", "line 2"},
           {"kibitzer-leaves 1\nleave AB 1e9\n", "within ±1000"},
           {"kibitzer-leaves 1\nleave AB nan\n", "within ±1000"},
           {"kibitzer-leaves 1\nleave AB\n", "line 2"},
           {"", "t.leaves: empty"}}) {
    const absl::Status s = LeaveTable::Parse(b.text, "t.leaves").status();
    EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument) << b.text;
    EXPECT_NE(s.message().find(b.says), std::string::npos) << s.message();
  }
}

TEST(ScrabbleLeaves, ALexiconLoadsItsLeavesAndABrokenFileIsNamed) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("kibitzer-leaves-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::filesystem::copy_file(testing::LexiconDir() + "/SCOWL70.kwg", dir / "MINE.kwg",
                             std::filesystem::copy_options::overwrite_existing);
  std::filesystem::copy_file(testing::LexiconDir() + "/SCOWL70.kwg", dir / "BROKEN.kwg",
                             std::filesystem::copy_options::overwrite_existing);
  ASSERT_TRUE(SaveLeaveFile(SmallTable(), {}, (dir / "MINE.leaves").string()).ok());
  std::ofstream(dir / "BROKEN.leaves") << "kibitzer-leaves 1\nleave ZZ 3\n";
  LexiconStore store(dir.string());
  absl::StatusOr<Lexicon> mine = store.Get("mine", "lexicon");
  ASSERT_TRUE(mine.ok()) << mine.status();
  ASSERT_NE(mine->leaves, nullptr);
  EXPECT_DOUBLE_EQ(mine->leaves->Value(R("AEINST")), 30);
  // A play's equity uses them.
  Position pos(mine->words, "MINE", {}, mine->leaves);
  pos.SetRack(0, R("AEINSTQ"));
  pos.SetRack(1, R("OOOUUUV"));
  ASSERT_TRUE(pos.Finish("p").ok());
  absl::StatusOr<Move> exchange = pos.Parse("-Q", "m");
  ASSERT_TRUE(exchange.ok()) << exchange.status();
  EXPECT_DOUBLE_EQ(LeaveOf(pos, *exchange), 30);
  const absl::Status broken = store.Get("broken", "position.options[lexicon]").status();
  EXPECT_EQ(broken.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(broken.message().find("position.options[lexicon]: lexicon BROKEN cannot be loaded"),
            std::string::npos)
      << broken.message();
  EXPECT_NE(broken.message().find("BROKEN.leaves line 2"), std::string::npos) << broken.message();
  // SCOWL70 has none: the hand-made values.
  absl::StatusOr<Lexicon> scowl70 = LexiconStore(testing::LexiconDir()).Get("SCOWL70", "lexicon");
  ASSERT_TRUE(scowl70.ok()) << scowl70.status();
  EXPECT_EQ(scowl70->leaves, nullptr);
  std::filesystem::remove_all(dir);
}

TEST(ScrabbleLeaves, LearningGivesTheSameTableAtAnyThreadCountAndValuesTheBlankAboveTheQ) {
  LeaveLearningOptions o;
  o.kwg = testing::Scowl70();
  o.lexicon = "SCOWL70";
  o.games = testing::Cases(60);
  o.generations = 2;
  o.seed = 4;
  o.min_count = 3;
  int reports = 0, last_generation = -1;
  LeaveLearningStats one_stats, three_stats;
  o.threads = 1;
  absl::StatusOr<LeaveTable> one = LearnLeaves(
      o,
      [&](int generation, int done, int total) {
        ++reports;
        last_generation = generation;
        EXPECT_LE(done, total);
      },
      &one_stats);
  o.threads = 3;
  absl::StatusOr<LeaveTable> three = LearnLeaves(o, {}, &three_stats);
  ASSERT_TRUE(one.ok() && three.ok());
  EXPECT_EQ(one->Serialize({}), three->Serialize({}));
  EXPECT_EQ(reports, 2 * o.games);
  EXPECT_EQ(last_generation, 1);
  EXPECT_EQ(one_stats.observations, three_stats.observations);
  EXPECT_GT(one_stats.observations, static_cast<uint64_t>(10 * o.games));
  EXPECT_GT(one_stats.leaves_stored, 0u);
  EXPECT_EQ(one->entries(), one_stats.leaves_stored);
  // What every Scrabble player knows: the blank is worth keeping, the Q is not.
  EXPECT_GT(one->Value(R("?")), 10);
  EXPECT_LT(one->Value(R("Q")), one->Value(R("?")) - 15);
  for (int bag = 1; bag <= kMaxLeave; ++bag) {
    EXPECT_GE(one->BagFactor(bag), 0);
    EXPECT_LE(one->BagFactor(bag), 2);
  }
  o.games = 0;
  EXPECT_EQ(LearnLeaves(o, {}, &one_stats).status().message(), "--games: must be 1 to 10000000");
}

}  // namespace
}  // namespace kibitzer::scrabble
