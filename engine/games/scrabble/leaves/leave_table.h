// Learned leave values (kibitz scrabble-leaves), one table per lexicon: NAME.leaves beside
// NAME.kwg, loaded with it.
//
// A leave of 1..6 tiles is valued by its own learned entry when self-play kept it often enough,
// else by the pair model fitted to all of them: the sum of a value for each tile and a value for
// each pair of its tiles (a duplicate is the pair of a tile with itself). Near the end of the bag
// (1..6 tiles in it before the draw) the value is scaled by that bag size's learned factor.
//
// The file is text, one entry a line, '#' starting a comment:
//   kibitzer-leaves 1          the format's version, first
//   tile E 1.25                a tile's model value ('?' the blank)
//   pair EE -3.10              a pair's model value (tiles in rack order)
//   bag 3 0.62                 the factor when 3 tiles are in the bag
//   leave AEINST 31.44         a leave's own value (tiles in rack order)
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/games/scrabble/rules/tiles.h"

namespace kibitzer::scrabble {

constexpr int kMaxLeave = kRackSize - 1;
constexpr const char* kLeavesExtension = ".leaves";

class LeaveTable {
 public:
  // A leave's key: its kinds in increasing order, each plus one, five bits each from bit 0
  // (0: the empty leave). Leaves of more than six tiles have none.
  static uint32_t Key(const Rack& leave);
  static Rack FromKey(uint32_t key);

  // The value of `leave` (1..6 tiles) with a full draw ahead; 0 for the empty leave.
  double Value(const Rack& leave) const;
  double Value(uint32_t key, const Rack& leave) const;
  // The pair model alone.
  double ModelValue(const Rack& leave) const;
  // The factor for `bag` tiles in the bag (1..6); 1 from 7 on.
  double BagFactor(int bag) const { return bag >= 1 && bag <= kMaxLeave ? bag_[bag] : 1.0; }

  double tile(int kind) const { return tile_[kind]; }
  double pair(int a, int b) const { return pair_[a * kTileKinds + b]; }
  size_t entries() const { return count_; }

  void SetTile(int kind, double v) { tile_[kind] = v; }
  void SetPair(int a, int b, double v) {
    pair_[a * kTileKinds + b] = pair_[b * kTileKinds + a] = v;
  }
  void SetBagFactor(int bag, double f) { bag_[bag] = f; }
  // Adds or replaces a leave's own value.
  void SetLeave(uint32_t key, double v);

  // The file's text (entries sorted by leave), with `comment` lines first; and back: a line that
  // is not well-formed is refused naming `source` and its line number.
  std::string Serialize(const std::vector<std::string>& comment) const;
  static absl::StatusOr<LeaveTable> Parse(std::string_view text, const std::string& source);

 private:
  size_t Slot(uint32_t key) const;
  void Grow();

  std::array<double, kTileKinds> tile_{};
  std::array<double, kTileKinds * kTileKinds> pair_{};
  std::array<double, kMaxLeave + 1> bag_{1, 1, 1, 1, 1, 1, 1};
  // Open addressing on the key (0: an empty slot), a power of two at most half full.
  std::vector<uint32_t> keys_;
  std::vector<float> values_;
  size_t count_ = 0;
};

// Reads NAME.leaves; errors name the file and line.
absl::StatusOr<LeaveTable> LoadLeaveFile(const std::string& path);
absl::Status SaveLeaveFile(const LeaveTable& table, const std::vector<std::string>& comment,
                           const std::string& path);

}  // namespace kibitzer::scrabble
