// Duplicate bridge scoring (Laws of Duplicate Bridge 2017, Law 77) and the IMP scale.
#pragma once

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace kibitzer::bridge {

struct Contract {
  int level = 0;    // 1..7; 0 for a passed-out board
  int strain = 0;   // kSpades..kClubs or kNoTrump
  int doubled = 0;  // 0, 1 (X) or 2 (XX)
  bool passed_out() const { return level == 0; }
};

// "4H", "3NTX", "7NXX", "Pass" (any case; N or NT). Errors are INVALID_ARGUMENT naming `field`.
absl::StatusOr<Contract> ParseContract(absl::string_view text, absl::string_view field);
std::string FormatContract(const Contract& contract);

// The score of `contract` for the declaring side when declarer takes `tricks` (0..13): positive
// when made, negative when defeated; 0 for a pass-out.
int DuplicateScore(const Contract& contract, bool vulnerable, int tricks);

// Bids in auction order, 0..34: 1C 1D 1H 1S 1NT 2C ... 7NT.
inline constexpr int kBidCount = 35;
inline constexpr int kStrainsInBiddingOrder[5] = {3 /*C*/, 2 /*D*/, 1 /*H*/, 0 /*S*/, 4 /*NT*/};
constexpr int BidLevel(int bid) { return bid / 5 + 1; }
constexpr int BidStrain(int bid) { return kStrainsInBiddingOrder[bid % 5]; }
constexpr int BidIndex(int level, int strain) {
  return (level - 1) * 5 + (strain == 4 ? 4 : 3 - strain);
}

// IMPs for a difference in points (sign kept).
int Imps(int difference);

}  // namespace kibitzer::bridge
