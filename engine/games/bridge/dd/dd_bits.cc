#include "engine/games/bridge/dd/dd_bits.h"

#include <array>

namespace kibitzer::bridge::dd {
namespace {

// kPack[m][x]: the bits of the 7-bit x at the positions of the 7-bit m, packed from the bottom.
using PackTable = std::array<std::array<uint8_t, 128>, 128>;

constexpr PackTable MakePackTable() {
  PackTable table{};
  for (int m = 0; m < 128; ++m) {
    for (int x = 0; x < 128; ++x) {
      int out = 0, at = 0;
      for (int b = 0; b < 7; ++b) {
        if ((m >> b) & 1) {
          out |= ((x >> b) & 1) << at;
          ++at;
        }
      }
      table[m][x] = static_cast<uint8_t>(out);
    }
  }
  return table;
}

constexpr PackTable kPack = MakePackTable();

}  // namespace

uint64_t CompressByTable(uint64_t x, uint64_t live) {
  uint64_t out = 0;
  int at = 0;
  for (int suit = 0; suit < 4; ++suit) {
    // Ranks 2..8 are lane bits 2..8, ranks 9..A are lane bits 9..14.
    const unsigned lane_x = static_cast<unsigned>(x >> (16 * suit + 2));
    const unsigned lane_m = static_cast<unsigned>(live >> (16 * suit + 2));
    const unsigned low_m = lane_m & 127, high_m = (lane_m >> 7) & 63;
    const unsigned low = kPack[low_m][lane_x & 127];
    const unsigned high = kPack[high_m][(lane_x >> 7) & 63];
    const int low_count = std::popcount(low_m);
    out |= static_cast<uint64_t>(low | (high << low_count)) << at;
    at += low_count + std::popcount(high_m);
  }
  return out;
}

}  // namespace kibitzer::bridge::dd
