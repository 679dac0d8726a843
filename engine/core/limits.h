// Limits of one search, in one value type. Zero means "no limit of this kind".
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

namespace kibitzer::core {

struct Limits {
  std::chrono::milliseconds time{0};
  uint64_t nodes = 0;
  int depth = 0;
  uint64_t samples = 0;
  // Only these moves (game move notation) are searched; empty means all legal moves.
  std::vector<std::string> candidate_moves;
};

}  // namespace kibitzer::core
