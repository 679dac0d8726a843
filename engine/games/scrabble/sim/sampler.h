// Hypothetical deals from a seat's view: the other rack (where hidden) and the bag's order drawn
// uniformly from the tiles the seat cannot see, with tiles fixed to the other rack by the client.
#pragma once

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/core/rng.h"
#include "engine/games/scrabble/rules/position.h"

namespace kibitzer::scrabble {

class RackSampler {
 public:
  // `viewer`: the seat whose view it is; `fixed` "SEAT:TILES" items (the other seat only), errors
  // name fixed[i].
  static absl::StatusOr<RackSampler> Make(const Position& pos, int viewer,
                                          const std::vector<std::string>& fixed);
  // A layout: the position with the other rack known and the bag's order known.
  Position Sample(core::Rng& rng) const;
  // The other rack and the bag, as drawn (kinds), for tests.
  void Draw(core::Rng& rng, Rack* rack, std::vector<uint8_t>* bag) const;
  // The layouts as equally likely orders: the bag's tiles picked one by one from the free unseen
  // tiles (the rest the other rack's); how many there are (0 when more than `cap`), and the
  // i-th (i below that). Every layout is one of them, each as often as any other.
  uint64_t Orders(uint64_t cap) const;
  void DrawOrder(uint64_t i, Rack* rack, std::vector<uint8_t>* bag) const;
  const Rack& fixed() const { return fixed_; }
  // Rack inference (inference.h): from now on Draw and Sample take the other rack as one of
  // `leaves` (each as likely as its repeats) plus tiles drawn from the rest; not with fixed tiles
  // or a known other rack, and each leave must be among the unseen tiles and fit the rack (the
  // error names `field`). DrawOrder (every order of a nearly empty bag) does not use them.
  absl::Status SetLeaves(std::vector<Rack> leaves, const std::string& field);
  int other() const { return 1 - viewer_; }

 private:
  RackSampler(const Position& pos, int viewer) : pos_(&pos), viewer_(viewer) {}
  const Position* pos_;
  int viewer_;
  bool other_known_ = false;
  Rack fixed_;
  std::vector<uint8_t> free_;  // the unseen tiles less the fixed, kinds
  std::vector<Rack> leaves_;
};

}  // namespace kibitzer::scrabble
