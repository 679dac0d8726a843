// CardSet: a set of up to 64 cards (or squares, or any small items) as one 64-bit mask.
//
// Bit i stands for item i; games choose the numbering (for cards, suit * 16 + rank keeps each suit
// in its own 16-bit lane, so suit masks are shifts). Value type, trivially copyable, no allocation;
// safe to share read-only between threads.
#pragma once

#include <bit>
#include <cstdint>

namespace kibitzer::core {

class CardSet {
 public:
  constexpr CardSet() = default;
  constexpr explicit CardSet(uint64_t mask) : mask_(mask) {}
  static constexpr CardSet Single(int index) { return CardSet(uint64_t{1} << index); }

  constexpr uint64_t mask() const { return mask_; }
  constexpr bool empty() const { return mask_ == 0; }
  constexpr int size() const { return std::popcount(mask_); }
  constexpr bool Contains(int index) const { return (mask_ >> index) & 1; }
  constexpr bool ContainsAll(CardSet other) const { return (mask_ & other.mask_) == other.mask_; }
  constexpr bool Intersects(CardSet other) const { return (mask_ & other.mask_) != 0; }

  constexpr void Add(int index) { mask_ |= uint64_t{1} << index; }
  constexpr void Remove(int index) { mask_ &= ~(uint64_t{1} << index); }
  // Lowest item; the set must not be empty.
  constexpr int Lowest() const { return std::countr_zero(mask_); }
  // Highest item; the set must not be empty.
  constexpr int Highest() const { return 63 - std::countl_zero(mask_); }
  // Removes and returns the lowest item; the set must not be empty.
  constexpr int PopLowest() {
    const int index = std::countr_zero(mask_);
    mask_ &= mask_ - 1;
    return index;
  }

  constexpr CardSet operator|(CardSet o) const { return CardSet(mask_ | o.mask_); }
  constexpr CardSet operator&(CardSet o) const { return CardSet(mask_ & o.mask_); }
  constexpr CardSet operator^(CardSet o) const { return CardSet(mask_ ^ o.mask_); }
  constexpr CardSet operator~() const { return CardSet(~mask_); }
  // Items in this set and not in `o`.
  constexpr CardSet Without(CardSet o) const { return CardSet(mask_ & ~o.mask_); }
  constexpr CardSet& operator|=(CardSet o) {
    mask_ |= o.mask_;
    return *this;
  }
  constexpr CardSet& operator&=(CardSet o) {
    mask_ &= o.mask_;
    return *this;
  }
  constexpr bool operator==(const CardSet&) const = default;

  // Iterates the items in increasing order: for (int i : set) ...
  class Iterator {
   public:
    constexpr explicit Iterator(uint64_t m) : m_(m) {}
    constexpr int operator*() const { return std::countr_zero(m_); }
    constexpr Iterator& operator++() {
      m_ &= m_ - 1;
      return *this;
    }
    constexpr bool operator!=(const Iterator& o) const { return m_ != o.m_; }

   private:
    uint64_t m_;
  };
  constexpr Iterator begin() const { return Iterator(mask_); }
  constexpr Iterator end() const { return Iterator(0); }

 private:
  uint64_t mask_ = 0;
};

}  // namespace kibitzer::core
