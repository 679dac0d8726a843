#include "engine/games/scrabble/sim/sampler.h"

#include <array>

#include "absl/strings/str_cat.h"
#include "engine/core/fixed_cards.h"
#include "engine/core/quote.h"

namespace kibitzer::scrabble {

absl::StatusOr<RackSampler> RackSampler::Make(const Position& pos, int viewer,
                                              const std::vector<std::string>& fixed) {
  RackSampler s(pos, viewer);
  const int other = 1 - viewer;
  s.other_known_ = pos.side(other).known;
  Rack unseen = pos.Unseen(viewer);
  if (s.other_known_) unseen.RemoveAll(pos.side(other).rack);
  absl::StatusOr<std::vector<core::FixedCards>> entries =
      core::ParseFixedCards(fixed, {SeatName(0), SeatName(1)}, "fixed", "2:QU");
  if (!entries.ok()) return entries.status();
  for (size_t i = 0; i < entries->size(); ++i) {
    const core::FixedCards& e = (*entries)[i];
    const std::string& field = e.field;
    if (e.seat != other) {
      return absl::InvalidArgumentError(
          absl::StrCat(field, ": ", core::Quote(fixed[i]), " is not ", SeatName(other),
                       ":TILES (tiles fixed to the rack of seat ", SeatName(other),
                       ", the one the view does not see)"));
    }
    if (s.other_known_) {
      return absl::InvalidArgumentError(
          absl::StrCat(field, ": seat ", SeatName(other), "'s rack is known; nothing to fix"));
    }
    absl::StatusOr<Rack> tiles = ParseRack(e.cards, kRackSize, field);
    if (!tiles.ok()) return tiles.status();
    s.fixed_.AddAll(*tiles);
  }
  if (s.fixed_.size > pos.side(other).size) {
    return absl::InvalidArgumentError(absl::StrCat("fixed: ", s.fixed_.size,
                                                   " tiles fixed, but seat ", SeatName(other),
                                                   " holds ", pos.side(other).size));
  }
  if (!unseen.Contains(s.fixed_)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "fixed: ", FormatRack(s.fixed_), " are not among the unseen tiles ", FormatRack(unseen)));
  }
  unseen.RemoveAll(s.fixed_);
  for (int k = 0; k < kTileKinds; ++k) s.free_.insert(s.free_.end(), unseen.count[k], uint8_t(k));
  return s;
}

absl::Status RackSampler::SetLeaves(std::vector<Rack> leaves, const std::string& field) {
  if (other_known_ || fixed_.size > 0) {
    return absl::InvalidArgumentError(absl::StrCat(field, ": the other rack is ",
                                                   other_known_ ? "known" : "partly fixed",
                                                   "; nothing to infer"));
  }
  Rack unseen;
  for (uint8_t k : free_) unseen.Add(k);
  for (const Rack& leave : leaves) {
    if (!unseen.Contains(leave) || leave.size > pos_->side(other()).size) {
      return absl::InvalidArgumentError(absl::StrCat(field, ": the leave ", FormatRack(leave),
                                                     " is not among the unseen tiles ",
                                                     FormatRack(unseen), " or does not fit"));
    }
  }
  leaves_ = std::move(leaves);
  return absl::OkStatus();
}

void RackSampler::Draw(core::Rng& rng, Rack* rack, std::vector<uint8_t>* bag) const {
  if (!leaves_.empty() && !other_known_) {
    // One of the inferred leaves, then the rest of the rack and the bag from the other tiles.
    *rack = leaves_[rng.Below(leaves_.size())];
    std::array<int, kTileKinds> skip{};
    for (int k = 0; k < kTileKinds; ++k) skip[static_cast<size_t>(k)] = rack->count[k];
    bag->clear();
    for (uint8_t k : free_) {
      if (skip[k] > 0) {
        --skip[k];
      } else {
        bag->push_back(k);
      }
    }
    rng.Shuffle(bag->begin(), bag->end());
    const int take = pos_->side(other()).size - rack->size;
    for (int i = 0; i < take; ++i) rack->Add((*bag)[static_cast<size_t>(i)]);
    bag->erase(bag->begin(), bag->begin() + take);
    return;
  }
  *bag = free_;
  rng.Shuffle(bag->begin(), bag->end());
  if (other_known_) {
    *rack = pos_->side(other()).rack;
    return;
  }
  *rack = fixed_;
  const int take = pos_->side(other()).size - fixed_.size;
  for (int i = 0; i < take; ++i) rack->Add((*bag)[static_cast<size_t>(i)]);
  bag->erase(bag->begin(), bag->begin() + take);
}

uint64_t RackSampler::Orders(uint64_t cap) const {
  const int bag = pos_->bag_size();
  uint64_t n = 1;
  for (int i = 0; i < bag; ++i) {
    n *= free_.size() - static_cast<size_t>(i);
    if (n > cap) return 0;
  }
  return n;
}

void RackSampler::DrawOrder(uint64_t i, Rack* rack, std::vector<uint8_t>* bag) const {
  // Mixed radix: each bag tile, front first, is the (i mod left)-th of the tiles left.
  std::vector<uint8_t>& left = *bag;
  left = free_;
  const size_t picks = static_cast<size_t>(pos_->bag_size());
  for (size_t k = 0; k < picks; ++k) {
    const size_t n = left.size() - k;
    std::swap(left[k], left[k + static_cast<size_t>(i % n)]);
    i /= n;
  }
  *rack = other_known_ ? pos_->side(other()).rack : fixed_;
  if (!other_known_) {
    for (size_t k = picks; k < left.size(); ++k) rack->Add(left[k]);
  }
  left.resize(picks);
}

Position RackSampler::Sample(core::Rng& rng) const {
  Rack rack;
  std::vector<uint8_t> bag;
  Draw(rng, &rack, &bag);
  Position p = *pos_;
  p.SetRack(other(), rack);
  // The tiles left are exactly the bag's (checked by construction).
  (void)p.SetBag(bag, "bag");
  return p;
}

}  // namespace kibitzer::scrabble
